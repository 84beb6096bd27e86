import type { MerchantErrorKind } from './errors.ts';
import type { Account } from './types.ts';

/** The last answer this replica saw from the service (any endpoint): the evidence readiness is judged on. */
export interface ServiceAnswer {
  /** Milliseconds since the epoch, by the client's clock. */
  at: number;
  /** True when the answer shows the service up and our credentials accepted. */
  ok: boolean;
  /** Endpoint template, e.g. `/recharge/orders`. */
  route: string;
  /** Why it counts as failing, e.g. `HTTP 503 (server)` or `timeout`; absent when ok. */
  reason?: string;
}

/**
 * What one attempt's outcome says about the service: answering (true), failing (false) or nothing (undefined).
 * A 400/404/405 proves the service read our credentials; a 403 (credentials, IP, signature, edge), a 5xx or
 * no answer is a failure; a 429 or a call we never sent or gave up on says nothing about the service.
 */
export function answerVerdict(kind: MerchantErrorKind | undefined, httpStatus?: number): boolean | undefined {
  if (kind === undefined) return true;
  switch (kind) {
    case 'validation':
    case 'quote-token':
    case 'not-found':
    case 'method-not-allowed':
      return true;
    case 'forbidden':
    case 'edge-forbidden':
    case 'server':
    case 'timeout':
    case 'network':
      return false;
    case 'unexpected':
      // A 2xx whose body did not parse still came from the service; an odd status (401, 3xx) did not.
      return httpStatus !== undefined && httpStatus >= 200 && httpStatus <= 299;
    case 'rate-limited':
    case 'aborted':
    case 'budget-unavailable':
    case 'invalid-request':
      return undefined;
    default: {
      const never: never = kind;
      return never;
    }
  }
}

/** Short text for an admin or a log: `HTTP 503 (server)`, or the kind alone when nothing answered. */
export function failureReason(kind: MerchantErrorKind, httpStatus?: number): string {
  return httpStatus === undefined ? kind : `HTTP ${httpStatus} (${kind})`;
}

/** The per-replica record the client keeps up to date after every attempt. */
export interface AnswerRecord {
  note(route: string, at: number, kind?: MerchantErrorKind, httpStatus?: number): void;
  noteAccount(account: Account, at: number): void;
  last(): ServiceAnswer | undefined;
  account(): { account: Account; at: number } | undefined;
}

/** Creates an empty record (in memory: each replica judges by its own calls). */
export function createAnswerRecord(): AnswerRecord {
  let last: ServiceAnswer | undefined;
  let account: { account: Account; at: number } | undefined;
  return {
    note(route, at, kind, httpStatus) {
      const ok = answerVerdict(kind, httpStatus);
      if (ok === undefined) return;
      // Answers can arrive out of order; the newest evidence wins.
      if (last !== undefined && last.at > at) return;
      last =
        ok || kind === undefined
          ? { at, ok, route }
          : { at, ok, route, reason: failureReason(kind, httpStatus) };
    },
    noteAccount(value, at) {
      account = { account: value, at };
    },
    last: () => last,
    account: () => account,
  };
}
