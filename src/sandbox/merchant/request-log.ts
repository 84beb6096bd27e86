import { timestamp } from './format.ts';

/** `abandoned`: answered, but the client had closed the connection by then (it never read the answer). */
type RequestOutcome = 'answered' | 'abandoned' | 'reset' | 'dropped';

export interface RequestEntry {
  seq: number;
  /** Wall-clock ms when the request arrived (what clients compare their budget with). */
  at: number;
  method: string;
  path: string;
  query: string;
  merchantId: string | null;
  status: number | null;
  outcome: RequestOutcome;
  fault: string | null;
  retryAfter: number | null;
  externalOrderId: string | null;
  orderId: string | null;
  durationMs: number | null;
}

const MAX_ENTRIES = 200_000;

/** Every /api/v1 request, for the benchmarks (requests per order) and the soak checker (per-minute counts). */
export interface RequestLog {
  start(method: string, path: string, query: string, merchantId: string | null, at: number): RequestEntry;
  list(): readonly RequestEntry[];
  clear(): void;
}

export function createRequestLog(): RequestLog {
  let entries: RequestEntry[] = [];
  let seq = 0;
  return {
    start(method, path, query, merchantId, at) {
      seq += 1;
      const entry: RequestEntry = {
        seq,
        at,
        method,
        path,
        query,
        merchantId,
        status: null,
        outcome: 'answered',
        fault: null,
        retryAfter: null,
        externalOrderId: null,
        orderId: null,
        durationMs: null,
      };
      entries.push(entry);
      if (entries.length > MAX_ENTRIES) entries = entries.slice(-MAX_ENTRIES / 2);
      return entry;
    },
    list: () => entries,
    clear() {
      entries = [];
    },
  };
}

export function requestView(entry: RequestEntry): Record<string, unknown> {
  return {
    seq: entry.seq,
    at: timestamp(entry.at),
    at_ms: entry.at,
    method: entry.method,
    path: entry.path,
    query: entry.query,
    merchant_id: entry.merchantId,
    status: entry.status,
    outcome: entry.outcome,
    fault: entry.fault,
    retry_after: entry.retryAfter,
    external_order_id: entry.externalOrderId,
    order_id: entry.orderId,
    duration_ms: entry.durationMs,
  };
}
