import { maskPhone } from '../domain/phone.ts';
import type { RechargeOrder } from '../merchant/types.ts';
import type { DisplayStatus } from './texts.ts';
import type { OrderCredit, StoredOrder } from './types.ts';
import { attemptsOf } from './transitions.ts';
import { indexStatus } from './commit.ts';

/** One order as staff and resellers see it in chat, from our store or read from the service only. */
export interface OrderCard {
  source: 'store' | 'service';
  externalOrderId: string;
  orderId?: string;
  status: DisplayStatus;
  statusTitle?: string;
  statusMessage?: string;
  nextStep?: string;
  operator: string;
  subtype: string;
  maskedAccount: string;
  localAmount: string;
  localCurrency: string;
  merchantPrice: string;
  merchantCurrency: string;
  /** What the reseller paid (merchant price + margin), when the order carries it. */
  resellerPrice?: string;
  /** The payer's credit and the distributors above them with their prices (a network's order). */
  chain?: Pick<OrderCredit, 'amount' | 'above'>;
  attempts: Array<{
    attemptNo: number;
    status: string;
    errorMessage: string;
    submittedAt: string | null;
    completedAt: string | null;
  }>;
  createdAt: string | null;
  updatedAt: string | null;
  /** When our copy was last read from the service. */
  syncedAt?: string;
  resellerId?: number;
  /** Why the service refused it (never placed). */
  rejection?: string;
  /** The refusal's key (`account-busy`, `balance`, …). */
  rejectionKey?: string;
  /** `account-busy`: the merchant order number holding the phone number (agents and admins only). */
  busyWith?: string;
}

/** The status a stored order shows. */
export function displayStatusOf(order: StoredOrder): DisplayStatus {
  // The same rule the store indexes orders by: placement state until the service has a status.
  return indexStatus(order);
}

/** The card of an order we keep. */
export function cardOfStored(order: StoredOrder): OrderCard {
  const d = order.details;
  return {
    source: 'store',
    externalOrderId: order.externalOrderId,
    ...(order.orderId === undefined ? {} : { orderId: order.orderId }),
    status: displayStatusOf(order),
    ...(d ? { statusTitle: d.statusTitle, statusMessage: d.statusMessage, nextStep: d.nextStep } : {}),
    operator: order.quote.operatorName,
    subtype: order.quote.subtype,
    maskedAccount: d?.maskedAccount || maskPhone(order.request.account),
    localAmount: order.quote.localAmount,
    localCurrency: order.quote.localCurrency,
    merchantPrice: order.quote.merchantPrice,
    merchantCurrency: order.quote.merchantCurrency,
    ...(order.quote.resellerPrice === undefined ? {} : { resellerPrice: order.quote.resellerPrice }),
    ...(order.credit === undefined
      ? {}
      : {
          chain: {
            amount: order.credit.amount,
            ...(order.credit.above === undefined ? {} : { above: order.credit.above }),
          },
        }),
    attempts: d?.attempts ?? [],
    createdAt: d?.createdAt ?? order.createdAt,
    updatedAt: d?.updatedAt ?? order.updatedAt,
    ...(order.syncedAt === undefined ? {} : { syncedAt: order.syncedAt }),
    resellerId: order.resellerId,
    ...(order.rejection ? rejectionOf(order.rejection) : {}),
  };
}

function rejectionOf(rejection: NonNullable<StoredOrder['rejection']>): Partial<OrderCard> {
  if (rejection.key !== 'account-busy') return { rejection: rejection.message, rejectionKey: rejection.key };
  const holder = rejection.holder;
  // The text is written at display time: the stored one may name another reseller's order.
  return {
    rejection: '',
    rejectionKey: rejection.key,
    ...(holder === undefined ? {} : { busyWith: holder }),
  };
}

/** The card of an order read from the service only (placed outside this bot, or before our records). */
export function cardOfRemote(order: RechargeOrder, readAt: Date): OrderCard {
  return {
    source: 'service',
    externalOrderId: order.externalOrderId,
    orderId: order.orderId,
    status: order.status,
    statusTitle: order.statusTitle,
    statusMessage: order.statusMessage,
    nextStep: order.nextStep,
    operator: order.operator.name,
    subtype: order.subtype,
    maskedAccount: order.account,
    localAmount: order.localAmount.toString(),
    localCurrency: order.localCurrency,
    merchantPrice: order.merchantPrice.toString(),
    merchantCurrency: order.merchantCurrency,
    attempts: attemptsOf(order),
    createdAt: order.createdAt?.toISOString() ?? null,
    updatedAt: order.updatedAt?.toISOString() ?? null,
    syncedAt: readAt.toISOString(),
  };
}
