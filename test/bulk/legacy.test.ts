import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULK_QUEUE, type BulkJob } from '../../src/bulk/runs.ts';
import { createBulkStore } from '../../src/bulk/store.ts';
import type { StandInUser } from '../../src/sandbox/telegram/driver.ts';
import type { ChatMessage } from '../../src/sandbox/telegram/types.ts';
import { startBotWorld, type BotWorld } from '../support/bot-world.ts';
import { resellerMaker, runIdOf } from './support.ts';
import { waitFor } from '../orders/support/world.ts';
import { FAST_USER, WAIT, allOrders, current } from '../bot/flow/helpers.ts';

// The upgrade from the hand-written bulk queue: runs that an older version left in Redis (started runs in the
// active set, a sorted set of due runs `bulk:runs:due` with leased claims, no BullMQ job) are carried on by the
// first worker that starts: each line placed once, each report sent once, a run still held by an old replica
// left to it until its lease runs out, and a paused run staying paused until ▶️.

let world: BotWorld;

beforeAll(async () => {
  // A `bot` replica only: the files are checked and stored, but no worker runs before the upgrade below.
  world = await startBotWorld({
    env: { ...FAST_USER, ROLE: 'bot' },
    overrides: { orderTimings: { idleMs: 20 }, bulkTimings: { progressEveryMs: 200 } },
  });
}, 60_000);

afterAll(async () => {
  await world?.close();
});

/** Valid Nigerian MTN numbers with distinct endings (no magic ending: they succeed). */
const ng = (i: number) => `+23480312${String(60_000 + i).padStart(5, '0')}`;

/** A fresh reseller per test (their own chat and credit). */
const reseller = resellerMaker(() => world, 720_000_500, 'L');

/** A checked file's summary (a draft), and its run ID. */
async function draft(
  user: StandInUser,
  first: number,
  lines: number,
): Promise<{ summary: ChatMessage; runId: string }> {
  const file = Array.from({ length: lines }, (_, i) => `${ng(first + i)},500,MTN,line ${i + 1}`).join('\n');
  const sent = user.sendDocument('old.csv', file);
  const summary = await user.waitForBotMessage((m) => m.text.includes(`${lines} valid lines`), {
    ...WAIT,
    after: sent.messageId,
  });
  const runId = runIdOf(summary, 'start');
  return { summary, runId };
}

/** The report documents sent into a chat, parsed. */
function reports(user: StandInUser): Array<Array<Record<string, string>>> {
  return user
    .chat()
    .filter((m) => m.from === 'bot' && m.file?.name?.startsWith('bulk-report'))
    .map(
      (m) =>
        parse(Buffer.from(world.standIn.driver.fileBytes(m.file?.fileId ?? '')!).toString('utf8'), {
          columns: true,
        }) as Array<Record<string, string>>,
    );
}

describe('bulk runs left in the old due-queue by an earlier version', () => {
  it('are adopted into BullMQ when a worker starts: every line placed once, one report each', async () => {
    const app = world.apps[0]!;
    const prefix = app.config.redis.prefix;
    const r = app.redis;
    const due = `${prefix}bulk:runs:due`;
    const ada = await reseller();
    const bob = await reseller();
    const cyd = await reseller();
    const a = await draft(ada, 0, 3);
    const b = await draft(bob, 10, 2);
    const c = await draft(cyd, 20, 2);
    // What the earlier version left: each run started (no `parked`, no `round`: those came with BullMQ) and in
    // the active set; A due in the old queue (its last holder's lease ran out), B paused (no entry), C held by an
    // old replica still running (its lease far ahead).
    const asOld = async (runId: string, messageId: number, state: 'running' | 'paused') => {
      await r.hdel(`${prefix}bulk:run:${runId}`, 'parked', 'round');
      await r.hset(`${prefix}bulk:run:${runId}`, {
        state,
        startedAt: String(Date.now()),
        messageId: String(messageId),
      });
      await r.persist(`${prefix}bulk:run:${runId}`);
      await r.persist(`${prefix}bulk:lines:${runId}`);
      await r.sadd(`${prefix}bulk:active`, runId);
    };
    await asOld(a.runId, a.summary.id, 'running');
    await r.zadd(due, Date.now() - 5_000, a.runId);
    await r.hset(`${prefix}bulk:runs:claims`, a.runId, 'dead-old-replica:1');
    await asOld(b.runId, b.summary.id, 'paused');
    await asOld(c.runId, c.summary.id, 'running');
    await r.zadd(due, Date.now() + 3_600_000, c.runId);
    await r.hset(`${prefix}bulk:runs:claims`, c.runId, 'live-old-replica:1');

    // The upgrade: a worker of this version starts.
    await world.startReplica({ ROLE: 'worker' });

    const [reportA] = await waitFor(() => (reports(ada).length > 0 ? reports(ada) : undefined), 60_000, 'A');
    expect(reportA!.map((row) => row.note)).toEqual(['line 1', 'line 2', 'line 3']);
    const orders = await allOrders(world);
    for (const row of reportA!) {
      expect(row.order_id).toMatch(/^O-/);
      expect(orders.filter((o) => o.external_order_id === row.merchant_order_number)).toHaveLength(1);
    }
    // B was paused: its job parked it (the progress message shows ▶️), nothing placed.
    const store = createBulkStore(r, prefix);
    await waitFor(async () => (await store.get(b.runId))?.parked, 30_000, 'B parked');
    const numbersOf = async (runId: string) => (await store.lines(runId)).map((l) => l.ext);
    const bNumbers = await numbersOf(b.runId);
    expect(orders.filter((o) => bNumbers.includes(o.external_order_id))).toEqual([]);
    // C is still the old replica's: not taken, no job, nothing placed.
    expect(await r.zscore(due, c.runId)).not.toBeNull();
    const jobs = await app.jobs
      .queue<BulkJob>(BULK_QUEUE)
      .getJobs(['wait', 'active', 'delayed', 'completed']);
    expect(jobs.filter((job) => job.data.runId === c.runId)).toEqual([]);
    const cNumbers = await numbersOf(c.runId);
    expect(orders.filter((o) => cNumbers.includes(o.external_order_id))).toEqual([]);

    // ▶️ on B's progress message carries it on; the old replica lets C go (its lease runs out), and it is adopted.
    const paused = await waitFor(() =>
      current(bob, b.summary.id)
        ?.buttons.flat()
        .some((button) => button.text.includes('▶️'))
        ? current(bob, b.summary.id)
        : undefined,
    );
    bob.press(paused, '▶️');
    await r.zadd(due, Date.now() - 1, c.runId);
    const [reportB] = await waitFor(() => (reports(bob).length > 0 ? reports(bob) : undefined), 60_000, 'B');
    const [reportC] = await waitFor(() => (reports(cyd).length > 0 ? reports(cyd) : undefined), 60_000, 'C');
    const after = await allOrders(world);
    for (const row of [...reportB!, ...reportC!]) {
      expect(row.order_id).toMatch(/^O-/);
      expect(after.filter((o) => o.external_order_id === row.merchant_order_number)).toHaveLength(1);
    }
    expect(await r.exists(due, `${prefix}bulk:runs:claims`)).toBe(0);
    // One report per run, and no other.
    for (const user of [ada, bob, cyd]) {
      expect(
        world.standIn.driver
          .calls('sendDocument')
          .filter(
            (call) =>
              String(call.params['chat_id']) === String(user.id) &&
              String(call.params['caption']).startsWith('Bulk report'),
          ),
      ).toHaveLength(1);
    }
  }, 180_000);
});
