import type { Decimal } from 'decimal.js';
import type { OrderStatus } from '../domain/status.ts';

// The status types live in domain/ (which imports nothing of ours); re-exported for the client's users.
export type { OrderStatus } from '../domain/status.ts';

/**
 * How important a call is when the shared request budget is short, highest first: placing a confirmed order,
 * an interactive step (a quote, a lookup someone waits for), a bulk or scheduled line, status reads and other
 * background reads, catalogue refreshes.
 */
export type CallPriority = 'placement' | 'interactive' | 'bulk' | 'background' | 'catalogue';

/** Every priority, highest first: the order of the shared line (budget.ts). */
export const CALL_PRIORITIES: readonly CallPriority[] = [
  'placement',
  'interactive',
  'bulk',
  'background',
  'catalogue',
];

/** Where a call stands in the shared line while it waits for a slot. */
export interface LineView {
  /** 1 = next to be served. */
  position: number;
  /** Estimated time until the call is served. */
  etaMs: number;
}

/** Who waits in the shared line, so the line can be fair and can be left. */
export interface LinePlace {
  /**
   * A stable id keeps the place across retries and replicas (an order's merchant number, a conversation's
   * step); without one each attempt gets a fresh place. Leaving (`RequestBudget.leave`) names this id.
   */
  id?: string;
  /** Round-robin between owners inside a priority (a reseller's user id); without one the call is its own owner. */
  owner?: string;
  /** Told where the call stands each time it is checked and still waits (side effects only: not replayed). */
  onWait?: (view: LineView) => void;
}

export interface CallOptions {
  priority?: CallPriority;
  signal?: AbortSignal;
  /** The call's place in the shared line (budget.ts). */
  line?: LinePlace;
}

export interface Account {
  defaultCurrency: string;
  apiAccessEnabled: boolean;
  /**
   * The wallet balance, only if the service reports one: the spec documents no such field, so it is read
   * tolerantly (`balance` or `wallet_balance`, a decimal string) and is usually absent.
   */
  balance?: string;
}

export interface Country {
  code: string;
  name: string;
  currencyCodes: string[];
  operatorCount: number;
  offerCount: number;
}

export interface AmountOption {
  /** Equal to `max` for a fixed amount. */
  min: Decimal;
  max: Decimal;
  currency: string;
  subtype: string;
  label: string;
}

export interface Operator {
  operatorKey: string;
  name: string;
  country: string;
  countryName: string;
  logoUrl: string;
  subtypes: string[];
  amountModel: 'fixed' | 'range' | (string & {});
  currencyCodes: string[];
  amounts: AmountOption[];
  offerCount: number;
}

export interface OperatorRef {
  operatorKey: string;
  name: string;
  logoUrl: string;
}

export interface Quote {
  country: string;
  countryName: string;
  operator: OperatorRef;
  subtype: string;
  localAmount: Decimal;
  localCurrency: string;
  merchantPrice: Decimal;
  merchantCurrency: string;
  expiresAt: Date;
  quoteToken: string;
}

export interface OrderAttempt {
  attemptNo: number;
  status: string;
  errorMessage: string;
  submittedAt: Date | null;
  completedAt: Date | null;
}

export interface RechargeOrder {
  orderId: string;
  externalOrderId: string;
  status: OrderStatus;
  statusTitle: string;
  statusMessage: string;
  nextStep: string;
  pollAfterSeconds: number;
  country: string;
  operator: OperatorRef;
  subtype: string;
  /** Always masked by the service. */
  account: string;
  localAmount: Decimal;
  localCurrency: string;
  merchantPrice: Decimal;
  merchantCurrency: string;
  attempts: OrderAttempt[];
  createdAt: Date | null;
  updatedAt: Date | null;
}

export interface CreateOrderResult {
  /** 201 for a new order, 200 when the order already existed. */
  httpStatus: number;
  idempotentReplay: boolean;
  order: RechargeOrder;
}

export interface Page<T> {
  count: number;
  limit: number;
  results: T[];
}

export interface QuoteRequest {
  country: string;
  operatorKey: string;
  /** Local amount as an exact decimal string. */
  amount: string;
  localCurrency?: string;
  subtype?: string;
}

export interface OrderRequest {
  externalOrderId: string;
  country: string;
  operatorKey: string;
  amount: string;
  localCurrency: string;
  subtype: string;
  /** Digits only, with country code, no plus sign. */
  account: string;
  quoteToken: string;
}

export interface ListOrdersQuery {
  status?: string;
  search?: string;
  limit?: number;
  offset?: number;
}

/** Every key-accessible call the bot makes; nothing else builds Merchant API requests. */
export interface MerchantApi {
  getAccount(options?: CallOptions): Promise<Account>;
  listCountries(options?: CallOptions): Promise<Country[]>;
  listOperators(country: string, query?: { search?: string }, options?: CallOptions): Promise<Operator[]>;
  createQuote(request: QuoteRequest, options?: CallOptions): Promise<Quote>;
  createOrder(request: OrderRequest, options?: CallOptions): Promise<CreateOrderResult>;
  getOrder(orderId: string, options?: CallOptions): Promise<RechargeOrder>;
  listOrders(query?: ListOrdersQuery, options?: CallOptions): Promise<Page<RechargeOrder>>;
}
