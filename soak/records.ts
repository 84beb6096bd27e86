// What the soak collects at the end of a run (collect in soak.ts) and what each invariant answers (checker.ts).
import type { StoredOrder } from '../src/orders/types.ts';
import type { ChatMessage, RecordedCall, TgUpdate } from '../src/sandbox/telegram/index.ts';

export interface SandboxOrderRecord {
  order_id: string;
  external_order_id: string;
  status: string;
  merchant_price: string;
  account: string;
  country: string;
  local_amount: string;
  local_currency: string;
  quote_token: string;
  history: { status: string; at: string }[];
}

export interface Records {
  sandboxOrders: SandboxOrderRecord[];
  quotes: { quote_token: string; order_id: string | null }[];
  ledger: { kind: string; amount: string; order_id: string | null; external_order_id: string | null }[];
  requests: {
    seq: number;
    at_ms: number;
    duration_ms?: number | null;
    method: string;
    path: string;
    status: number;
    retry_after: number | null;
    /** `abandoned`: the sandbox answered after the bot had closed the connection (an aborted call). */
    outcome?: string;
    /** The merchant order number a placement named (null for other requests). */
    external_order_id?: string | null;
  }[];
  perMinute: { minute: string; count: number }[];
  botOrders: StoredOrder[];
  calls: RecordedCall[];
  updates: TgUpdate[];
  chats: Record<string, ChatMessage[]>;
  logs: { file: string; lines: string[] }[];
  exits: {
    replica: number;
    generation: number;
    code: number | null;
    signal: string | null;
    injected: boolean;
  }[];
  secrets: string[];
  /**
   * Each reseller's credit account as Redis holds it (balance and holds in the ledger's integer units of
   * 10^-4) and every entry of their ledger. Absent in records written before reseller credit.
   */
  accounts?: ResellerBooks[];
  /**
   * The network's tree as the bot's Redis holds it at the end (`net:parent`): each reseller below a distributor with
   * their parent. Absent in records written before networks.
   */
  networkParents?: NetworkLink[];
  /**
   * Every change of the margin rules the bot kept (the merchant's, owner null, and each distributor's, newest 200
   * of each), and the admins the replicas were configured with (ADMIN_IDS). Absent in records written before.
   */
  pricingChanges?: PricingChangeRecord[];
  configuredAdmins?: number[];
  /** Every full number the simulated people typed, shared or put in a bulk file (digits with country code). */
  phones: string[];
  /** Every bulk run the bot's Redis holds (a dropped draft is gone), with its lines. Absent in older records. */
  bulkRuns?: BulkRunRecord[];
  /** Every bulk report document sent: its run (from the file name), the chat and the CSV text. */
  bulkReports?: { runId: string; chat: string; csv: string }[];
  /** Every role change (roles:audit), oldest first; `at` is the bot's clock, `role` null for a revocation. */
  roleChanges?: RoleChangeRecord[];
  /** Every schedule the bot's Redis holds, with its last run (`at`: when it was due, on the schedule clock). */
  schedules?: ScheduleRecordView[];
  /** The replicas' schedule clock minus the real one (ms). */
  scheduleClockOffsetMs?: number;
  rateLimitPerMinute: number;
  /**
   * Longest event-loop stall of the runner (which hosts the sandbox) during the run: the sandbox stamps
   * arrivals with its own clock, so an arrival may be stamped up to this late.
   */
  clockSlackMs?: number;
}

export interface BulkRunRecord {
  runId: string;
  resellerId: number;
  chatId: number;
  /** draft (never started), running, paused, cancelled, finished. */
  state: string;
  reported: boolean;
  /** Each valid line: its file line, number (digits), merchant order number and state (pending, placed, …). */
  lines: { line: number; account: string; ext: string; state: string; error?: string }[];
  /**
   * For a run that did not end: its line jobs as BullMQ holds them (state, attempts, stalls, last error), so a
   * broken chain shows where it broke.
   */
  jobs?: { id: string; state: string; attemptsMade: number; stalled: number; failedReason?: string }[];
}

export interface RoleChangeRecord {
  by: number;
  user: number;
  role: string | null;
  at: string;
}

export interface ScheduleRecordView {
  id: string;
  resellerId: number;
  state: string;
  last?: { at: number; externalOrderId: string; placed: boolean; reason?: string };
}

export interface PricingChangeRecord {
  /** Whose rules: null for the merchant's, else the distributor's user ID. */
  owner: number | null;
  by: number;
  /** The scope's key (`default`, `reseller:<id>`, …). */
  scope: string;
  /** null: the rule was deleted. */
  rule: { percent: string; fixed: string; min?: string; max?: string } | null;
  at: string;
}

export interface NetworkLink {
  child: number;
  parent: number;
}

export interface ResellerBooks {
  userId: number;
  /** Integer units of 10^-4 of the currency, as stored. */
  balanceUnits: string;
  holdUnits: string;
  entries: LedgerEntryRecord[];
}

/** One ledger line as stored (amounts as exact decimal strings of the currency). */
export interface LedgerEntryRecord {
  id: string;
  kind: string;
  /** Balance change. */
  amount: string;
  /** Holds change. */
  held: string;
  /** The order's merchant order number, `admin:<id>`, or `transfer:<distributor>:<reseller>`. */
  ref: string;
  /** The line's note (a commission's `from:<user id below>`); absent in records written before networks. */
  note?: string;
  /** Balance and holds after the line, as the script that wrote it saw them; absent in older records. */
  balanceAfter?: string;
  holdsAfter?: string;
}

export interface InvariantResult {
  name: string;
  pass: boolean;
  /** A short count of what was looked at. */
  checked: string;
  offending: unknown[];
}
