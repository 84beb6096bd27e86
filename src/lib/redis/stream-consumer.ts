import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { silentLogger, type LoggerLike } from '../../domain/log.ts';
import { runLoop } from '../loop.ts';
import { duplicateRedis } from './connect.ts';
import { defineScript } from './redis-script.ts';

export interface StreamEntry {
  id: string;
  fields: Record<string, string>;
}

export interface StreamConsumerOptions {
  redis: Redis;
  /**
   * The connection reads go through now (a blocking read holds it), and what to do when a blocking read outlives
   * its block by READ_STALL_MS (replace it); default `redis`, never blocking.
   */
  reader?: { get(): Redis; hung(): void };
  stream: string;
  group: string;
  /** Unique per process; defaults to a random name. */
  consumer?: string;
  /**
   * Entries taken per read (default 100): a burst of webhooks (one order commit each, then a change for three
   * groups) is read in a few rounds, and its entries for different orders handled at once.
   */
  batch?: number;
  /** An entry delivered to a consumer that did not acknowledge it for this long is taken over (crashed replica). */
  claimIdleMs?: number;
  /**
   * Another consumer of the group idle this long with nothing pending is removed (a replica that died or was
   * replaced); at least `claimIdleMs`, default 10 minutes.
   */
  reapIdleMs?: number;
}

/**
 * A handler's answer for an entry it handled, but whose acknowledgment waits for `ackAfter`: the entries of its key
 * go on at once, and until then the entry stays pending, so a process that dies meanwhile leaves it to be handled
 * again (after `claimIdleMs`). A rejected `ackAfter` leaves it pending like a failed handler.
 */
export interface HeldAck {
  ackAfter: Promise<unknown>;
}

export interface ConsumeOptions {
  keyOf: (entry: StreamEntry) => string;
  handle: (entry: StreamEntry) => Promise<void | HeldAck>;
  onError: (error: unknown, entry: StreamEntry) => void;
}

export interface StreamConsumer {
  /**
   * Entries to process: those abandoned by a dead consumer, then new ones (one round trip). With `blockMs`, waits
   * that long for a new entry when there is none.
   */
  read(blockMs?: number): Promise<StreamEntry[]>;
  /** Marks entries as done for this group (one XACK). */
  ack(...ids: string[]): Promise<void>;
  /** On a clean stop: leaves the group unless entries are still pending (another replica takes them over). */
  close(): Promise<void>;
}

// Consumers are checked and removed in one script, so none gains a pending entry between the check and the
// removal (XGROUP DELCONSUMER drops a consumer's pending entries for good). Entries still pending are never
// dropped: XAUTOCLAIM hands them to a live consumer first, and the dead one goes at a later reap.
// KEYS: stream ; ARGV: group, own consumer name, idle ms ('-1': only the own consumer, whatever its idle)
const REAP = defineScript(`
local removed = 0
local ok, consumers = pcall(redis.call, 'XINFO', 'CONSUMERS', KEYS[1], ARGV[1])
if not ok then return 0 end
local minIdle = tonumber(ARGV[3])
for _, c in ipairs(consumers) do
  local info = {}
  for i = 1, #c, 2 do info[c[i]] = c[i + 1] end
  local mine = info['name'] == ARGV[2]
  local dead = minIdle >= 0 and not mine and tonumber(info['idle']) >= minIdle
  if tonumber(info['pending']) == 0 and ((minIdle < 0 and mine) or dead) then
    redis.call('XGROUP', 'DELCONSUMER', KEYS[1], ARGV[1], info['name'])
    removed = removed + 1
  end
end
return removed
`);

/** Entries one read takes, and a worker has in hand at most. */
const DEFAULT_BATCH = 100;

/** How long an entry delivered to a consumer that did not acknowledge it waits before another takes it over. */
export const DEFAULT_CLAIM_IDLE_MS = 30_000;
/** Longest time between two looks for entries a dead consumer left (one XAUTOCLAIM), under any load. */
const CLAIM_EVERY_MAX_MS = 1_000;

function toEntries(raw: unknown): StreamEntry[] {
  if (!Array.isArray(raw)) return [];
  const out: StreamEntry[] = [];
  for (const item of raw as Array<[string, string[] | null]>) {
    const [id, list] = item;
    if (list === null || list === undefined) continue; // deleted (trimmed) entry
    const fields: Record<string, string> = {};
    for (let i = 0; i + 1 < list.length; i += 2) fields[list[i]!] = list[i + 1]!;
    out.push({ id, fields });
  }
  return out;
}

/**
 * A blocking read's replies, or an error once it outlived its block by READ_STALL_MS (its reader, told, replaces
 * its connection).
 */
async function hangUp<T>(
  replies: Promise<T>,
  blockMs: number,
  reader: { hung(): void },
  stream: string,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reader.hung();
      reject(new Error(`a blocking read of ${stream} hung; its connection was replaced`));
    }, blockMs + READ_STALL_MS);
  });
  try {
    return await Promise.race([replies, hung]);
  } finally {
    clearTimeout(timer);
    replies.catch(() => undefined);
  }
}

/**
 * Handles entries as they are read, without waiting for a round to end: one key's (one order's) one after another
 * in stream order, across reads too, and different keys' at the same time, so one slow entry holds back only the
 * entries of its own key. Each entry is acknowledged once handled (those of one turn of the event loop with one
 * XACK), or once its handler's HeldAck lets it; one whose handler throws stays pending (taken over after
 * `claimIdleMs`, by this consumer too) and goes to `onError`. An entry still being handled or held here is not
 * taken again when a read hands it back.
 */
export function handleInOrder(
  consumer: Pick<StreamConsumer, 'ack'>,
  { keyOf, handle, onError }: ConsumeOptions,
  logger: LoggerLike = silentLogger,
) {
  const chains = new Map<string, Promise<void>>();
  const handling = new Map<string, Promise<void>>();
  /** Entries handled whose acknowledgment waits (HeldAck): not counted as in hand, not taken again. */
  const held = new Map<string, Promise<void>>();
  let acks: string[] = [];
  let acking: Promise<void> = Promise.resolve();

  async function flush(): Promise<void> {
    const ids = acks;
    acks = [];
    // Not acknowledged: handled again after claimIdleMs, which every handler behind a consumer allows.
    await consumer
      .ack(...ids)
      .catch((error: unknown) => logger.warn({ err: error }, 'stream entries handled but not acknowledged'));
  }

  function acknowledge(id: string): void {
    acks.push(id);
    if (acks.length === 1)
      acking = acking.then(() => new Promise((resolve) => setImmediate(resolve))).then(flush);
  }

  return {
    /** Starts handling `entries`; returns how many were new here. */
    take(entries: StreamEntry[]): number {
      let taken = 0;
      for (const entry of entries) {
        if (handling.has(entry.id) || held.has(entry.id)) continue;
        const key = keyOf(entry);
        const done = (chains.get(key) ?? Promise.resolve())
          .then(() => handle(entry))
          .then(
            (answer) => {
              if (answer === undefined) return acknowledge(entry.id);
              const release = answer.ackAfter.then(
                () => acknowledge(entry.id),
                (error: unknown) => onError(error, entry),
              );
              held.set(entry.id, release);
              void release.then(() => held.delete(entry.id));
            },
            (error: unknown) => onError(error, entry),
          )
          .catch(() => undefined);
        chains.set(key, done);
        handling.set(entry.id, done);
        taken++;
        void done.then(() => {
          handling.delete(entry.id);
          if (chains.get(key) === done) chains.delete(key);
        });
      }
      return taken;
    },
    /** Entries being handled. */
    busy: (): number => handling.size,
    /** Resolves when an entry being handled is done. */
    oneDone: (): Promise<void> => Promise.race(handling.values()),
    /** Waits for every entry taken so far to be handled and acknowledged (a held one: handled). */
    async settled(): Promise<void> {
      // Held entries are not waited for: one this process does not acknowledge is taken over after claimIdleMs.
      while (handling.size > 0) await Promise.all(handling.values());
      await acking;
    },
  };
}

/**
 * A Redis stream consumer group member: at-least-once delivery across replicas and restarts (an entry
 * stays pending until acknowledged and is taken over by XAUTOCLAIM after `claimIdleMs`), so every handler
 * behind it must be idempotent.
 */
export function createStreamConsumer(options: StreamConsumerOptions): StreamConsumer {
  const { redis, stream, group } = options;
  const reader = options.reader ?? { get: () => redis, hung: () => undefined };
  const consumer = options.consumer ?? `c-${randomBytes(6).toString('hex')}`;
  const batch = options.batch ?? DEFAULT_BATCH;
  const claimIdleMs = options.claimIdleMs ?? DEFAULT_CLAIM_IDLE_MS;
  const reapIdleMs = Math.max(claimIdleMs, options.reapIdleMs ?? 10 * 60_000);
  let groupReady = false;
  let lastReap = 0;
  // An abandoned entry is taken over claimIdleMs after its last delivery, and at most this much later.
  const claimEveryMs = Math.max(1, Math.min(CLAIM_EVERY_MAX_MS, Math.floor(claimIdleMs / 4)));
  let lastClaim = 0;
  let claimMore = false;

  /** Removes consumers of dead replicas: at start, then at most once per `reapIdleMs`. */
  async function reap(): Promise<void> {
    if (Date.now() - lastReap < reapIdleMs) return;
    lastReap = Date.now();
    await REAP.run(redis, [stream], [group, consumer, reapIdleMs]);
  }

  async function ensureGroup(): Promise<void> {
    try {
      await redis.xgroup('CREATE', stream, group, '0', 'MKSTREAM');
    } catch (error) {
      if (!(error instanceof Error) || !error.message.includes('BUSYGROUP')) throw error;
    }
    groupReady = true;
  }

  async function readOnce(blockMs?: number): Promise<StreamEntry[]> {
    // One round trip: the entries abandoned by a dead consumer (older, so first), looked for at most every
    // claimEveryMs unless the last look found a whole batch, and the new ones.
    const claiming = claimMore || Date.now() - lastClaim >= claimEveryMs;
    const pipeline = reader.get().pipeline();
    if (claiming) {
      lastClaim = Date.now();
      pipeline.xautoclaim(stream, group, consumer, claimIdleMs, '0-0', 'COUNT', batch);
    }
    if (blockMs === undefined)
      pipeline.xreadgroup('GROUP', group, consumer, 'COUNT', batch, 'STREAMS', stream, '>');
    else
      pipeline.xreadgroup('GROUP', group, consumer, 'COUNT', batch, 'BLOCK', blockMs, 'STREAMS', stream, '>');
    const replies =
      blockMs === undefined ? await pipeline.exec() : await hangUp(pipeline.exec(), blockMs, reader, stream);
    const answers = (replies ?? []).map(([error, reply]) => {
      if (error) throw error;
      return reply;
    });
    const [claimed, fresh] = (claiming ? answers : [undefined, ...answers]) as [
      [string, unknown] | undefined,
      Array<[string, unknown]> | null | undefined,
    ];
    const abandoned = claimed === undefined ? [] : toEntries(claimed[1]);
    if (claiming) claimMore = abandoned.length >= batch;
    const added = fresh === null || fresh === undefined || fresh.length === 0 ? [] : toEntries(fresh[0]![1]);
    return abandoned.length === 0 ? added : [...abandoned, ...added];
  }

  async function read(blockMs?: number): Promise<StreamEntry[]> {
    if (!groupReady) await ensureGroup();
    try {
      await reap();
      return await readOnce(blockMs);
    } catch (error) {
      // The group is gone (Redis restarted without its data, or the stream was deleted): create it again.
      if (error instanceof Error && error.message.includes('NOGROUP')) {
        groupReady = false;
        await ensureGroup();
        return readOnce();
      }
      throw error;
    }
  }

  async function ack(...ids: string[]): Promise<void> {
    await redis.xack(stream, group, ...ids);
  }

  return {
    read,
    ack,
    async close() {
      if (groupReady) await REAP.run(redis, [stream], [group, consumer, -1]);
    },
  };
}

/**
 * Consumers of a stopped service leave their groups, so restarts do not pile them up in Redis; one that cannot
 * (Redis away) is only logged: a later start's reaping removes it.
 */
async function leaveGroups(
  consumers: Array<Pick<StreamConsumer, 'close'>>,
  logger: LoggerLike,
): Promise<void> {
  const left = await Promise.allSettled(consumers.map((consumer) => consumer.close()));
  for (const result of left) {
    if (result.status === 'rejected') logger.warn({ err: result.reason }, 'could not leave a consumer group');
  }
}

/** How long an idle worker's read waits for a new entry before it looks again for abandoned ones. */
const READ_BLOCK_MS = 2_000;
/** How much longer than its block a read may take before its connection is taken for hung and replaced. */
const READ_STALL_MS = 10_000;

/**
 * Consumes the stream until stopped. Unless the read before brought a whole batch, a read blocks (XREADGROUP BLOCK,
 * on a connection of its own) until any process adds an entry, so new entries are handled at once, nothing polls
 * or has to be woken, and a read that would find nothing is not made. A round that throws (Redis away) is tried
 * again after a growing pause (runLoop); a read that outlives its block by READ_STALL_MS (a blocked connection a
 * server restart left hanging) gets a new connection.
 */
export function workStream(
  options: StreamConsumerOptions & ConsumeOptions & { name: string; logger?: LoggerLike; blockMs?: number },
): { stop(): Promise<void> } {
  const logger = options.logger ?? silentLogger;
  const connect = (): Redis => {
    const connection = duplicateRedis(options.redis, { enableAutoPipelining: false });
    connection.on('error', (error: unknown) =>
      logger.warn({ err: error, loop: options.name }, 'stream reader connection problem'),
    );
    return connection;
  };
  let reader = connect();
  const consumer = createStreamConsumer({
    ...options,
    reader: {
      get: () => reader,
      hung: () => {
        const hung = reader;
        reader = connect();
        hung.disconnect();
      },
    },
  });
  const blockMs = options.blockMs ?? READ_BLOCK_MS;
  const batch = options.batch ?? DEFAULT_BATCH;
  const handling = handleInOrder(consumer, options, logger);
  /** What the last read brought: less than a batch means nothing was left behind it, so the next read blocks. */
  let lastRead = 0;
  const loop = runLoop({
    name: options.name,
    idleMs: 0,
    logger,
    round: async () => {
      // At most a read's worth of entries in hand: a burst is read as fast as it is handled, no faster.
      while (handling.busy() >= batch) await handling.oneDone();
      // A blocked read returns at once when entries are there: only a whole batch (more may wait, abandoned ones
      // among them) is followed by a read that does not wait.
      const entries = await consumer.read(lastRead < batch ? blockMs : undefined);
      lastRead = entries.length;
      return handling.take(entries);
    },
  });

  return {
    async stop() {
      // Ends a blocked read at once; entries it was handed meanwhile stay pending for another consumer.
      const stopping = loop.stop();
      reader.disconnect();
      await stopping;
      // Entries in hand finish and are acknowledged; a stop that gives up on them leaves them pending.
      await handling.settled();
      await leaveGroups([consumer], logger);
    },
  };
}
