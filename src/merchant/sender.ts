import { abortableSleep } from './abort.ts';
import type { AnswerRecord } from './answers.ts';
import type { LoggerLike } from '../domain/log.ts';
import type { RequestBudget } from './budget.ts';
import { MerchantAbortedError, isMerchantError, type AnyMerchantError } from './errors.ts';
import type { Answer, CallSpec, MerchantExchange } from './exchange.ts';
import { decideRetry, retryPolicy, type RetryPolicy } from './retry.ts';
import type { CallPriority } from './types.ts';

/**
 * The Merchant client's sender (client.ts builds the endpoints on it): every attempt of a call takes a budget
 * slot, goes out as one exchange (exchange.ts) with the same bytes, and is retried by the rules of retry.ts; a
 * 429 is shared with every replica. Each attempt is noted (readiness, metrics), each failure logged, never with
 * headers, bodies or the API key.
 */

/** One HTTP attempt, for metrics. */
export interface AttemptEvent {
  method: string;
  /** Endpoint template, e.g. `/recharge/orders/{order_id}`. */
  route: string;
  attempt: number;
  httpStatus?: number;
  kind?: AnyMerchantError['kind'];
  durationMs: number;
}

/** What the sender needs of the client's deps (client.ts). */
export interface SenderDeps {
  budget: Pick<RequestBudget, 'acquire' | 'pause'>;
  /** Never receives headers, bodies or the API key. */
  logger?: LoggerLike;
  /** Milliseconds since the epoch; when an answer was seen. */
  clock?: () => number;
  retry?: Partial<RetryPolicy>;
  random?: () => number;
  onAttempt?: (event: AttemptEvent) => void;
}

/** Answers of the spec's 4xx rows are routine (info); 5xx, transport trouble and the unknown are errors. */
function logLevelOf(kind: AnyMerchantError['kind']): 'debug' | 'info' | 'error' {
  switch (kind) {
    case 'validation':
    case 'quote-token':
    case 'forbidden':
    case 'edge-forbidden':
    case 'not-found':
    case 'method-not-allowed':
    case 'rate-limited':
    case 'invalid-request':
      return 'info';
    case 'aborted':
      return 'debug';
    case 'server':
    case 'timeout':
    case 'network':
    case 'budget-unavailable':
    case 'unexpected':
      return 'error';
    default: {
      const never: never = kind;
      return never;
    }
  }
}

/** What the failed attempts of one call have shown: the counts the retry rules go by, and a placement's doubt. */
interface CallRecord {
  failures: number;
  rateLimited: number;
  /** Placement only: did any attempt possibly reach the service and create the order? */
  maybeCreated: boolean;
  /** Placement only: did an attempt get no readable answer (it may still be running at the service)? */
  unanswered: boolean;
}

/**
 * A placement's failed attempt (`started`: it had its slot and went out): whether it may have created the order
 * or left it unanswered, kept in `record` for the attempts after it and marked on the error.
 */
function notePlacement(record: CallRecord, error: AnyMerchantError, started: boolean): void {
  const status = error.httpStatus;
  if (
    (status !== undefined && (status >= 500 || (status >= 200 && status <= 299))) ||
    (status === undefined && started && error.mayHaveReached)
  ) {
    record.maybeCreated = true;
  }
  if (
    (status === undefined && started && error.mayHaveReached) ||
    (status !== undefined && status >= 200 && status <= 299)
  ) {
    record.unanswered = true;
  }
  error.outcomeUnknown = record.maybeCreated;
  error.unanswered = record.unanswered;
}

/** Logs one failed attempt of `spec`: a warning when it is retried, else at the level of its kind. */
function logCallFailure(
  log: LoggerLike | undefined,
  spec: CallSpec,
  error: AnyMerchantError,
  attempt: number,
  final: boolean,
): void {
  if (!log) return;
  const fields: Record<string, unknown> = {
    merchantApi: { method: spec.method, route: spec.route, attempt },
    kind: error.kind,
    httpStatus: error.httpStatus,
    key: error.key,
    code: error.code,
    causeCode: error.causeCode,
    retryAfterSeconds: error.retryAfterSeconds,
    outcomeUnknown: error.outcomeUnknown || undefined,
  };
  const what = `Merchant API ${spec.method} ${spec.route}`;
  if (!final) {
    log.warn(fields, `${what} failed (${error.kind}); retrying`);
    return;
  }
  const level = logLevelOf(error.kind);
  log[level](fields, `${what} ${level === 'info' ? 'refused' : 'failed'} (${error.kind})`);
}

/** Counts a failed attempt for the retry rules; a 429 is first shared with every replica. */
async function countFailure(
  deps: Pick<SenderDeps, 'budget' | 'logger'>,
  record: CallRecord,
  error: AnyMerchantError,
): Promise<void> {
  if (error.kind === 'rate-limited') {
    record.rateLimited += 1;
    try {
      await deps.budget.pause(error.retryAfterSeconds);
    } catch (pauseError) {
      // The next acquire fails the same way and says so; nothing is ever sent unthrottled.
      deps.logger?.warn(
        { kind: isMerchantError(pauseError) ? pauseError.kind : 'unknown' },
        'could not share a 429 pause through Redis',
      );
    }
  } else if (error.kind === 'server' || error.kind === 'timeout' || error.kind === 'network') {
    record.failures += 1;
  }
}

/** Waits before the next attempt; aborted meanwhile, a placement's error still says whether the order may exist. */
async function waitToRetry(
  delayMs: number,
  signal: AbortSignal | undefined,
  placement: boolean,
  record: CallRecord,
): Promise<void> {
  try {
    await abortableSleep(delayMs, signal, 'waiting to retry');
  } catch (abortError) {
    if (abortError instanceof MerchantAbortedError) {
      abortError.outcomeUnknown = placement && record.maybeCreated;
      abortError.unanswered = placement && record.unanswered;
    }
    throw abortError;
  }
}

/**
 * Creates the sender of one client: `send`, and the failure log the client's probe uses too. `answers` is the
 * client's record of the service's answers, kept up to date after every attempt.
 */
export function createSender(
  deps: SenderDeps,
  answers: AnswerRecord,
  exchange: Pick<MerchantExchange, 'attemptOnce'>,
) {
  const { attemptOnce } = exchange;
  const policy = retryPolicy(deps.retry);
  const clock = deps.clock ?? Date.now;
  const random = deps.random ?? Math.random;
  const logFailure = (spec: CallSpec, error: AnyMerchantError, attempt: number, final: boolean): void =>
    logCallFailure(deps.logger, spec, error, attempt, final);

  /** One attempt in a budget slot of its own; a typed failure comes back with whether the request went out. */
  const attemptInSlot = async <T>(
    spec: CallSpec,
    parse: (answer: Answer) => T,
    priority: CallPriority,
    attempt: number,
  ): Promise<{ ok: true; result: T } | { ok: false; error: AnyMerchantError; started: boolean }> => {
    let started: number | undefined;
    try {
      await deps.budget.acquire(priority, spec.options?.signal, spec.options?.line);
      started = performance.now();
      const result = await attemptOnce(spec, parse);
      answers.note(spec.route, clock());
      deps.onAttempt?.({
        method: spec.method,
        route: spec.route,
        attempt,
        durationMs: performance.now() - started,
      });
      return { ok: true, result };
    } catch (caught) {
      if (!isMerchantError(caught)) throw caught;
      const error: AnyMerchantError = caught;
      if (started !== undefined) {
        answers.note(spec.route, clock(), error.kind, error.httpStatus);
        deps.onAttempt?.({
          method: spec.method,
          route: spec.route,
          attempt,
          ...(error.httpStatus !== undefined ? { httpStatus: error.httpStatus } : {}),
          kind: error.kind,
          durationMs: performance.now() - started,
        });
      }
      return { ok: false, error, started: started !== undefined };
    }
  };

  /** The sender: takes a budget slot for every attempt, retries by the rules, resends the same bytes. */
  const send = async <T>(spec: CallSpec, parse: (answer: Answer) => T): Promise<T> => {
    const priority: CallPriority =
      spec.options?.priority ?? (spec.operation === 'placement' ? 'placement' : 'interactive');
    const signal = spec.options?.signal;
    const placement = spec.operation === 'placement';
    const record: CallRecord = { failures: 0, rateLimited: 0, maybeCreated: false, unanswered: false };
    for (let attempt = 1; ; attempt++) {
      const outcome = await attemptInSlot(spec, parse, priority, attempt);
      if (outcome.ok) return outcome.result;
      const { error } = outcome;
      if (placement) notePlacement(record, error, outcome.started);
      await countFailure(deps, record, error);
      const decision = decideRetry(
        error.kind,
        error.retryAfterSeconds,
        { failures: record.failures, rateLimited: record.rateLimited },
        policy,
        random,
      );
      if (decision.action === 'stop' || signal?.aborted === true) {
        logFailure(spec, error, attempt, true);
        throw error;
      }
      logFailure(spec, error, attempt, false);
      await waitToRetry(decision.delayMs, signal, placement, record);
    }
  };

  return { send, logFailure };
}

/** One client's sender (createSender). */
export type Sender = ReturnType<typeof createSender>;
