import { silentLogger, type LoggerLike } from '../domain/log.ts';
import { GrammyError, HttpError, InputFile, type Api } from 'grammy';
import type { InlineKeyboardMarkup } from 'grammy/types';
import type { Redis } from 'ioredis';
import { createDueQueue, type Claim } from '../lib/redis/due-queue.ts';
import { hookAt, type LifecycleHooks } from '../lib/hooks.ts';
import { defineScript, LUA_NOW_MS } from '../lib/redis/redis-script.ts';
import { toHtmlPayload } from '../lib/telegram/html-mode.ts';

/**
 * Durable Telegram outbox: messages to send or edit are queued in Redis, claimed atomically by one replica
 * (leased, see due-queue.ts), retried through 429 (retry_after, paused for every replica) and 5xx/outages,
 * and recorded as sent once Telegram answers. None is lost: a job leaves Redis only after Telegram's answer.
 *
 * The one window that can duplicate: a `send` that Telegram accepted whose "sent" record was not written
 * because the process died in between (or Redis stayed unreachable longer than `recordTimeoutMs`, or another
 * replica took the job over after its lease ran out during an outage); the job is then sent again.
 * Edits are immune (the repeat is "message is not modified", counted as done).
 *
 * Each logical message carries an idempotency key (e.g. `final:<order>:<status>`) so enqueuing twice sends
 * once. Edits of one message coalesce: a newer version replaces an older one still queued, and an older
 * version arriving late is dropped, so the message never goes back to an earlier text.
 */

export type OutboxMessage =
  | {
      kind: 'send';
      chatId: number;
      text: string;
      replyMarkup?: InlineKeyboardMarkup;
      parseMode?: 'HTML';
    }
  | {
      kind: 'edit';
      chatId: number;
      messageId: number;
      text: string;
      replyMarkup?: InlineKeyboardMarkup;
      parseMode?: 'HTML';
    }
  | {
      /** A small text file (a report) with a caption; the file's text travels inside the job. */
      kind: 'document';
      chatId: number;
      fileName: string;
      fileText: string;
      caption: string;
      replyMarkup?: InlineKeyboardMarkup;
      parseMode?: 'HTML';
    };

export type EnqueueResult = 'queued' | 'duplicate' | 'stale';

/** The Bot API calls the outbox makes (grammY's `Api` fits). */
export type OutboxTelegram = Pick<Api, 'sendMessage' | 'editMessageText' | 'sendDocument'>;

export interface OutboxTimings {
  /** How long a claimed job is hidden from other replicas (longer than a Telegram call can take). */
  leaseMs: number;
  /** Delays between attempts after a 5xx or a network error; the last repeats. */
  retryDelaysMs: number[];
}

/** Production timings of the outbox. */
export const DEFAULT_OUTBOX_TIMINGS: OutboxTimings = {
  leaseMs: 30_000,
  retryDelaysMs: [1_000, 2_000, 5_000, 15_000, 30_000, 60_000],
};

export interface OutboxDeps {
  redis: Redis;
  /** REDIS_PREFIX. */
  prefix: string;
  telegram: OutboxTelegram;
  timings?: Partial<OutboxTimings>;
  /** How long idempotency keys are kept (default 30 days). */
  keyTtlSeconds?: number;
  /** How long recording a sent message is retried while Redis is unreachable (default 10 minutes). */
  recordTimeoutMs?: number;
  logger?: LoggerLike;
  hooks?: LifecycleHooks;
  /**
   * Called once Telegram took a message queued with `webhookReceivedAt`, with the seconds since that merchant
   * webhook was received (the webhook-to-chat metric); whichever replica sends it.
   */
  onWebhookToChat?: (seconds: number) => void;
}

/** What became of an attempt. */
export type SendVerdict =
  | { kind: 'done'; messageId?: number }
  | { kind: 'retry'; delayMs?: number; pauseAllMs?: number; reason: string }
  | { kind: 'give-up'; reason: string };

/** Maps a Bot API failure to done / retry / give up (pure, tested on its own). */
export function classifyTelegramError(error: unknown, message: OutboxMessage): SendVerdict {
  if (error instanceof GrammyError) {
    const description = error.description ?? '';
    if (error.error_code === 429) {
      const seconds = Number(error.parameters?.retry_after ?? 1);
      const ms = Math.max(1, Number.isFinite(seconds) ? seconds : 1) * 1000;
      return { kind: 'retry', delayMs: ms, pauseAllMs: ms, reason: '429' };
    }
    if (error.error_code >= 500) return { kind: 'retry', reason: String(error.error_code) };
    if (message.kind === 'edit' && description.includes('message is not modified')) return { kind: 'done' };
    return { kind: 'give-up', reason: `${error.error_code}: ${description.slice(0, 200)}` };
  }
  if (error instanceof HttpError) return { kind: 'retry', reason: 'network' };
  // Anything else (a Redis hiccup inside a hook, a bug): retry, never drop a message silently.
  return { kind: 'retry', reason: error instanceof Error ? error.name : 'unknown' };
}

const enqueueScript = defineScript(`${LUA_NOW_MS}
-- KEYS: idem, ver, due, job ; ARGV: jobId, payload, version, ttl, webhook time, idem? ('1'), ver? ('1')
if ARGV[6] == '1' then
  if not redis.call('SET', KEYS[1], '1', 'NX', 'EX', tonumber(ARGV[4])) then return {'duplicate', ''} end
end
local version = ARGV[3]
if version ~= '' and ARGV[7] == '1' then
  local cur = redis.call('GET', KEYS[2])
  if cur and tonumber(cur) >= tonumber(version) then return {'stale', ''} end
  redis.call('SET', KEYS[2], version, 'EX', tonumber(ARGV[4]))
end
local id = ARGV[1]
redis.call('HSET', KEYS[4], 'payload', ARGV[2], 'version', version)
-- the webhook time belongs to the text queued now (an edit replaced before it went out is not timed)
if ARGV[5] ~= '' then redis.call('HSET', KEYS[4], 'wh', ARGV[5]) else redis.call('HDEL', KEYS[4], 'wh') end
redis.call('ZADD', KEYS[3], 'NX', ms(nowMs), id)
return {'queued', id}
`);

const finishScript = defineScript(`${LUA_NOW_MS}
-- KEYS: job, due, claims, steps ; ARGV: id, token, version
if redis.call('HGET', KEYS[3], ARGV[1]) ~= ARGV[2] then return 0 end
redis.call('HDEL', KEYS[3], ARGV[1])
local current = redis.call('HGET', KEYS[1], 'version')
if current and current ~= ARGV[3] then
  -- a newer edit arrived while this one was in flight: send it next
  redis.call('ZADD', KEYS[2], ms(nowMs), ARGV[1])
  redis.call('HDEL', KEYS[4], ARGV[1])
  return 2
end
redis.call('DEL', KEYS[1])
redis.call('ZREM', KEYS[2], ARGV[1])
redis.call('HDEL', KEYS[4], ARGV[1])
return 1
`);

/** Creates the durable Telegram outbox. */
export function createOutbox(deps: OutboxDeps) {
  const { redis } = deps;
  const base = `${deps.prefix}outbox:`;
  const queue = createDueQueue(redis, `${base}q`);
  const timings: OutboxTimings = { ...DEFAULT_OUTBOX_TIMINGS, ...deps.timings };
  const ttl = deps.keyTtlSeconds ?? 30 * 24 * 3600;
  const recordTimeoutMs = deps.recordTimeoutMs ?? 10 * 60_000;
  // Set by close(): a shutdown does not wait out a Redis outage (the documented window applies then).
  let closing = false;
  const logger = deps.logger ?? silentLogger;
  const k = {
    idem: (key: string) => `${base}key:${key}`,
    version: (id: string) => `${base}ver:${id}`,
    job: (id: string) => `${base}job:${id}`,
    seq: `${base}seq`,
    pause: `${base}pause`,
    dead: `${base}dead`,
    due: `${base}q:due`,
    claims: `${base}q:claims`,
    steps: `${base}q:steps`,
  };

  async function call(message: OutboxMessage): Promise<number | undefined> {
    const plain = {
      ...(message.replyMarkup === undefined ? {} : { reply_markup: message.replyMarkup }),
    };
    // Jobs queued before messages became HTML carry no parse mode and go out as the plain text they are.
    const other = message.parseMode === undefined ? plain : toHtmlPayload('sendMessage', plain);
    switch (message.kind) {
      case 'send': {
        const sent = await deps.telegram.sendMessage(message.chatId, message.text, other);
        return sent.message_id;
      }
      case 'edit':
        await deps.telegram.editMessageText(message.chatId, message.messageId, message.text, other);
        return message.messageId;
      case 'document': {
        const file = new InputFile(Buffer.from(message.fileText, 'utf8'), message.fileName);
        const sent = await deps.telegram.sendDocument(message.chatId, file, {
          ...other,
          caption: message.caption,
        });
        return sent.message_id;
      }
      default: {
        const never: never = message;
        throw new Error(`unknown message ${String(never)}`);
      }
    }
  }

  async function finish(claim: Claim, version: string): Promise<number> {
    return (await finishScript.run(
      redis,
      [k.job(claim.member), k.due, k.claims, k.steps],
      [claim.member, claim.token, version],
    )) as number;
  }

  /**
   * Telegram has the message: recording that must not be given up while Redis is away, or the lease would
   * bring the job back and send it twice. Keeps trying (this loop sends nothing else meanwhile) until Redis
   * answers or `recordTimeoutMs` passed; our claim is still valid then unless another replica took it over.
   */
  async function recordSent(claim: Claim, version: string): Promise<void> {
    const until = Date.now() + recordTimeoutMs;
    for (let attempt = 0; ; attempt++) {
      try {
        await finish(claim, version);
        return;
      } catch (error) {
        if (Date.now() > until || closing) throw error;
        if (attempt === 0) logger.warn({ id: claim.member }, 'sent message not recorded yet; retrying');
        await new Promise((resolve) => setTimeout(resolve, Math.min(2_000, 50 * 2 ** Math.min(attempt, 6))));
      }
    }
  }

  async function process(claim: Claim): Promise<void> {
    const [payload, version, webhookAt] = await redis.hmget(k.job(claim.member), 'payload', 'version', 'wh');
    if (payload === null || payload === undefined) {
      await queue.complete(claim, null);
      return;
    }
    const message = JSON.parse(payload) as OutboxMessage;
    let verdict: SendVerdict;
    // Only a message Telegram took now is timed ("not modified" means an earlier attempt already showed it).
    let tookMs: number | undefined;
    try {
      const messageId = await call(message);
      verdict = { kind: 'done', ...(messageId === undefined ? {} : { messageId }) };
      if (webhookAt) tookMs = Math.max(0, Date.now() - Number(webhookAt));
    } catch (error) {
      verdict = classifyTelegramError(error, message);
    }
    switch (verdict.kind) {
      case 'done':
        await hookAt(deps.hooks, 'outbox-after-send-before-record', {});
        await recordSent(claim, version ?? '');
        if (tookMs !== undefined && Number.isFinite(tookMs)) deps.onWebhookToChat?.(tookMs / 1000);
        return;
      case 'give-up':
        logger.warn(
          { id: claim.member, chatId: message.chatId, reason: verdict.reason },
          'telegram refused a message',
        );
        await redis.lpush(k.dead, JSON.stringify({ id: claim.member, reason: verdict.reason, message }));
        await redis.ltrim(k.dead, '0', '9999');
        await finish(claim, version ?? '');
        return;
      case 'retry': {
        if (verdict.pauseAllMs !== undefined) {
          await redis.set(k.pause, '1', 'PX', Math.ceil(verdict.pauseAllMs));
        }
        const list = timings.retryDelaysMs;
        const delay = verdict.delayMs ?? list[Math.min(claim.step, list.length - 1)] ?? 60_000;
        logger.warn(
          { id: claim.member, reason: verdict.reason, delayMs: delay },
          'telegram call will be retried',
        );
        await queue.complete(claim, delay);
        return;
      }
      default: {
        const never: never = verdict;
        throw new Error(`unhandled verdict ${String(never)}`);
      }
    }
  }

  return {
    /**
     * Queues a message once per `key` (null: no deduplication). An edit's `version` (e.g. the order's
     * history length) must grow with each newer text of the same message; older versions are dropped.
     * `webhookReceivedAt`: the message shows a change caused by a merchant webhook received then (wall-clock ms).
     */
    async enqueue(
      message: OutboxMessage,
      options: { key: string | null; version?: number; webhookReceivedAt?: number },
    ): Promise<EnqueueResult> {
      // A new send's id is numbered before the script runs, so that the script can name the job's key in KEYS.
      const jobId =
        message.kind === 'edit'
          ? `edit:${message.chatId}:${message.messageId}`
          : `send:${await redis.incr(k.seq)}`;
      const version = message.kind === 'edit' ? String(options.version ?? 0) : '';
      // Every text is HTML (src/lib/html.ts); the job records it, so an older plain job stays plain.
      const stored: OutboxMessage = { ...message, parseMode: message.parseMode ?? 'HTML' };
      const raw = (await enqueueScript.run(
        redis,
        [
          // Keys not needed stand in as the due queue: every key named must be one of ours (one Cluster slot).
          options.key === null ? k.due : k.idem(options.key),
          message.kind === 'edit' ? k.version(jobId) : k.due,
          k.due,
          k.job(jobId),
        ],
        [
          jobId,
          JSON.stringify(stored),
          version,
          ttl,
          options.webhookReceivedAt === undefined ? '' : String(options.webhookReceivedAt),
          options.key === null ? '' : '1',
          message.kind === 'edit' ? '1' : '',
        ],
      )) as [EnqueueResult, string];
      return raw[0];
    },

    /** Sends due messages one by one (in queue order); returns how many were claimed. */
    async tick(limit = 20): Promise<number> {
      closing = false;
      if ((await redis.exists(k.pause)) === 1) return 0;
      const claims = await queue.claim(limit, timings.leaseMs);
      for (const [index, claim] of claims.entries()) {
        if (index > 0 && (await redis.exists(k.pause)) === 1) {
          // Flood limit hit: give the rest back untouched, due when the pause ends.
          const pttl = await redis.pttl(k.pause);
          await queue.complete(claim, Math.max(0, pttl));
          continue;
        }
        // The claims share one lease taken before the first send: a job whose turn comes after the lease ran
        // out may already be another worker's, and sending it here too would send it twice.
        if (index > 0 && !(await queue.renew(claim, timings.leaseMs).catch(() => false))) continue;
        try {
          await process(claim);
        } catch (error) {
          logger.error({ err: error, id: claim.member }, 'outbox job interrupted; the lease brings it back');
        }
      }
      return claims.length;
    },

    /** Stops waiting for Redis to record a sent message (on shutdown). */
    close(): void {
      closing = true;
    },

    /** Jobs waiting (due or not). */
    pending: () => queue.size(),
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
