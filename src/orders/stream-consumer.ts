import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';

export interface StreamEntry {
  id: string;
  fields: Record<string, string>;
}

export interface StreamConsumerOptions {
  redis: Redis;
  stream: string;
  group: string;
  /** Unique per process; defaults to a random name. */
  consumer?: string;
  /** Entries taken per read. */
  batch?: number;
  /** An entry delivered to a consumer that did not acknowledge it for this long is taken over (crashed replica). */
  claimIdleMs?: number;
}

export interface StreamConsumer {
  /** Entries to process: first those abandoned by a dead consumer, then new ones. Never blocks. */
  read(): Promise<StreamEntry[]>;
  /** Marks an entry as done for this group. */
  ack(id: string): Promise<void>;
}

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
 * A Redis stream consumer group member: at-least-once delivery across replicas and restarts (an entry
 * stays pending until acknowledged and is taken over by XAUTOCLAIM after `claimIdleMs`), so every handler
 * behind it must be idempotent.
 */
export function createStreamConsumer(options: StreamConsumerOptions): StreamConsumer {
  const { redis, stream, group } = options;
  const consumer = options.consumer ?? `c-${randomBytes(6).toString('hex')}`;
  const batch = options.batch ?? 20;
  const claimIdleMs = options.claimIdleMs ?? 30_000;
  let groupReady = false;

  async function ensureGroup(): Promise<void> {
    try {
      await redis.xgroup('CREATE', stream, group, '0', 'MKSTREAM');
    } catch (error) {
      if (!(error instanceof Error) || !error.message.includes('BUSYGROUP')) throw error;
    }
    groupReady = true;
  }

  async function readOnce(): Promise<StreamEntry[]> {
    const claimed = (await redis.xautoclaim(stream, group, consumer, claimIdleMs, '0-0', 'COUNT', batch)) as [
      string,
      unknown,
    ];
    const abandoned = toEntries(claimed[1]);
    if (abandoned.length > 0) return abandoned;
    const fresh = (await redis.xreadgroup(
      'GROUP',
      group,
      consumer,
      'COUNT',
      batch,
      'STREAMS',
      stream,
      '>',
    )) as Array<[string, unknown]> | null;
    return fresh === null || fresh.length === 0 ? [] : toEntries(fresh[0]![1]);
  }

  return {
    async read() {
      if (!groupReady) await ensureGroup();
      try {
        return await readOnce();
      } catch (error) {
        // The group is gone (Redis restarted without its data, or the stream was deleted): create it again.
        if (error instanceof Error && error.message.includes('NOGROUP')) {
          groupReady = false;
          await ensureGroup();
          return readOnce();
        }
        throw error;
      }
    },
    async ack(id) {
      await redis.xack(stream, group, id);
    },
  };
}
