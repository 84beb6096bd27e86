import type { AccountState, Ledger } from './accounts.ts';
import type { SandboxClock } from './clock.ts';
import { maskAccount, timestamp } from './format.ts';
import { OUTCOME_PLANS, type Outcome, type PlanStep, type WebhookMode } from './magic.ts';
import type { Scheduler } from './scheduler.ts';
import type { EventKind, WebhookDispatcher, WebhookEvent } from './webhooks.ts';

export type OrderStatus = 'accepted' | 'processing' | 'manual_review' | 'succeeded' | 'failed' | 'refunded';
export const ORDER_STATUSES: readonly OrderStatus[] = [
  'accepted',
  'processing',
  'manual_review',
  'succeeded',
  'failed',
  'refunded',
];

/** The spec's transitions; nothing else is ever allowed. */
const NEXT: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  accepted: ['processing'],
  processing: ['succeeded', 'failed', 'manual_review'],
  manual_review: ['succeeded', 'refunded'],
  failed: ['refunded'],
  succeeded: [],
  refunded: [],
};

const isFinished = (status: OrderStatus): boolean => status === 'succeeded' || status === 'refunded';

interface StatusText {
  title: string;
  message: string;
  nextStep: string;
  /** Base seconds before the next check, multiplied by the time scale (never 0 while unfinished). */
  pollAfter: number;
}

const TEXT: Readonly<Record<OrderStatus, StatusText>> = {
  accepted: {
    title: 'Accepted',
    message: 'The order was accepted and the wallet was charged.',
    nextStep: 'Nothing to do; the top-up starts shortly. Check again after poll_after_seconds.',
    pollAfter: 5,
  },
  processing: {
    title: 'Processing',
    message: 'The top-up was sent to the operator and is waiting for its answer.',
    nextStep: 'Nothing to do; check again after poll_after_seconds.',
    pollAfter: 5,
  },
  manual_review: {
    title: 'Under review',
    message: 'The operator did not confirm the result; our staff are checking it with the operator.',
    nextStep: 'Nothing to do; the order ends as succeeded or refunded. Do not send the top-up again.',
    pollAfter: 60,
  },
  succeeded: {
    title: 'Succeeded',
    message: 'The phone line was topped up.',
    nextStep: 'Nothing to do.',
    pollAfter: 0,
  },
  failed: {
    title: 'Failed',
    message: 'The operator confirmed that the top-up failed.',
    nextStep: 'Nothing to do; the full price is returned to the wallet automatically.',
    pollAfter: 30,
  },
  refunded: {
    title: 'Refunded',
    message: 'The top-up did not go through; the full price was returned to the wallet.',
    nextStep: 'Nothing to do; place a new order if the customer still wants the top-up.',
    pollAfter: 0,
  },
};

interface OrderAttempt {
  attemptNo: number;
  status: string;
  errorMessage: string;
  submittedAt: number;
  completedAt: number | null;
}

export interface SandboxOrder {
  id: number;
  orderId: string;
  merchantId: string;
  externalOrderId: string;
  status: OrderStatus;
  country: string;
  countryName: string;
  operatorKey: string;
  operatorName: string;
  hasLogo: boolean;
  subtype: string;
  /** In full: the sandbox's own books. Only ever shown masked on /api/v1. */
  account: string;
  localAmount: string;
  localCurrency: string;
  merchantPrice: string;
  merchantCurrency: string;
  quoteToken: string;
  attempts: OrderAttempt[];
  createdAt: number;
  updatedAt: number;
  micros: number;
  outcome: Outcome;
  webhooks: WebhookMode;
  history: { status: OrderStatus; at: number; by: 'plan' | 'control' }[];
  steps: PlanStep[];
  task: number | null;
  nextStepAt: number | null;
  heldEvents: WebhookEvent[];
}

type NewOrder = Omit<
  SandboxOrder,
  | 'id'
  | 'orderId'
  | 'status'
  | 'attempts'
  | 'createdAt'
  | 'updatedAt'
  | 'micros'
  | 'history'
  | 'steps'
  | 'task'
  | 'nextStepAt'
  | 'heldEvents'
  | 'webhooks'
>;

export class TransitionError extends Error {
  readonly kind = 'transition' as const;
}

export interface OrderBookDeps {
  clock: SandboxClock;
  scheduler: Scheduler;
  ledger: Ledger;
  webhooks: WebhookDispatcher;
  timeScale: number;
  findAccount(merchantId: string): AccountState | undefined;
}

export interface OrderBook {
  /** Charges the wallet and starts the order's plan. */
  create(account: AccountState, fields: NewOrder): SandboxOrder;
  get(orderId: string): SandboxOrder | undefined;
  byExternalId(merchantId: string, externalOrderId: string): SandboxOrder | undefined;
  /** Newest first. */
  list(merchantId?: string): SandboxOrder[];
  /** Replaces the rest of an unfinished order's plan with another outcome's. */
  setOutcome(order: SandboxOrder, outcome: Outcome): void;
  /** Moves an order now, through the allowed transitions, to `status`. */
  moveTo(order: SandboxOrder, status: OrderStatus): void;
  pollAfterSeconds(order: SandboxOrder): number;
  clear(): void;
}

const EVENT_OF: Partial<Record<OrderStatus, EventKind>> = {
  succeeded: 'order.succeeded',
  failed: 'order.failed',
  refunded: 'order.refunded',
};

function pathTo(from: OrderStatus, to: OrderStatus): OrderStatus[] | undefined {
  const queue: OrderStatus[][] = [[from]];
  while (queue.length > 0) {
    const route = queue.shift() ?? [];
    const last = route[route.length - 1];
    if (last === to) return route.slice(1);
    if (last === undefined) continue;
    for (const next of NEXT[last]) if (!route.includes(next)) queue.push([...route, next]);
  }
  return undefined;
}

export function createOrderBook(deps: OrderBookDeps): OrderBook {
  const { clock, scheduler, ledger, webhooks, timeScale } = deps;
  const orders = new Map<string, SandboxOrder>();
  const byExternal = new Map<string, SandboxOrder>();
  let seq = 0;

  const emit = (order: SandboxOrder, status: OrderStatus): void => {
    const kind = EVENT_OF[status];
    const account = deps.findAccount(order.merchantId);
    if (!kind || !account) return;
    const event: WebhookEvent = {
      event: kind,
      orderId: order.orderId,
      externalOrderId: order.externalOrderId,
      status,
      currency: order.merchantCurrency,
      totalAmount: order.merchantPrice,
    };
    switch (order.webhooks) {
      case 'normal':
        webhooks.dispatch(account, [event], false);
        return;
      case 'none':
        return;
      case 'twice':
        webhooks.dispatch(account, [event, event], true);
        return;
      case 'twice_out_of_order':
        if (status === 'failed') {
          // Held back so it can follow the refund: the receiver sees the later event first.
          order.heldEvents.push(event);
          return;
        }
        webhooks.dispatch(
          account,
          order.heldEvents.length > 0
            ? [event, ...order.heldEvents, event, ...order.heldEvents]
            : [event, event],
          true,
        );
        order.heldEvents = [];
        return;
    }
  };

  /** One allowed transition at service time `now` (a plan step runs at its due time, even when late). */
  const apply = (
    order: SandboxOrder,
    status: OrderStatus,
    by: 'plan' | 'control',
    now = clock.now(),
  ): void => {
    if (!NEXT[order.status].includes(status)) {
      throw new TransitionError(`cannot move ${order.orderId} from ${order.status} to ${status}`);
    }
    const last = order.attempts[order.attempts.length - 1];
    switch (status) {
      case 'processing':
        order.attempts.push({
          attemptNo: order.attempts.length + 1,
          status: 'processing',
          errorMessage: '',
          submittedAt: now,
          completedAt: null,
        });
        break;
      case 'manual_review':
        if (last) {
          last.status = 'unconfirmed';
          last.errorMessage =
            'The operator did not confirm the top-up; checking the result with the operator.';
        }
        break;
      case 'succeeded':
        if (last) {
          last.status = 'succeeded';
          last.errorMessage = '';
          last.completedAt = now;
        }
        break;
      case 'failed':
        if (last) {
          last.status = 'failed';
          last.errorMessage = 'The operator rejected the top-up: the number cannot receive this product.';
          last.completedAt = now;
        }
        break;
      case 'refunded': {
        if (last && last.completedAt === null) {
          last.status = 'failed';
          last.errorMessage = 'The operator confirmed that the top-up did not go through.';
          last.completedAt = now;
        }
        const account = deps.findAccount(order.merchantId);
        if (account) {
          ledger.post(account, 'refund', order.merchantPrice, now, {
            orderId: order.orderId,
            externalOrderId: order.externalOrderId,
          });
        }
        break;
      }
      case 'accepted':
        break;
    }
    order.status = status;
    order.updatedAt = now;
    order.history.push({ status, at: now, by });
    emit(order, status);
  };

  const cancelTask = (order: SandboxOrder): void => {
    if (order.task !== null) scheduler.cancel(order.task);
    order.task = null;
    order.nextStepAt = null;
  };

  /** Arms the next step of the plan, `afterSeconds` (scaled) after `from`. */
  const scheduleNext = (order: SandboxOrder, from: number): void => {
    cancelTask(order);
    const step = order.steps[0];
    if (!step) return;
    const at = from + Math.round(step.afterSeconds * 1000 * timeScale);
    order.nextStepAt = at;
    order.task = scheduler.scheduleAt(at, () => {
      order.task = null;
      order.nextStepAt = null;
      const current = order.steps.shift();
      if (!current) return;
      try {
        apply(order, current.status, 'plan', at);
      } catch (error) {
        if (!(error instanceof TransitionError)) throw error;
        order.steps = [];
        return;
      }
      // From the due time, so one clock advance can run several steps, each at its own time.
      scheduleNext(order, at);
    });
  };

  return {
    create(account, fields) {
      seq += 1;
      const now = clock.now();
      const plan = OUTCOME_PLANS[fields.outcome];
      const order: SandboxOrder = {
        ...fields,
        id: 48_200 + seq * 7,
        orderId: `O-${10_000_000 + seq}`,
        status: 'accepted',
        attempts: [],
        createdAt: now,
        updatedAt: now,
        micros: (seq * 337) % 1000,
        webhooks: plan.webhooks,
        history: [{ status: 'accepted', at: now, by: 'plan' }],
        steps: [...plan.steps],
        task: null,
        nextStepAt: null,
        heldEvents: [],
      };
      orders.set(order.orderId, order);
      byExternal.set(`${account.merchantId}\n${order.externalOrderId}`, order);
      ledger.post(account, 'debit', order.merchantPrice, now, {
        orderId: order.orderId,
        externalOrderId: order.externalOrderId,
      });
      scheduleNext(order, now);
      return order;
    },
    get: (orderId) => orders.get(orderId),
    byExternalId: (merchantId, externalOrderId) => byExternal.get(`${merchantId}\n${externalOrderId}`),
    list(merchantId) {
      const all = [...orders.values()].filter((o) => merchantId === undefined || o.merchantId === merchantId);
      return all.reverse();
    },
    setOutcome(order, outcome) {
      const plan = OUTCOME_PLANS[outcome];
      const statuses: OrderStatus[] = ['accepted', ...plan.steps.map((s) => s.status)];
      const index = statuses.indexOf(order.status);
      if (index < 0 || isFinished(order.status)) {
        throw new TransitionError(
          `order ${order.orderId} is ${order.status}; outcome ${outcome} cannot apply`,
        );
      }
      order.outcome = outcome;
      order.webhooks = plan.webhooks;
      order.steps = plan.steps.slice(index);
      scheduleNext(order, clock.now());
    },
    moveTo(order, status) {
      if (order.status === status) return;
      const route = pathTo(order.status, status);
      if (!route) throw new TransitionError(`cannot move ${order.orderId} from ${order.status} to ${status}`);
      cancelTask(order);
      order.steps = [];
      for (const next of route) apply(order, next, 'control');
    },
    pollAfterSeconds(order) {
      const base = TEXT[order.status].pollAfter;
      return base === 0 ? 0 : Math.max(1, Math.round(base * timeScale));
    },
    clear() {
      for (const order of orders.values()) cancelTask(order);
      orders.clear();
      byExternal.clear();
    },
  };
}

export type OrderViewKind = 'create' | 'read';

/** The /api/v1 record: account masked; message and next step only on read, as the spec says. */
export function orderView(order: SandboxOrder, book: OrderBook, origin: string, kind: OrderViewKind) {
  const text = TEXT[order.status];
  const view: Record<string, unknown> = {
    id: order.id,
    order_id: order.orderId,
    external_order_id: order.externalOrderId,
    status: order.status,
    status_title: text.title,
    poll_after_seconds: book.pollAfterSeconds(order),
    country: order.country,
    operator: {
      operator_key: order.operatorKey,
      name: order.operatorName,
      logo_url: order.hasLogo ? `${origin}/static/logos/${order.operatorKey.toLowerCase()}.svg` : '',
    },
    subtype: order.subtype,
    account: maskAccount(order.account),
    local_amount: order.localAmount,
    local_currency: order.localCurrency,
    merchant_price: order.merchantPrice,
    merchant_currency: order.merchantCurrency,
    attempts: order.attempts.map((a) => ({
      attempt_no: a.attemptNo,
      status: a.status,
      error_message: a.errorMessage,
      submitted_at: timestamp(a.submittedAt, order.micros),
      completed_at: a.completedAt === null ? null : timestamp(a.completedAt, order.micros),
    })),
    created_at: timestamp(order.createdAt, order.micros),
    updated_at: timestamp(order.updatedAt, order.micros),
  };
  if (kind === 'read') {
    view.order_status = order.status;
    view.status_message = text.message;
    view.next_step = text.nextStep;
  }
  return view;
}

/** The control API's record: everything, the full phone number included. */
export function orderControlView(order: SandboxOrder, book: OrderBook, origin: string) {
  return {
    ...orderView(order, book, origin, 'read'),
    merchant_id: order.merchantId,
    account: order.account,
    account_masked: maskAccount(order.account),
    quote_token: order.quoteToken,
    outcome: order.outcome,
    webhooks: order.webhooks,
    next_step_at: order.nextStepAt === null ? null : timestamp(order.nextStepAt),
    pending_steps: order.steps.map((s) => s.status),
    history: order.history.map((h) => ({ status: h.status, at: timestamp(h.at), by: h.by })),
  };
}
