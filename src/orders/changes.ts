import type { Redis } from 'ioredis';
import { silentLogger, type LoggerLike } from '../domain/log.ts';
import type { OrderStatus } from '../merchant/types.ts';
import { workStream, type HeldAck } from '../lib/redis/stream-consumer.ts';
import type { ReadPlan } from './follow-up-timings.ts';
import { orderKeys } from './keys.ts';

/**
 * The order change stream: one entry per change, written by the order store's commit (inside its Lua script, so
 * a change is recorded exactly when the order is) and read by the relay to jobs (orders/relay.ts), the reseller
 * notices and the admin alerts (notify/). This module is the one place that knows its fields: `encodeChange`
 * writes them, `decodeChange` reads them back into the same tagged union, so every reader switches on `kind`.
 */

/** What happened to an order. */
export type OrderChange =
  | {
      kind: 'placed';
      externalOrderId: string;
      status: OrderStatus;
      /** The order had been marked refused (and the reseller told so): the service has it after all. */
      revived?: boolean;
      /** Wall-clock ms when the merchant webhook causing the change was received; absent for answers and reads. */
      webhookReceivedAt?: number;
      seq: number;
    }
  | {
      kind: 'status';
      externalOrderId: string;
      from: OrderStatus | null;
      status: OrderStatus;
      webhookReceivedAt?: number;
      seq: number;
    }
  | {
      /** An intent stored, about to be sent by its sender (its first re-send waits in the due set, due.ts). */
      kind: 'intent';
      externalOrderId: string;
      seq: number;
    }
  | {
      /** Recorded by the reconciliation (the service has it, we had no record): nobody is told, it is followed. */
      kind: 'found';
      externalOrderId: string;
      status: OrderStatus;
      seq: number;
    }
  | {
      kind: 'rejected';
      externalOrderId: string;
      key: string;
      code?: string;
      /** The caller of submit() got the refusal and tells the reseller itself: the notices stay silent. */
      quiet?: boolean;
      seq: number;
    };

/** A change as the stream carries it: the change, the order's service ID and the read it plans. */
export type ChangeEntry = OrderChange & {
  /** The service's order ID, once the order has one. */
  orderId?: string;
  /**
   * The follow-up read this change plans (placed, unfinished orders only): a plan, or 'first' for the back-off's
   * first step (a change whose caller planned none).
   */
  read?: ReadPlan | 'first';
};

// Field names are short: every change of every order writes them.
const FIELD = {
  order: 'ext',
  kind: 'kind',
  seq: 'seq',
  orderId: 'oid',
  status: 'to',
  from: 'from',
  revived: 'revived',
  webhookReceivedAt: 'wh',
  key: 'key',
  code: 'code',
  quiet: 'quiet',
  readDelayMs: 'rd',
  readStep: 'rs',
} as const;

/** The stream fields of one change (XADD's field-value list). */
export function encodeChange(entry: ChangeEntry): string[] {
  const fields: string[] = [
    FIELD.order,
    entry.externalOrderId,
    FIELD.kind,
    entry.kind,
    FIELD.seq,
    String(entry.seq),
  ];
  if (entry.orderId !== undefined) fields.push(FIELD.orderId, entry.orderId);
  switch (entry.kind) {
    case 'placed':
      fields.push(FIELD.status, entry.status);
      if (entry.revived) fields.push(FIELD.revived, '1');
      if (entry.webhookReceivedAt !== undefined)
        fields.push(FIELD.webhookReceivedAt, String(entry.webhookReceivedAt));
      break;
    case 'status':
      fields.push(FIELD.status, entry.status, FIELD.from, entry.from ?? '');
      if (entry.webhookReceivedAt !== undefined)
        fields.push(FIELD.webhookReceivedAt, String(entry.webhookReceivedAt));
      break;
    case 'found':
      fields.push(FIELD.status, entry.status);
      break;
    case 'intent':
      break;
    case 'rejected':
      fields.push(FIELD.key, entry.key);
      if (entry.code !== undefined) fields.push(FIELD.code, entry.code);
      if (entry.quiet) fields.push(FIELD.quiet, '1');
      break;
    default: {
      const never: never = entry;
      throw new Error(`unhandled change ${String(never)}`);
    }
  }
  if (entry.read === 'first') fields.push(FIELD.readDelayMs, '');
  else if (entry.read !== undefined)
    fields.push(FIELD.readDelayMs, String(entry.read.delayMs), FIELD.readStep, String(entry.read.step));
  return fields;
}

/** A stream entry's fields read back, or null when they are not a change this release writes. */
export function decodeChange(fields: Record<string, string>): ChangeEntry | null {
  const externalOrderId = fields[FIELD.order];
  const seq = Number(fields[FIELD.seq]);
  if (externalOrderId === undefined || externalOrderId === '' || !Number.isInteger(seq)) return null;
  const common = {
    externalOrderId,
    seq,
    ...(fields[FIELD.orderId] ? { orderId: fields[FIELD.orderId] } : {}),
    ...readOf(fields),
  };
  const status = fields[FIELD.status] as OrderStatus | undefined;
  const received = Number(fields[FIELD.webhookReceivedAt]);
  const webhook = received > 0 ? { webhookReceivedAt: received } : {};
  switch (fields[FIELD.kind]) {
    case 'placed':
      if (status === undefined) return null;
      return {
        ...common,
        kind: 'placed',
        status,
        ...(fields[FIELD.revived] === '1' ? { revived: true } : {}),
        ...webhook,
      };
    case 'status':
      if (status === undefined) return null;
      return {
        ...common,
        kind: 'status',
        status,
        from: (fields[FIELD.from] || null) as OrderStatus | null,
        ...webhook,
      };
    case 'found':
      if (status === undefined) return null;
      return { ...common, kind: 'found', status };
    case 'intent':
      return { ...common, kind: 'intent' };
    case 'rejected':
      return {
        ...common,
        kind: 'rejected',
        key: fields[FIELD.key] ?? 'other',
        ...(fields[FIELD.code] ? { code: fields[FIELD.code] } : {}),
        ...(fields[FIELD.quiet] === '1' ? { quiet: true } : {}),
      };
    default:
      return null;
  }
}

function readOf(fields: Record<string, string>): { read?: ChangeEntry['read'] } {
  const delay = fields[FIELD.readDelayMs];
  if (delay === undefined) return {};
  if (delay === '') return { read: 'first' };
  const read = { delayMs: Number(delay), step: Number(fields[FIELD.readStep] || 0) };
  return Number.isFinite(read.delayMs) && Number.isInteger(read.step) ? { read } : {};
}

/**
 * What another part does with each order change (notify's notices and alerts); idempotent, as below. A handler that
 * finishes its part later (a passing status shown only if it holds) answers a HeldAck: the change stays pending
 * until then, and the order's next change is handled meanwhile.
 */
export type ChangeHandler = (change: ChangeEntry) => Promise<void | HeldAck>;

/**
 * The one consumer group on the change stream (at-least-once): `handle` gets each change; one that throws stays
 * pending and is handled again later (by this replica, or by another after `claimIdleMs` if this one died), so
 * handlers make their effects idempotent (job IDs, outbox keys, alert identities derived from the change).
 */
export function workChanges(options: {
  redis: Redis;
  prefix: string;
  group: string;
  handle: ChangeHandler;
  /** What was not done when a handler failed, for the log ("order change not relayed yet"). */
  failure: string;
  claimIdleMs?: number;
  logger?: LoggerLike;
}): { stop(): Promise<void> } {
  const logger = options.logger ?? silentLogger;
  return workStream({
    name: options.group,
    redis: options.redis,
    stream: orderKeys(options.prefix).changes,
    group: options.group,
    logger,
    claimIdleMs: options.claimIdleMs,
    keyOf: (entry) => entry.fields[FIELD.order] ?? entry.id,
    handle: async (entry) => {
      const change = decodeChange(entry.fields);
      if (change !== null) return options.handle(change);
      logger.warn({ entry: entry.id }, 'unknown order change ignored');
    },
    onError: (error, entry) =>
      logger.error({ err: error, externalOrderId: entry.fields[FIELD.order] }, options.failure),
  });
}
