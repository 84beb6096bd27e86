import type { LinePlace, LineView, OrderRequest, OrderStatus } from '../merchant/types.ts';

/** What the top-up conversation hands to the order service once the reseller confirmed a quote. */
export interface OrderIntent {
  /** Merchant order number, chosen before any network call (the chat derives it from the confirmation). */
  externalOrderId: string;
  /** The exact request; the body sent is derived from it deterministically. */
  request: OrderRequest;
  quote: QuoteSnapshot;
  resellerId: number;
  chatId: number;
  /** Locale of the reseller, for the messages the order service sends later. */
  locale: string;
  /** The `⏳ …` message the order service keeps up to date. */
  statusMessageId?: number;
  /**
   * A reseller's order: the amount held from their credit (merchant currency) when it is stored, and the
   * distributors above them with the price each pays (their commission when it succeeds).
   */
  credit?: { amount: string; above?: Commissioned[] };
  /** A line of a bulk run: its progress message and report tell the reseller, not one message per status. */
  bulkRunId?: string;
  /** A scheduled run: the schedule's report names the order; only its final status gets a message of its own. */
  scheduleId?: string;
}

/** The confirmed quote as plain JSON (money as exact strings). */
export interface QuoteSnapshot {
  countryName: string;
  operatorName: string;
  subtype: string;
  localAmount: string;
  localCurrency: string;
  merchantPrice: string;
  merchantCurrency: string;
  /**
   * What the reseller pays (merchant price + margin, rounded up to the minor unit), an exact decimal string in
   * the merchant currency; absent for admins (they pay the merchant price) and for orders from before pricing.
   */
  resellerPrice?: string;
  /** ISO time. */
  expiresAt: string;
}

/** Where the order stands on our side. */
type PlacementState =
  | 'placing' // saved; no definite answer from the service yet
  | 'placed' // the service has it (201 or 200 replay); `orderId` known
  | 'rejected'; // the service refused it (400/403...), nothing charged

export interface Rejection {
  /** The error body's key (`balance`, `risk`, `wallet`, `detail`, `amount`, `quote_token`, ...) or the error kind. */
  key: string;
  /** `quote_token` code when present. */
  code?: string;
  httpStatus?: number;
  /** Service text, for staff only. */
  message: string;
  /** A credit or limit refusal (`credit`, `daily-limit`, `order-limit`): its figures as exact decimal strings. */
  figures?: Record<string, string>;
  /**
   * `account-busy`: the merchant order number of the unfinished order holding the phone number. It may be
   * another reseller's, so it is kept apart from the text and shown to agents and admins only.
   */
  holder?: string;
}

export interface StatusChange {
  status: OrderStatus;
  at: string;
  source: 'create' | 'webhook' | 'poll' | 'read' | 'reconcile';
}

export interface StoredOrder {
  externalOrderId: string;
  placement: PlacementState;
  orderId?: string;
  status?: OrderStatus;
  rejection?: Rejection;
  request: OrderRequest;
  quote: QuoteSnapshot;
  resellerId: number;
  chatId: number;
  locale: string;
  statusMessageId?: number;
  /** Service-side details as last read (for /status), money as strings. */
  details?: {
    statusTitle: string;
    statusMessage: string;
    nextStep: string;
    pollAfterSeconds: number;
    maskedAccount: string;
    attempts: {
      attemptNo: number;
      status: string;
      errorMessage: string;
      submittedAt: string | null;
      completedAt: string | null;
    }[];
    createdAt: string | null;
    updatedAt: string | null;
  };
  history: StatusChange[];
  createdAt: string;
  updatedAt: string;
  /** Last time our copy was refreshed from the service (ISO). */
  syncedAt?: string;
  /** Last placement attempt that may still be in flight at the service (ISO): a refusal after it is not final. */
  unansweredAt?: string;
  /** The service answered 2xx but we could not read it: the order is looked up, never sent again. */
  answerUnreadable?: boolean;
  /** The reseller credit this order holds or spent (see orders/credit.ts); absent for admins' orders. */
  credit?: OrderCredit;
  /**
   * The service had this order and we had no record of it: recorded by the reconciliation from the service's
   * list (no reseller, no chat: nobody is told of its changes; resellerId and chatId are 0).
   */
  foundBy?: 'reconciliation';
  /** The bulk run this order is a line of (see OrderIntent.bulkRunId). */
  bulkRunId?: string;
  /** The schedule that placed this order (see OrderIntent.scheduleId). */
  scheduleId?: string;
}

/** A distributor above a payer and the price they pay for the payer's top-up (exact decimal string). */
export interface Commissioned {
  userId: number;
  price: string;
}

/**
 * Where an order's credit stands: `held` while it may still be charged, `settled` once it succeeded (a debit),
 * `released` when it ended without a charge, `refunded` when a charge was given back. Changed only inside the
 * order's own commit, so each step happens once.
 */
export interface OrderCredit {
  /** Exact decimal in the merchant currency. */
  amount: string;
  /**
   * The distributors above the payer when the order was stored, nearest first, each with the price they pay
   * for it: each is credited the price of the level below minus their own when the order succeeds.
   */
  above?: Commissioned[];
  currency: string;
  /** UTC day the hold was taken (its daily-limit bucket). */
  day: string;
  state: 'held' | 'settled' | 'released' | 'refunded';
}

export type SubmitResult =
  | { outcome: 'placed'; order: StoredOrder; replay: boolean }
  | { outcome: 'rejected'; order: StoredOrder }
  | { outcome: 'pending'; order: StoredOrder } // no definite answer yet; the worker keeps trying
  // The number already names a different request (`order`): nothing was sent for this intent, admins are alerted.
  | { outcome: 'conflict'; order: StoredOrder; field: string };

/** How a submit reports its wait in the shared line. */
export interface SubmitOptions {
  onWait?: (view: LineView) => void;
  /**
   * Called once the intent is stored and before it is sent (not when storing it answered otherwise); returns the
   * status message it sent when the intent had none, which the order records.
   */
  onStored?: () => Promise<number | undefined>;
}

/** What the bot asks of the order service. */
export interface OrderService {
  /**
   * Saves the intent set-if-absent (a second call finds the first) and places it once, waiting in the shared
   * line at the placement priority; `onWait` is told where it stands meanwhile.
   */
  submit(intent: OrderIntent, options?: SubmitOptions): Promise<SubmitResult>;
  /** The unfinished order to this phone number (digits with country code), if any. */
  unfinishedForAccount(account: string): Promise<StoredOrder | null>;
  get(externalOrderId: string): Promise<StoredOrder | null>;
  getByOrderId(orderId: string): Promise<StoredOrder | null>;
  /**
   * Re-reads an order from the service and applies what changed; the read waits in the shared line, in the
   * person's place (`line`) when one waits for it.
   */
  refresh(externalOrderId: string, options?: { line?: LinePlace }): Promise<StoredOrder | null>;
  listByReseller(
    resellerId: number,
    query: { status?: string; offset: number; limit: number },
  ): Promise<{ total: number; orders: StoredOrder[] }>;
  /** The orders of several resellers (a distributor and their network), newest first, paged across them. */
  listByResellers(
    resellerIds: readonly number[],
    query: { status?: string; offset: number; limit: number },
  ): Promise<{ total: number; orders: StoredOrder[] }>;
}
