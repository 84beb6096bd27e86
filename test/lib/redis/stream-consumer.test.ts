import { createServer, connect, type Socket } from 'node:net';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import {
  createStreamConsumer,
  handleInOrder,
  workStream,
  type StreamEntry,
} from '../../../src/lib/redis/stream-consumer.ts';
import { redisPerFile, startRedisServer } from '../../support/redis.ts';
import { waitFor } from '../../orders/support/world.ts';

// The consumer group member on its own, against a private Redis: delivery, acknowledgement, takeover of a
// crashed consumer's entries, removal of dead consumers, and a group lost with Redis's data.

const GROUP = 'workers';

async function consumerNames(redis: Redis, stream: string): Promise<Record<string, number>> {
  const rows = (await redis.xinfo('CONSUMERS', stream, GROUP)) as unknown[][];
  const out: Record<string, number> = {};
  for (const row of rows) {
    const info: Record<string, unknown> = {};
    for (let i = 0; i + 1 < row.length; i += 2) info[String(row[i])] = row[i + 1];
    out[String(info['name'])] = Number(info['pending']);
  }
  return out;
}

async function pendingCount(redis: Redis, stream: string): Promise<number> {
  const summary = (await redis.xpending(stream, GROUP)) as [number, ...unknown[]];
  return Number(summary[0]);
}

const ids = (entries: StreamEntry[]) => entries.map((e) => e.id);

describe('createStreamConsumer', () => {
  let redis: Redis;
  let n = 0;

  redisPerFile((client) => {
    redis = client;
  });

  /** A consumer that reads two new entries and dies: it never acknowledges them and never reads again. */
  async function abandonedEntries(stream: string, consumer: string): Promise<string[]> {
    const crashed = createStreamConsumer({ redis, stream, group: GROUP, consumer });
    await crashed.read();
    const added = [await redis.xadd(stream, '*', 'n', '1'), await redis.xadd(stream, '*', 'n', '2')];
    expect(ids(await crashed.read())).toEqual(added);
    return added.map(String);
  }

  it('delivers new entries once, with their fields, and keeps them pending until acknowledged', async () => {
    const stream = `s${++n}`;
    const consumer = createStreamConsumer({ redis, stream, group: GROUP, consumer: 'a' });
    expect(await consumer.read()).toEqual([]); // creates the group (and the stream) with nothing to read
    const added = [
      await redis.xadd(stream, '*', 'order', 'o1', 'kind', 'paid'),
      await redis.xadd(stream, '*', 'order', 'o2', 'kind', 'failed'),
      await redis.xadd(stream, '*', 'order', 'o3', 'kind', 'paid'),
    ];
    const got = await consumer.read();
    expect(ids(got)).toEqual(added);
    expect(got.map((e) => e.fields)).toEqual([
      { order: 'o1', kind: 'paid' },
      { order: 'o2', kind: 'failed' },
      { order: 'o3', kind: 'paid' },
    ]);
    expect(await consumer.read()).toEqual([]); // not delivered twice
    expect(await pendingCount(redis, stream)).toBe(3);
    await consumer.ack(added[0]!);
    await consumer.ack(added[2]!);
    expect(await pendingCount(redis, stream)).toBe(1);
    await consumer.ack(added[1]!);
    expect(await pendingCount(redis, stream)).toBe(0);
  });

  it("handles one key's entries in stream order and different keys' at once; a failed entry stays pending", async () => {
    const stream = `s${++n}`;
    const consumer = createStreamConsumer({ redis, stream, group: GROUP, consumer: 'a' });
    await consumer.read();
    const added = [
      await redis.xadd(stream, '*', 'order', 'o1', 'step', '1'),
      await redis.xadd(stream, '*', 'order', 'o1', 'step', '2'),
      await redis.xadd(stream, '*', 'order', 'o2', 'step', '1'),
      await redis.xadd(stream, '*', 'order', 'o3', 'step', 'bad'),
    ];
    const started: string[] = [];
    const finished: string[] = [];
    let releaseFirst!: () => void;
    const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
    const failed: string[] = [];
    const handling = handleInOrder(consumer, {
      keyOf: (entry) => entry.fields['order']!,
      handle: async (entry) => {
        const name = `${entry.fields['order']}/${entry.fields['step']}`;
        started.push(name);
        // o1's first entry is held until o2's was handled: only possible when keys run at once
        if (name === 'o1/1') await firstHeld;
        if (name === 'o2/1') releaseFirst();
        if (entry.fields['step'] === 'bad') throw new Error('cannot handle');
        finished.push(name);
      },
      onError: (_error, entry) => failed.push(entry.id),
    });
    expect(handling.take(await consumer.read())).toBe(4);
    await handling.settled();
    // o1/2 began only after o1/1 finished, although o2/1 had finished first
    expect(finished).toEqual(['o2/1', 'o1/1', 'o1/2']);
    expect(started.indexOf('o1/2')).toBeGreaterThan(started.indexOf('o2/1'));
    expect(failed).toEqual([added[3]]);
    const pending = (await redis.xpending(stream, GROUP, '-', '+', 10)) as Array<[string, ...unknown[]]>;
    expect(pending.map((p) => p[0])).toEqual([added[3]]);
  });

  it("an entry held up holds back only its own key's later entries, read later too; the others are handled and acknowledged meanwhile", async () => {
    const stream = `s${++n}`;
    const consumer = createStreamConsumer({ redis, stream, group: GROUP, consumer: 'a' });
    await consumer.read();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const finished: string[] = [];
    const handling = handleInOrder(consumer, {
      keyOf: (entry) => entry.fields['order']!,
      handle: async (entry) => {
        const name = `${entry.fields['order']}/${entry.fields['step']}`;
        if (name === 'o1/1') await held;
        finished.push(name);
      },
      onError: () => undefined,
    });
    const first = await redis.xadd(stream, '*', 'order', 'o1', 'step', '1');
    expect(handling.take(await consumer.read())).toBe(1);
    // a later read, while o1/1 is still held: o2's entry goes through at once, o1's next waits for o1/1
    await redis.xadd(stream, '*', 'order', 'o1', 'step', '2');
    await redis.xadd(stream, '*', 'order', 'o2', 'step', '1');
    expect(handling.take(await consumer.read())).toBe(2);
    await waitFor(async () => (await pendingCount(redis, stream)) === 2, 10_000, "o2's entry acknowledged");
    expect(finished).toEqual(['o2/1']);
    expect(handling.busy()).toBe(2);
    // the held entry, handed back by a read (as a takeover would), is not taken twice
    expect(handling.take([{ id: first!, fields: { order: 'o1', step: '1' } }])).toBe(0);
    release();
    await handling.settled();
    expect(finished).toEqual(['o2/1', 'o1/1', 'o1/2']);
    expect(await pendingCount(redis, stream)).toBe(0);
  });

  it("an entry whose handler holds its acknowledgment (HeldAck) stays pending until then, without holding back its key's next entry", async () => {
    const stream = `s${++n}`;
    const consumer = createStreamConsumer({ redis, stream, group: GROUP, consumer: 'a' });
    await consumer.read();
    let letGo!: () => void;
    let fail!: (error: Error) => void;
    const finished: string[] = [];
    const failed: string[] = [];
    const handling = handleInOrder(consumer, {
      keyOf: (entry) => entry.fields['order']!,
      handle: async (entry) => {
        const name = `${entry.fields['order']}/${entry.fields['step']}`;
        finished.push(name);
        if (name === 'o1/1') return { ackAfter: new Promise<void>((resolve) => (letGo = resolve)) };
        if (name === 'o2/1') return { ackAfter: new Promise<void>((_, reject) => (fail = reject)) };
        return undefined;
      },
      onError: (_error, entry) => failed.push(entry.id),
    });
    const held = await redis.xadd(stream, '*', 'order', 'o1', 'step', '1');
    await redis.xadd(stream, '*', 'order', 'o1', 'step', '2');
    const refused = await redis.xadd(stream, '*', 'order', 'o2', 'step', '1');
    expect(handling.take(await consumer.read())).toBe(3);
    // o1/2 is handled and acknowledged while o1/1 is still held; held entries are not in hand
    await waitFor(async () => (await pendingCount(redis, stream)) === 2, 10_000, 'o1/2 acknowledged');
    expect(finished).toEqual(['o1/1', 'o2/1', 'o1/2']);
    expect(handling.busy()).toBe(0);
    // a held entry handed back by a read (as a takeover would) is not taken again
    expect(handling.take([{ id: held!, fields: { order: 'o1', step: '1' } }])).toBe(0);
    // a stop does not wait for held entries: they stay pending until let go (or taken over)
    await handling.settled();
    expect(await pendingCount(redis, stream)).toBe(2);
    fail(new Error('not shown'));
    await waitFor(async () => failed.length === 1, 10_000, "o2/1's hold failed");
    expect(failed).toEqual([refused]);
    letGo();
    await waitFor(async () => (await pendingCount(redis, stream)) === 1, 10_000, 'o1/1 acknowledged');
    // the failed hold leaves its entry pending, like a failed handler
    const pending = (await redis.xpending(stream, GROUP, '-', '+', 10)) as Array<[string, ...unknown[]]>;
    expect(pending.map((p) => p[0])).toEqual([refused]);
  });

  it('reads at most `batch` entries at a time, in order', async () => {
    const stream = `s${++n}`;
    const consumer = createStreamConsumer({ redis, stream, group: GROUP, consumer: 'a', batch: 2 });
    await consumer.read();
    const added: string[] = [];
    for (let i = 0; i < 5; i++) added.push((await redis.xadd(stream, '*', 'i', String(i)))!);
    const seen: string[] = [];
    for (let round = 0; round < 3; round++) {
      const got = await consumer.read();
      expect(got.length).toBeLessThanOrEqual(2);
      for (const entry of got) {
        seen.push(entry.id);
        await consumer.ack(entry.id);
      }
    }
    expect(seen).toEqual(added);
  });

  it("takes over a crashed consumer's unacknowledged entries, then removes the dead consumer", async () => {
    const stream = `s${++n}`;
    const added = await abandonedEntries(stream, 'crashed');

    const live = createStreamConsumer({
      redis,
      stream,
      group: GROUP,
      consumer: 'live',
      claimIdleMs: 30,
      reapIdleMs: 30,
    });
    const taken = await waitFor(
      async () => {
        const got = await live.read();
        return got.length > 0 ? got : null;
      },
      20_000,
      'the abandoned entries',
    );
    expect(ids(taken)).toEqual(added);
    // While it still held entries the dead consumer was never dropped (that would drop its entries too).
    expect(Object.keys(await consumerNames(redis, stream)).sort()).toEqual(['crashed', 'live']);
    expect(await consumerNames(redis, stream)).toMatchObject({ crashed: 0, live: 2 });
    for (const id of added) await live.ack(id);

    // With nothing pending and idle past reapIdleMs, the dead consumer goes at a later read.
    await waitFor(
      async () => {
        await live.read();
        return !('crashed' in (await consumerNames(redis, stream)));
      },
      20_000,
      'the dead consumer removed',
    );
    expect(await consumerNames(redis, stream)).toEqual({ live: 0 });
    expect(await pendingCount(redis, stream)).toBe(0);
  });

  it("one read gives a dead consumer's abandoned entries first, then the new ones", async () => {
    const stream = `s${++n}`;
    const old = await abandonedEntries(stream, 'gone');
    const live = createStreamConsumer({ redis, stream, group: GROUP, consumer: 'here', claimIdleMs: 30 });
    // Past claimIdleMs for the abandoned entries; a new entry waits beside them.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const fresh = String(await redis.xadd(stream, '*', 'n', '3'));
    expect(ids(await live.read())).toEqual([...old, fresh]);
    expect(await consumerNames(redis, stream)).toMatchObject({ gone: 0, here: 3 });
    await live.ack(...old, fresh);
    expect(await pendingCount(redis, stream)).toBe(0);
  });

  it('looks for abandoned entries at most once a period under a burst of reads, at once again while a look finds a whole batch', async () => {
    const stream = `s${++n}`;
    const crashed = createStreamConsumer({ redis, stream, group: GROUP, consumer: 'dead' });
    await crashed.read();
    for (let i = 0; i < 250; i++) await redis.xadd(stream, '*', 'n', String(i));
    let delivered = 0;
    while (delivered < 250) delivered += (await crashed.read()).length;
    // claimIdleMs 4 s: a look for abandoned entries at most every second
    const live = createStreamConsumer({ redis, stream, group: GROUP, consumer: 'live', claimIdleMs: 4_000 });
    await live.read();
    await new Promise((resolve) => setTimeout(resolve, 4_100));
    const xautoclaims = async () =>
      Number(/cmdstat_xautoclaim:calls=(\d+)/.exec(await redis.info('commandstats'))?.[1] ?? 0);
    // three whole batches' worth taken over by back-to-back reads, whatever the period
    const before = await xautoclaims();
    const started = Date.now();
    const taken = [...(await live.read()), ...(await live.read()), ...(await live.read())];
    expect(taken).toHaveLength(250);
    expect(await consumerNames(redis, stream)).toMatchObject({ dead: 0, live: 250 });
    // then a burst of reads looks once a second at most
    for (let i = 0; i < 20; i++) await live.read();
    const seconds = Math.ceil((Date.now() - started) / 1_000);
    expect((await xautoclaims()) - before).toBeLessThanOrEqual(3 + seconds);
    expect((await xautoclaims()) - before).toBeLessThan(23);
    await live.ack(...ids(taken));
  });

  it('does not take over entries that are not idle yet, nor remove a live consumer', async () => {
    const stream = `s${++n}`;
    const busy = createStreamConsumer({ redis, stream, group: GROUP, consumer: 'busy' });
    await busy.read();
    const id = await redis.xadd(stream, '*', 'n', '1');
    expect(ids(await busy.read())).toEqual([id]);
    // Default claim (30 s) and reap (10 min) times: a newcomer leaves the entry and the consumer alone.
    const other = createStreamConsumer({ redis, stream, group: GROUP, consumer: 'other' });
    expect(await other.read()).toEqual([]);
    expect(await consumerNames(redis, stream)).toMatchObject({ busy: 1 });
    expect(await pendingCount(redis, stream)).toBe(1);
    await busy.ack(id!);
  });

  it('close leaves the group when nothing is pending, and stays while entries are pending', async () => {
    const stream = `s${++n}`;
    const idle = createStreamConsumer({ redis, stream, group: GROUP, consumer: 'idle' });
    const holding = createStreamConsumer({ redis, stream, group: GROUP, consumer: 'holding' });
    await idle.read();
    await holding.read();
    const id = await redis.xadd(stream, '*', 'n', '1');
    expect(ids(await holding.read())).toEqual([id]);
    await idle.close();
    await holding.close();
    expect(await consumerNames(redis, stream)).toEqual({ holding: 1 });

    // A restarted replica under the same name takes its own entry back once it is idle past claimIdleMs.
    const restarted = createStreamConsumer({
      redis,
      stream,
      group: GROUP,
      consumer: 'holding',
      claimIdleMs: 30,
    });
    const again = await waitFor(
      async () => {
        const got = await restarted.read();
        return got.length > 0 ? got : null;
      },
      20_000,
      'the entry again after restart',
    );
    expect(ids(again)).toEqual([id]);
    await restarted.ack(id!);
    await restarted.close();
    expect(await consumerNames(redis, stream)).toEqual({});
  });

  it('creates the group again when Redis lost it, and goes on delivering', async () => {
    const stream = `s${++n}`;
    const consumer = createStreamConsumer({ redis, stream, group: GROUP, consumer: 'a' });
    await consumer.read();
    const first = await redis.xadd(stream, '*', 'n', '1');
    expect(ids(await consumer.read())).toEqual([first]);
    await consumer.ack(first!);

    await redis.del(stream); // as after a Redis restart without its data: the group is gone
    expect(await consumer.read()).toEqual([]);
    const groups = (await redis.xinfo('GROUPS', stream)) as unknown[][];
    expect(groups.length).toBe(1);

    const second = await redis.xadd(stream, '*', 'n', '2');
    const got = await consumer.read();
    expect(ids(got)).toEqual([second]);
    expect(got[0]!.fields).toEqual({ n: '2' });
  });

  it('survives a real Redis restart without data', async () => {
    const own = await startRedisServer();
    const client = new Redis(own.url, { maxRetriesPerRequest: null });
    try {
      const stream = 'restart';
      const consumer = createStreamConsumer({ redis: client, stream, group: GROUP, consumer: 'a' });
      await consumer.read();
      await own.stop();
      await own.start();
      await waitFor(async () => (await client.ping()) === 'PONG', 20_000, 'reconnected');
      expect(await client.exists(stream)).toBe(0);
      expect(await consumer.read()).toEqual([]);
      const id = await client.xadd(stream, '*', 'n', '1');
      expect(ids(await consumer.read())).toEqual([id]);
    } finally {
      client.disconnect();
      await own.dispose();
    }
  });

  it('workStream handles what any process adds while it waits, without polling, and stop ends the wait and leaves', async () => {
    const stream = `s${++n}`;
    const handled: string[] = [];
    // A minute's block: were it polling, nothing below would be handled within the test's time.
    const worker = recordingWorker({ redis, stream, consumer: 'blocking', blockMs: 60_000 }, handled);
    try {
      await waitFor(async () => (await redis.exists(stream)) === 1, 20_000, 'group created');
      const other = redis.duplicate();
      try {
        await other.xadd(stream, '*', 'n', '1');
        await waitFor(() => handled.length === 1, 20_000, 'first entry handled');
        await other.xadd(stream, '*', 'n', '2');
        await other.xadd(stream, '*', 'n', '3');
        await waitFor(() => handled.length === 3, 20_000, 'later entries handled');
      } finally {
        other.disconnect();
      }
      await waitFor(async () => (await pendingCount(redis, stream)) === 0, 20_000, 'all acknowledged');
    } finally {
      await worker.stop(); // blocked for up to a minute: stop must cut the wait (the test would time out)
    }
    expect(handled).toEqual(['1', '2', '3']);
    expect(await consumerNames(redis, stream)).toEqual({});
  });

  it('workStream replaces a blocked read that hangs past its block (a connection a restart left silent), and goes on', async () => {
    const stream = `s${++n}`;
    const proxy = await silenceableProxy(redis.options.port!);
    const client = new Redis({ port: proxy.port, maxRetriesPerRequest: null });
    const handled: string[] = [];
    // Were the second entry handed to the silent read, it would be taken back after claimIdleMs.
    const worker = recordingWorker({ redis: client, stream, blockMs: 100, claimIdleMs: 1_000 }, handled);
    try {
      await redis.xadd(stream, '*', 'n', '1');
      await waitFor(() => handled.length === 1, 20_000, 'first entry handled');
      // The reader's connection stays open and silent both ways, as one a server's restart left hanging.
      proxy.silenceBlocking();
      await redis.xadd(stream, '*', 'n', '2');
      await waitFor(() => handled.length === 2, 40_000, 'entry handled through a new connection');
    } finally {
      await worker.stop();
      client.disconnect();
      proxy.close();
    }
    expect(handled).toEqual(['1', '2']);
  }, 60_000);
});

/** A stream worker of the group GROUP that records each entry's `n` in `handled`. */
function recordingWorker(
  options: { redis: Redis; stream: string; blockMs: number; consumer?: string; claimIdleMs?: number },
  handled: string[],
): { stop(): Promise<void> } {
  return workStream({
    name: 'test',
    group: GROUP,
    ...options,
    keyOf: (entry) => entry.id,
    handle: async (entry) => {
      handled.push(entry.fields['n']!);
    },
    onError: (error) => {
      throw error;
    },
  });
}

/**
 * A TCP proxy to a local Redis whose connection that last sent a blocking read (XREADGROUP … BLOCK) can be made to
 * go silent; the others and new ones pass.
 */
async function silenceableProxy(
  target: number,
): Promise<{ port: number; silenceBlocking(): void; close(): void }> {
  const open: Socket[][] = [];
  let blocking: Socket[] = [];
  const server = createServer((inbound) => {
    const outbound = connect(target, '127.0.0.1');
    open.push([inbound, outbound]);
    inbound.on('data', (chunk: Buffer) => {
      if (chunk.includes('BLOCK')) blocking = [inbound, outbound];
    });
    inbound.pipe(outbound);
    outbound.pipe(inbound);
    const end = () => {
      inbound.destroy();
      outbound.destroy();
    };
    inbound.on('error', end);
    outbound.on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no proxy port');
  return {
    port: address.port,
    silenceBlocking() {
      for (const socket of blocking) {
        socket.unpipe();
        socket.pause();
      }
    },
    close() {
      server.close();
      for (const socket of open.flat()) socket.destroy();
    },
  };
}
