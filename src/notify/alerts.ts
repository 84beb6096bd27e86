import { silentLogger, type LoggerLike } from '../domain/log.ts';
import { formatMoney } from '../domain/money.ts';
import { randomBytes } from 'node:crypto';
import type { InlineKeyboardButton } from 'grammy/types';
import type { Redis } from 'ioredis';
import { defineScript, LUA_NOW_MS } from '../lib/redis/redis-script.ts';
import { createStreamConsumer } from '../lib/redis/stream-consumer.ts';
import { statusText } from '../domain/status.ts';
import { alertIdentity, type AdminAlert, type AlertSink } from './alert-types.ts';
import type { OrderCallbacks } from './callback-data.ts';
import type { Outbox } from './outbox.ts';
import { html, type Translate } from '../lib/html.ts';

export type { AdminAlert, AlertSink } from './alert-types.ts';

/**
 * Admin alerts: at most one per identity (order + status, or per time window), held briefly so that a burst
 * arrives as one message listing every order, then delivered through the durable outbox to ALERT_CHAT_ID or
 * privately to each admin in their language, with a button per order (`ord:open:<external_order_id>`).
 *
 * Durable at every step: pending alerts live in a Redis list; a flush atomically turns them into a group;
 * a group is removed only after every message of it is queued (queueing is idempotent per group and chat).
 */

export interface AlertGrouping {
  /** A group is closed when no new alert came for this long… */
  quietMs: number;
  /** …or when its first alert is this old (so ten failures in a minute arrive as one message). */
  maxHoldMs: number;
  /** Order lines per message before splitting. */
  maxLinesPerMessage: number;
  /** Open-order buttons per message. */
  maxButtons: number;
}

/** A burst closes after 15 s of quiet or one minute at most. */
export const DEFAULT_ALERT_GROUPING: AlertGrouping = {
  quietMs: 15_000,
  maxHoldMs: 60_000,
  maxLinesPerMessage: 30,
  maxButtons: 10,
};

export interface AlertsDeps {
  redis: Redis;
  /** REDIS_PREFIX. */
  prefix: string;
  /** Name of the order change stream (the order system's `changes`), handed in by the wiring. */
  changeStream: string;
  outbox: Outbox;
  t: Translate;
  callbacks: OrderCallbacks;
  /** ALERT_CHAT_ID: when set every alert goes there, else to each admin privately. */
  alertChatId?: number;
  /** Language of the alert chat. */
  alertChatLocale?: string;
  admins: () => Promise<Array<{ id: number; locale: string }>>;
  grouping?: Partial<AlertGrouping>;
  /** Alerts identified per window (signature failures, 403s on reads) repeat at most once per window. */
  windowMs?: number;
  /** How long an alert identity is remembered (default 30 days). */
  identityTtlSeconds?: number;
  clock?: () => number;
  logger?: LoggerLike;
  /** Changes left unacknowledged by a crashed replica are taken over after this long. */
  claimIdleMs?: number;
}

interface PendingAlert {
  alert: AdminAlert;
  at: number;
}

const raiseScript = defineScript(`${LUA_NOW_MS}
-- KEYS: once, pending, meta ; ARGV: ttl, json
if not redis.call('SET', KEYS[1], '1', 'NX', 'EX', tonumber(ARGV[1])) then return 0 end
redis.call('RPUSH', KEYS[2], ARGV[2])
redis.call('HSETNX', KEYS[3], 'first', ms(nowMs))
redis.call('HSET', KEYS[3], 'last', ms(nowMs))
return 1
`);

const flushScript = defineScript(`${LUA_NOW_MS}
-- KEYS: pending, meta, groups, group ; ARGV: quietMs, maxHoldMs, groupId, force
if redis.call('LLEN', KEYS[1]) == 0 then return 0 end
local first = tonumber(redis.call('HGET', KEYS[2], 'first') or ms(nowMs))
local last = tonumber(redis.call('HGET', KEYS[2], 'last') or ms(nowMs))
if ARGV[4] ~= '1' and nowMs - last < tonumber(ARGV[1]) and nowMs - first < tonumber(ARGV[2]) then return 0 end
redis.call('RENAME', KEYS[1], KEYS[4])
redis.call('DEL', KEYS[2])
redis.call('ZADD', KEYS[3], ms(nowMs), ARGV[3])
return 1
`);

function orderOf(alert: AdminAlert): { externalOrderId: string; orderId?: string } | null {
  switch (alert.kind) {
    case 'order-status':
    case 'order-rejected':
    case 'stale-order':
    case 'unknown-order':
    case 'order-revived':
      return { externalOrderId: alert.externalOrderId, ...(alert.orderId ? { orderId: alert.orderId } : {}) };
    case 'placement-unreadable':
    case 'order-number-conflict':
      return { externalOrderId: alert.externalOrderId };
    case 'forbidden':
      return alert.externalOrderId === undefined ? null : { externalOrderId: alert.externalOrderId };
    case 'webhook-signature':
    case 'quote-mismatch':
    case 'rate-limited':
    case 'pin-locked':
    case 'merchant-low-balance':
      return null;
    default: {
      const never: never = alert;
      throw new Error(`unhandled alert ${String(never)}`);
    }
  }
}

/** One alert as one line of text in `locale`. */
export function alertLine(t: Translate, locale: string, alert: AdminAlert): string {
  const order = orderOf(alert);
  const ids = { orderId: order?.orderId ?? '—', externalOrderId: order?.externalOrderId ?? '—' };
  switch (alert.kind) {
    case 'order-status':
      return t(locale, `alert-order-${alert.status.replace(/_/g, '-')}`, ids);
    case 'order-rejected':
      return t(locale, 'alert-order-rejected', {
        ...ids,
        reason: html(t(locale, `order-reject-reason-${alert.key}`)),
      });
    case 'forbidden':
      return alert.operation === 'placement'
        ? t(locale, 'alert-forbidden-placement', ids)
        : t(locale, 'alert-forbidden-read', {});
    case 'webhook-signature':
      return t(locale, 'alert-webhook-signature', { failures: alert.failures, reason: alert.reason });
    case 'stale-order':
      return t(locale, 'alert-stale-order', {
        ...ids,
        status: html(statusText(t, locale, alert.status)),
        minutes: alert.ageMinutes,
      });
    case 'unknown-order':
      return t(locale, 'alert-unknown-order', { ...ids, event: alert.event });
    case 'order-revived':
      return t(locale, 'alert-order-revived', { ...ids, key: alert.key });
    case 'placement-unreadable':
      return t(locale, 'alert-placement-unreadable', ids);
    case 'quote-mismatch':
      return t(locale, 'alert-quote-mismatch', {
        operator: alert.operatorKey,
        field: alert.field,
        asked: alert.asked,
        quoted: alert.quoted,
      });
    case 'order-number-conflict':
      return t(locale, 'alert-order-number-conflict', { ...ids, field: alert.field });
    case 'rate-limited':
      return t(locale, 'alert-rate-limited', {});
    case 'pin-locked':
      return t(locale, 'alert-pin-locked', {
        id: String(alert.userId),
        tries: alert.tries,
        minutes: alert.minutes,
      });
    case 'merchant-low-balance':
      return t(locale, 'alert-merchant-low-balance', {
        balance: formatMoney(alert.balance, alert.currency, locale),
        threshold: formatMoney(alert.threshold, alert.currency, locale),
      });
    default: {
      const never: never = alert;
      throw new Error(`unhandled alert ${String(never)}`);
    }
  }
}

/** Creates the admin alerts (a sink for the lifecycle, plus the flush/delivery and change-feed ticks). */
export function createAlerts(deps: AlertsDeps) {
  const { redis } = deps;
  const base = `${deps.prefix}alerts:`;
  const grouping: AlertGrouping = { ...DEFAULT_ALERT_GROUPING, ...deps.grouping };
  const windowMs = deps.windowMs ?? 600_000;
  const ttl = deps.identityTtlSeconds ?? 30 * 24 * 3600;
  const clock = deps.clock ?? Date.now;
  const logger = deps.logger ?? silentLogger;
  const k = {
    once: (identity: string) => `${base}once:${identity}`,
    pending: `${base}pending`,
    meta: `${base}pending-meta`,
    groups: `${base}groups`,
    group: (id: string) => `${base}group:${id}`,
  };
  const changes = createStreamConsumer({
    redis,
    stream: deps.changeStream,
    group: 'alerts',
    ...(deps.claimIdleMs === undefined ? {} : { claimIdleMs: deps.claimIdleMs }),
  });

  async function recipients(): Promise<Array<{ id: number; locale: string }>> {
    if (deps.alertChatId !== undefined)
      return [{ id: deps.alertChatId, locale: deps.alertChatLocale ?? 'en' }];
    return deps.admins();
  }

  async function render(
    alerts: AdminAlert[],
    locale: string,
  ): Promise<Array<{ text: string; buttons: InlineKeyboardButton[][] }>> {
    const messages: Array<{ text: string; buttons: InlineKeyboardButton[][] }> = [];
    for (let i = 0; i < alerts.length; i += grouping.maxLinesPerMessage) {
      const part = alerts.slice(i, i + grouping.maxLinesPerMessage);
      const lines = part.map((a) => alertLine(deps.t, locale, a));
      const text =
        alerts.length === 1
          ? lines[0]!
          : `${deps.t(locale, 'alert-group-header', { count: alerts.length })}\n${lines.map((l) => `• ${l}`).join('\n')}`;
      const buttons: InlineKeyboardButton[][] = [];
      const seen = new Set<string>();
      for (const alert of part) {
        const order = orderOf(alert);
        if (order === null || seen.has(order.externalOrderId) || alert.kind === 'unknown-order') continue;
        seen.add(order.externalOrderId);
        if (buttons.length >= grouping.maxButtons) break;
        buttons.push([
          {
            text: deps.t(locale, 'alert-open-button', { order: order.orderId ?? order.externalOrderId }),
            callback_data: await deps.callbacks.dataFor(order.externalOrderId),
          },
        ]);
      }
      messages.push({ text, buttons });
    }
    return messages;
  }

  const sink: AlertSink = {
    async raise(alert) {
      const identity = alertIdentity(alert, (ms) => Math.floor(ms / windowMs), clock());
      const stored: PendingAlert = { alert, at: clock() };
      const queued = await raiseScript.run(
        redis,
        [k.once(identity), k.pending, k.meta],
        [ttl, JSON.stringify(stored)],
      );
      if (queued === 1) logger.info({ alert: alert.kind, identity }, 'admin alert queued');
    },
  };

  return {
    ...sink,

    /** Closes the pending burst into a group when it is quiet or old enough (`force`: now). */
    async flush(force = false): Promise<boolean> {
      const id = `${clock()}-${randomBytes(4).toString('hex')}`;
      const result = await flushScript.run(
        redis,
        [k.pending, k.meta, k.groups, k.group(id)],
        [grouping.quietMs, grouping.maxHoldMs, id, force ? '1' : '0'],
      );
      return result === 1;
    },

    /** Queues the messages of every closed group in the outbox; returns how many groups were delivered. */
    async deliver(): Promise<number> {
      const ids = await redis.zrange(k.groups, '0', '9');
      let delivered = 0;
      for (const id of ids) {
        const alerts = (await redis.lrange(k.group(id), '0', '-1')).map(
          (line) => (JSON.parse(line) as PendingAlert).alert,
        );
        const targets = alerts.length > 0 ? await recipients() : [];
        if (alerts.length > 0 && targets.length === 0) {
          logger.warn({ alerts: alerts.length }, 'no admin and no ALERT_CHAT_ID: alerts dropped');
        }
        if (alerts.length > 0) {
          for (const to of targets) {
            const messages = await render(alerts, to.locale);
            for (const [index, message] of messages.entries()) {
              await deps.outbox.enqueue(
                {
                  kind: 'send',
                  chatId: to.id,
                  text: message.text,
                  ...(message.buttons.length > 0
                    ? { replyMarkup: { inline_keyboard: message.buttons } }
                    : {}),
                },
                { key: `alert:${id}:${to.id}:${index}` },
              );
            }
          }
        }
        await redis.multi().del(k.group(id)).zrem(k.groups, id).exec();
        delivered++;
      }
      return delivered;
    },

    /**
     * Sends one report (a caption and a CSV file) to the alert chat, or to each admin in their language, through
     * the outbox; once per `id` and chat whatever the retries.
     */
    async report(report: {
      id: string;
      caption: (locale: string) => string;
      fileName: string;
      fileText: string;
    }): Promise<number> {
      const targets = await recipients();
      if (targets.length === 0)
        logger.warn({ report: report.id }, 'no admin and no ALERT_CHAT_ID: report dropped');
      for (const to of targets) {
        await deps.outbox.enqueue(
          {
            kind: 'document',
            chatId: to.id,
            fileName: report.fileName,
            fileText: report.fileText,
            caption: report.caption(to.locale),
            parseMode: 'HTML',
          },
          { key: `report:${report.id}:${to.id}` },
        );
      }
      return targets.length;
    },

    /** Leaves the change stream's consumer group on a clean stop (see StreamConsumer.close). */
    closeChanges: () => changes.close(),

    /** Turns order changes into alerts: failed, refunded, manual review; refusals for balance, risk, wallet. */
    async tickChanges(): Promise<number> {
      const entries = await changes.read();
      for (const entry of entries) {
        const f = entry.fields;
        const ext = f['ext'] ?? '';
        try {
          if (f['kind'] === 'status' || f['kind'] === 'placed') {
            const status = f['to'];
            if (status === 'failed' || status === 'refunded' || status === 'manual_review') {
              const orderId = f['oid'] === '' ? undefined : f['oid'];
              await sink.raise({
                kind: 'order-status',
                externalOrderId: ext,
                ...(orderId === undefined ? {} : { orderId }),
                status,
              });
            }
          } else if (f['kind'] === 'rejected') {
            const key = f['key'];
            if (key === 'balance' || key === 'risk' || key === 'wallet') {
              const orderId = f['oid'] === '' ? undefined : f['oid'];
              await sink.raise({
                kind: 'order-rejected',
                externalOrderId: ext,
                ...(orderId === undefined ? {} : { orderId }),
                key,
              });
            }
          }
          await changes.ack(entry.id);
        } catch (error) {
          logger.error({ err: error, externalOrderId: ext }, 'order change not turned into an alert yet');
        }
      }
      return entries.length;
    },

    /** Alerts waiting to be grouped. */
    pending: () => redis.llen(k.pending),
  };
}

export type Alerts = ReturnType<typeof createAlerts>;
