import type { LoggerLike } from '../domain/log.ts';
import type { Redis } from 'ioredis';
import type { OutboxMessage } from '../lib/telegram/outbox-message.ts';
import { finishEditScript, releaseEditScript, renewEditScript, takeEditScript } from './outbox-scripts.ts';
import type { SendVerdict } from './outbox-telegram.ts';

/**
 * How the outbox (outbox.ts, whose header tells the whole story) brings an edited message up to its newest text:
 * under the message's lock, the newest text of its record not yet sent, then again while newer texts come, so
 * the message never goes back to an earlier text. Both an edit job and an edit sent at once (`now`) go through
 * here; the outbox gives its Telegram attempt, its crash point and its 429 pause.
 */

/** The outbox's Redis keys an edit needs. */
interface EditKeys {
  /** The message's record: newest text and version, version sent, webhook time. */
  message: (chatId: number, messageId: number) => string;
  /** Who sends the message now (a job's ID, or the enqueuing process under its job's ID). */
  lock: (chatId: number, messageId: number) => string;
}

export interface EditSyncDeps {
  redis: Redis;
  k: EditKeys;
  /** How long the message's lock lives unrenewed (OutboxTimings.leaseMs). */
  leaseMs: number;
  /** How long the message's record is kept, in seconds. */
  ttl: number;
  logger: LoggerLike;
  /** Telegram's answer to one call, after its slot of the pace (`paced`: the caller took it already). */
  attempt: (message: OutboxMessage, paced?: boolean) => Promise<SendVerdict & { took?: boolean }>;
  /** Telegram took a text: the crash point, then its webhook-to-chat time. */
  took: (webhookAt: number | undefined, timed: boolean) => Promise<void>;
  /** A 429: every replica's outbox waits. */
  pauseAll: (id: string | undefined, pauseAllMs: number) => Promise<void>;
}

/** A text to send under the message's lock: its version, the message, its webhook time, whether it has its slot. */
interface Turn {
  version: string;
  message: OutboxMessage;
  webhookAt: number | undefined;
  paced: boolean;
}

/**
 * What a message sent at once (an edit or a new message) does with an attempt that was not done: a refusal is
 * logged, as a job's would be; a retry (5xx, network, 429 with the pause for every replica) calls `handOver`, which
 * gives the message to its job. Whether it was handed over.
 */
export async function atOnceNotDone(
  deps: Pick<EditSyncDeps, 'logger' | 'pauseAll'>,
  id: string,
  chatId: number,
  verdict: Exclude<SendVerdict, { kind: 'done' }>,
  handOver: () => Promise<void>,
): Promise<boolean> {
  if (verdict.kind === 'give-up') {
    deps.logger.warn({ id, chatId, reason: verdict.reason }, 'telegram refused a message');
    return false;
  }
  if (verdict.pauseAllMs !== undefined) await deps.pauseAll(id, verdict.pauseAllMs);
  await handOver();
  return true;
}

/** Creates the outbox's edit side: `syncEdit` for an edit job, `editNow` for an edit sent at once. */
export function createEditSync(deps: EditSyncDeps) {
  const { redis, k, leaseMs, ttl, logger, attempt, took } = deps;

  /** The message's newest text not yet sent, taken under its lock as `id`; null when another holds it or none is left. */
  async function takeEdit(
    id: string,
    keys: string[],
    own: Extract<OutboxMessage, { kind: 'edit' }>,
    ownVersion: number,
  ): Promise<Turn | null> {
    const args = [id, leaseMs, ownVersion, JSON.stringify(own), ttl];
    const taken = (await takeEditScript.run(redis, keys, args)) as [string, string?, string?, string?];
    // 'busy': another job holds the message and sends its newest text before letting go.
    if (taken[0] !== 'send') return null;
    return {
      version: taken[1] ?? '0',
      message: JSON.parse(taken[2] ?? '{}') as OutboxMessage,
      webhookAt: taken[3] ? Number(taken[3]) : undefined,
      paced: false,
    };
  }

  /**
   * Brings one message up to its newest text under its lock, held as `id` (see outbox.ts's header). `first`: the
   * message was taken already, with its own text the newest (an edit sent at once). An answer that is not done goes
   * to `failed` (a retry lets go of the message first; a refused text counts as done with, a newer one is still
   * sent).
   */
  async function syncEdit(
    id: string,
    own: Extract<OutboxMessage, { kind: 'edit' }>,
    ownVersion: number,
    failed: (verdict: Exclude<SendVerdict, { kind: 'done' }>) => Promise<void>,
    first?: Turn,
  ): Promise<void> {
    const keys = [k.message(own.chatId, own.messageId), k.lock(own.chatId, own.messageId)];
    let turn = first ?? null;
    for (;;) {
      turn ??= await takeEdit(id, keys, own, ownVersion);
      if (turn === null) return;
      const { version, message, webhookAt, paced } = turn;
      // The message stays ours for as long as Telegram takes to answer (BullMQ renews the job's lock alike).
      const renew = setInterval(() => {
        renewEditScript.run(redis, [keys[1]!], [id, leaseMs]).catch(() => undefined);
      }, leaseMs / 3);
      const verdict = await attempt(message, paced).finally(() => clearInterval(renew));
      turn = null;
      if (verdict.kind === 'retry') {
        await releaseEditScript.run(redis, [keys[1]!], [id]);
        return failed(verdict);
      }
      if (verdict.kind === 'done') await took(webhookAt, verdict.took === true);
      // Done with this version either way: a refused text is not tried again, a newer one still is.
      const next = await finishEditScript.run(redis, keys, [id, version, leaseMs]);
      if (next === 'again') {
        if (verdict.kind === 'give-up') {
          logger.warn({ id, chatId: own.chatId, reason: verdict.reason }, 'telegram refused an edit');
        }
        continue;
      }
      if (verdict.kind === 'give-up') return failed(verdict);
      return;
    }
  }

  /**
   * Sends an edit whose message the outbox's `add` took for this process (`now`), then any newer text that came
   * meanwhile. A retry (5xx, network, 429) calls `handOver`, which gives the message to the edit's job (the holder's
   * own ID, so it may take the message over) to be retried as queued jobs are; a refused text is logged, as a job's
   * would be. Whether it was handed over.
   */
  async function editNow(
    id: string,
    own: Extract<OutboxMessage, { kind: 'edit' }>,
    version: number,
    webhookAt: number | undefined,
    handOver: () => Promise<void>,
  ): Promise<boolean> {
    // The enqueue found no 429 pause running and took the text's slot of the pace.
    const first: Turn = { version: String(version), message: own, webhookAt, paced: true };
    let handedOver = false;
    await syncEdit(
      id,
      own,
      version,
      async (verdict) => {
        handedOver = await atOnceNotDone(deps, id, own.chatId, verdict, handOver);
      },
      first,
    );
    return handedOver;
  }

  return { syncEdit, editNow };
}
