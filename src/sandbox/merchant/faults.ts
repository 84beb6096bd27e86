import type { Rng } from './rng.ts';

type ApiFaultKind =
  | 'latency'
  | 'error'
  | 'reset'
  | 'drop_response'
  | 'rate_limit'
  | 'late_answer'
  | 'garbled_answer'
  | 'duplicate_quote_token';
type WebhookFaultKind = 'webhook_lose' | 'webhook_duplicate' | 'webhook_delay';
type FaultKind = ApiFaultKind | WebhookFaultKind;

const KINDS: readonly FaultKind[] = [
  'latency',
  'error',
  'reset',
  'drop_response',
  'rate_limit',
  'late_answer',
  'garbled_answer',
  'duplicate_quote_token',
  'webhook_lose',
  'webhook_duplicate',
  'webhook_delay',
];

export interface FaultRule {
  id: string;
  kind: FaultKind;
  /** Exact path, or a prefix ending in `*`; for webhook faults, matched against the target URL. */
  path: string | null;
  method: string | null;
  /** Fires on the next N matching requests, then is gone; null = no count limit. */
  remaining: number | null;
  /** Chance of firing per matching request (seeded RNG); null = always. */
  probability: number | null;
  /**
   * late_answer: the request holds its merchant order number for `latencyMs`, then commits and answers (a
   * resend meanwhile meets the held number: 400 on external_order_id). garbled_answer: commits, then answers
   * its 2xx status with a body that is not JSON.
   */
  /** latency / webhook_delay / late_answer: milliseconds (webhook_delay draws uniformly from 0..latency_ms when jitter). */
  latencyMs: number;
  jitter: boolean;
  /** error: HTTP status (5xx) and whether the body is HTML (a proxy) or JSON. */
  status: number;
  html: boolean;
  /** rate_limit: Retry-After seconds. */
  retryAfter: number;
  /** error / latency: apply after the request was processed (the order may exist). */
  afterCommit: boolean;
  /** webhook_duplicate: total copies of each message. */
  copies: number;
  hits: number;
}

export class FaultSpecError extends Error {
  readonly kind = 'fault_spec' as const;
}

const API_PREFIX = '/api/v1';

function normalisePath(path: string, kind: FaultKind): string {
  if (kind.startsWith('webhook_')) return path;
  return path.startsWith('/api/') || path.startsWith('/_') ? path : `${API_PREFIX}${path}`;
}

const num = (value: unknown, name: string, min: number, max: number, fallback: number): number => {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max)
    throw new FaultSpecError(`${name} must be a number from ${min} to ${max}`);
  return value;
};

/** Builds a rule from the control API's JSON (snake_case), with the documented defaults. */
function parseFaultSpec(body: Record<string, unknown>, id: string): FaultRule {
  const kind = body.kind;
  if (typeof kind !== 'string' || !KINDS.includes(kind as FaultKind))
    throw new FaultSpecError(`kind must be one of ${KINDS.join(', ')}`);
  const k = kind as FaultKind;
  if (body.next !== undefined && body.probability !== undefined)
    throw new FaultSpecError('give either next or probability, not both');
  const next = body.next === undefined ? null : num(body.next, 'next', 1, 1_000_000, 1);
  if (next !== null && !Number.isInteger(next)) throw new FaultSpecError('next must be an integer');
  const probability = body.probability === undefined ? null : num(body.probability, 'probability', 0, 1, 1);
  if (body.path !== undefined && body.path !== null && (typeof body.path !== 'string' || body.path === ''))
    throw new FaultSpecError('path must be a string');
  if (body.method !== undefined && body.method !== null && typeof body.method !== 'string')
    throw new FaultSpecError('method must be a string');
  let path = typeof body.path === 'string' ? body.path : null;
  let method = typeof body.method === 'string' ? body.method : null;
  if (k === 'drop_response' && path === null) {
    // "Charge the order, then drop the response" means order placement unless told otherwise.
    path = `${API_PREFIX}/recharge/orders`;
    method ??= 'POST';
  }
  if (k === 'duplicate_quote_token' && path === null) {
    // The spec calls quote tokens opaque and promises no uniqueness: hand out an earlier one again.
    path = `${API_PREFIX}/recharge/quote`;
    method ??= 'POST';
  }
  const status = num(body.status, 'status', 500, 599, 503);
  return {
    id,
    kind: k,
    path: path === null ? null : normalisePath(path, k),
    method: method === null ? null : method.toUpperCase(),
    remaining: next,
    probability,
    latencyMs: num(body.latency_ms, 'latency_ms', 0, 600_000, k === 'webhook_delay' ? 5_000 : 1_000),
    jitter: body.jitter === true,
    status,
    html: body.body !== 'json',
    retryAfter: num(body.retry_after, 'retry_after', 1, 3600, 1),
    afterCommit: body.after_commit === true,
    copies: num(body.copies, 'copies', 2, 10, 2),
    hits: 0,
  };
}

/** The control API's view of a rule. */
export function describeFault(rule: FaultRule): Record<string, unknown> {
  return {
    id: rule.id,
    kind: rule.kind,
    path: rule.path,
    method: rule.method,
    remaining: rule.remaining,
    probability: rule.probability,
    latency_ms: rule.latencyMs,
    jitter: rule.jitter,
    status: rule.status,
    body: rule.html ? 'html' : 'json',
    retry_after: rule.retryAfter,
    after_commit: rule.afterCommit,
    copies: rule.copies,
    hits: rule.hits,
  };
}

export interface FaultBook {
  add(body: Record<string, unknown>): FaultRule;
  remove(id: string): boolean;
  clear(): void;
  list(): FaultRule[];
  /**
   * The first active rule of one of `kinds` that matches and fires (counters and the RNG are consumed
   * only by rules that match the path).
   */
  take(
    kinds: readonly FaultKind[],
    method: string,
    path: string,
    phase?: 'before' | 'after',
  ): FaultRule | undefined;
}

export function createFaultBook(rng: Rng): FaultBook {
  let rules: FaultRule[] = [];
  let nextId = 1;

  const matches = (rule: FaultRule, method: string, path: string): boolean => {
    if (rule.method !== null && rule.method !== method) return false;
    if (rule.path === null) return true;
    return rule.path.endsWith('*') ? path.startsWith(rule.path.slice(0, -1)) : path === rule.path;
  };

  return {
    add(body) {
      const rule = parseFaultSpec(body, `F${nextId}`);
      nextId += 1;
      rules.push(rule);
      return rule;
    },
    remove(id) {
      const before = rules.length;
      rules = rules.filter((r) => r.id !== id);
      return rules.length !== before;
    },
    clear() {
      rules = [];
    },
    list: () => [...rules],
    take(kinds, method, path, phase) {
      for (const rule of rules) {
        if (!kinds.includes(rule.kind)) continue;
        if (phase !== undefined && (rule.kind === 'latency' || rule.kind === 'error')) {
          if (rule.afterCommit !== (phase === 'after')) continue;
        }
        if (!matches(rule, method, path)) continue;
        if (rule.probability !== null && rng.next() >= rule.probability) continue;
        rule.hits += 1;
        if (rule.remaining !== null) {
          rule.remaining -= 1;
          if (rule.remaining <= 0) rules = rules.filter((r) => r !== rule);
        }
        return rule;
      }
      return undefined;
    },
  };
}
