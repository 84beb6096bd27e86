import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequestBudget, LEFT_LINE } from '../../src/merchant/budget.ts';
import { merchantKeys } from '../../src/merchant/keys.ts';
import { lineEta } from '../../src/merchant/budget-line.ts';
import { isMerchantError } from '../../src/merchant/errors.ts';
import type { CallPriority, LineView } from '../../src/merchant/types.ts';
import { killChild, startChild } from '../support/child.ts';
import { startRedisServer, type RedisServerHandle } from '../support/redis.ts';
import { redisNowMs, waitFor } from './support/minute.ts';

// The shared line in front of the request budget, on a real Redis. The budget's "minute" is shortened
// (windowMs) so several minutes of a busy line pass in seconds; nothing else differs from production.

let server: RedisServerHandle;
let redis: Redis;

beforeAll(async () => {
  server = await startRedisServer();
  redis = new Redis(server.url, { maxRetriesPerRequest: 1 });
});

afterAll(async () => {
  redis.disconnect();
  await server.dispose();
});

const freshPrefix = (): string => `t${randomBytes(4).toString('hex')}:`;

/**
 * Holds the line by construction, whatever the time in the window: puts an order's placement at its head whose
 * waiter has stepped away (aborted, stable id) with a lease that outlives the test, so the place stays live and
 * nobody polls it. With a limit of one, every call behind it waits until the test leaves it (`budget.leave(id)`).
 * A join that still finds the window's slot free takes it; the next one then finds the window spent and keeps its
 * place. Returns the held place's id.
 */
async function holdLine(prefix: string, windowMs: number): Promise<string> {
  const holder = createRequestBudget({ redis, prefix, limitPerMinute: 1, windowMs, leaseMs: 600_000 });
  for (let i = 0; ; i++) {
    const id = `order:ahead-${i}`;
    const away = new AbortController();
    const kept = await holder
      .acquire('placement', away.signal, { id, owner: 'ahead', onWait: () => away.abort() })
      .then(
        () => false,
        (error: unknown) => {
          if (isMerchantError(error) && error.kind === 'aborted') return true;
          throw error;
        },
      );
    if (kept) return id;
  }
}

/** Waits until at least `ms` remain in the current window (Redis clock), so a test's setup fits in one. */
async function windowHeadroom(windowMs: number, ms: number): Promise<void> {
  const now = await redisNowMs(redis);
  const left = windowMs - (now % windowMs);
  if (left < ms) await new Promise((resolve) => setTimeout(resolve, left + 20));
}

describe('the shared line: order of service', () => {
  it('serves waiters by priority: placement, interactive, bulk, background, catalogue', async () => {
    const windowMs = 1_000;
    const prefix = freshPrefix();
    const budget = createRequestBudget({ redis, prefix, limitPerMinute: 1, windowMs });
    // Nobody is served while the line is held, however long the joins below take.
    const ahead = await holdLine(prefix, windowMs);
    const order: CallPriority[] = [];
    const inLine = new Set<CallPriority>();
    const joined: Promise<unknown>[] = [];
    // Joined lowest first: arriving earlier buys nothing against a higher priority.
    for (const p of ['catalogue', 'background', 'bulk', 'interactive', 'placement'] as const) {
      joined.push(
        budget.acquire(p, undefined, { id: `p-${p}`, onWait: () => inLine.add(p) }).then(() => order.push(p)),
      );
      await waitFor(() => inLine.has(p), 5_000, `${p} in line`);
    }
    expect(await budget.leave(ahead)).toBe(true);
    await Promise.all(joined);
    expect(order).toEqual(['placement', 'interactive', 'bulk', 'background', 'catalogue']);
  });

  it("round-robin inside a priority: one owner's fifty queued lines do not hold back three others", async () => {
    const windowMs = 1_000;
    const budget = createRequestBudget({ redis, prefix: freshPrefix(), limitPerMinute: 6, windowMs });
    const served: string[] = [];
    const stop = new AbortController();
    // A bulk of 50 lines from one reseller, all queued at once at the bulk priority.
    const bulk = Array.from({ length: 50 }, (_, i) =>
      budget
        .acquire('bulk', stop.signal, { id: `bulk-${i}`, owner: 'reseller-1' })
        .then(() => served.push(`bulk-${i}`))
        .catch(() => undefined),
    );
    await waitFor(async () => served.length >= 3, 15_000, 'the bulk under way');
    // Three other resellers' single lines arrive while the bulk still has dozens queued.
    const singles = ['reseller-2', 'reseller-3', 'reseller-4'].map((owner) =>
      budget.acquire('bulk', undefined, { id: `single-${owner}`, owner }).then(() => {
        served.push(owner);
        return served.length;
      }),
    );
    const joinedAt = served.length;
    const at = await Promise.all(singles);
    stop.abort();
    await Promise.all(bulk);
    // Each single was served within the first few grants after it arrived: at most one bulk line per
    // round ahead of it, and a window (5 bulk slots) serves that round.
    for (const index of at) expect(index - joinedAt).toBeLessThanOrEqual(6);
    expect(served.filter((s) => s.startsWith('bulk-')).length).toBeLessThan(50);
  });

  it("holds a read back while the window's pace says orders and quotes will need the rest of the minute", async () => {
    const windowMs = 4_000;
    const budget = createRequestBudget({ redis, prefix: freshPrefix(), limitPerMinute: 6, windowMs });
    await windowHeadroom(windowMs, 3_000);
    for (let i = 0; i < 3; i++) await budget.acquire('placement');
    const stop = new AbortController();
    let readServed = false;
    const read = budget
      .acquire('background', stop.signal, { id: 'read' })
      .then(() => {
        readServed = true;
      })
      .catch(() => undefined);
    await waitFor(async () => (await budget.snapshot()).waiting.background === 1, 5_000, 'the read in line');
    // Half the minute gone in a fraction of it: the read waits although slots are free; a quote does not.
    await budget.acquire('interactive');
    expect(readServed).toBe(false);
    expect((await budget.snapshot()).usedThisMinute).toBe(4);
    // In a quiet window the read is served (at the latest when the window turns).
    await read;
    expect(readServed).toBe(true);
    stop.abort();
  });

  it('tells each waiter its position and an estimate, and moves it up as others are served', async () => {
    const windowMs = 1_500;
    const budget = createRequestBudget({
      redis,
      prefix: freshPrefix(),
      limitPerMinute: 1,
      windowMs,
      pollMs: 200,
    });
    await windowHeadroom(windowMs, 1_000);
    await budget.acquire('interactive');
    const views: LineView[] = [];
    const first = budget.acquire('interactive', undefined, { id: 'a', owner: 'a' });
    await waitFor(async () => (await budget.snapshot()).waiting.interactive === 1, 5_000, 'a in line');
    const second = budget.acquire('interactive', undefined, {
      id: 'b',
      owner: 'b',
      onWait: (view) => views.push(view),
    });
    await Promise.all([first, second]);
    expect(views[0]?.position).toBe(2);
    expect(views.at(-1)?.position).toBe(1);
    // Two places behind a spent window: at least one window to wait, never a negative or absurd figure.
    expect(views[0]!.etaMs).toBeGreaterThan(0);
    expect(views[0]!.etaMs).toBeLessThanOrEqual(2 * windowMs);
  });
});

describe('the shared line: a call nobody is ahead of', () => {
  it('takes its slot, counted in the window, and leaves nothing of a place behind; once the window is spent, a call keeps a place', async () => {
    const prefix = freshPrefix();
    const windowMs = 60_000;
    await windowHeadroom(windowMs, 5_000);
    const budget = createRequestBudget({ redis, prefix, limitPerMinute: 3, windowMs });
    const [state, tickets, lease, owners] = merchantKeys(prefix).budget;
    for (const priority of ['placement', 'interactive', 'bulk'] as const) {
      await budget.acquire(priority, undefined, { id: `order:${priority}`, owner: 'reseller-1' });
    }
    expect(await redis.exists(tickets!, lease!, owners!)).toBe(0);
    expect(await redis.hget(state!, 'used')).toBe('3');
    // the window is spent: a fourth waits in line like any other, with its place
    const away = new AbortController();
    const waiting = budget
      .acquire('placement', away.signal, { id: 'order:fourth', owner: 'reseller-1' })
      .catch((error: unknown) => error);
    await waitFor(async () => (await redis.hexists(tickets!, 'order:fourth')) === 1, 5_000, 'a place');
    away.abort();
    expect(isMerchantError(await waiting)).toBe(true);
  });
});

describe('the shared line: leaving and coming back', () => {
  it('a place left (❌, /cancel) is gone: its waiter stops with left-line and the next one moves up', async () => {
    const windowMs = 60_000;
    const prefix = freshPrefix();
    const budget = createRequestBudget({ redis, prefix, limitPerMinute: 1, windowMs });
    // An order holds the line (one place ahead of both waiters), so neither is served by a window turning.
    await holdLine(prefix, windowMs);
    const outcome = budget.acquire('interactive', undefined, { id: 'chat:1:f:1', owner: '1' }).then(
      () => 'served',
      (error: unknown) => (isMerchantError(error) ? `${error.kind}:${error.code}` : 'other'),
    );
    const positions: number[] = [];
    const behind = new AbortController();
    const next = budget
      .acquire('interactive', behind.signal, {
        id: 'chat:2:f:1',
        owner: '2',
        onWait: (v) => positions.push(v.position),
      })
      .catch(() => undefined);
    await waitFor(() => positions.length > 0, 5_000, 'the second waiter');
    expect(positions[0]).toBe(3);
    expect(await budget.leave('chat:1:f:1')).toBe(true);
    expect(await outcome).toBe(`aborted:${LEFT_LINE}`);
    await waitFor(() => positions.at(-1) === 2, 10_000, 'the second waiter moving up');
    // Leaving twice, or a place that never waited, changes nothing.
    expect(await budget.leave('chat:1:f:1')).toBe(false);
    expect(await budget.leave('never')).toBe(false);
    // An abort keeps a stable place (its owner may come back for it); leaving removes it.
    behind.abort();
    await next;
    expect((await budget.snapshot()).waiting.interactive).toBe(1);
    expect(await budget.leave('chat:2:f:1')).toBe(true);
    expect((await budget.snapshot()).waiting.interactive).toBe(0);
  });

  it('a replica killed while waiting keeps its place: passed over meanwhile, then served for the replica that resumes it', async () => {
    const windowMs = 1_000;
    const prefix = freshPrefix();
    const budget = createRequestBudget({
      redis,
      prefix,
      limitPerMinute: 1,
      windowMs,
      leaseMs: 500,
      pollMs: 200,
    });
    // An earlier order holds the line, so nothing below is served before the test lets it, however slow the
    // machine: replica A is still waiting when it is killed, and the later placement has to wait.
    const ahead = await holdLine(prefix, windowMs);
    // Replica A waits in line for an order's placement (a stable place id, as the order service uses).
    const child = startChild('test/merchant/support/line-waiter.ts', {
      PATH: process.env.PATH ?? '',
      REDIS_URL: server.url,
      PREFIX: prefix,
      PLACE: 'order:RB-1',
      WINDOW_MS: String(windowMs),
      LEASE_MS: '500',
    });
    try {
      await waitFor(() => child.output.some((l) => l.startsWith('WAITING')), 20_000, 'replica A in line');
    } finally {
      await killChild(child);
    }
    expect(child.output).not.toContain('SERVED');
    // A later placement of another reseller, while A's place has no live waiter: it is not blocked by it.
    const later: LineView[] = [];
    const laterServed = budget.acquire('placement', undefined, {
      id: 'order:RB-2',
      owner: 'someone-else',
      onWait: (v) => later.push(v),
    });
    await waitFor(() => later.length > 0, 5_000, 'the later placement in line');
    // A's place is still there, ahead of the later one (and behind the order holding the line).
    expect(later[0]!.position).toBe(3);
    // The order ahead leaves; with one slot a window, the later placement is served only by passing over A's
    // place, which keeps waiting.
    expect(await budget.leave(ahead)).toBe(true);
    await laterServed;
    expect((await budget.snapshot()).waiting.placement).toBe(1);
    // Replica B resumes the order under the same place id: the place is still there and is served.
    const resumed: LineView[] = [];
    await budget.acquire('placement', undefined, {
      id: 'order:RB-1',
      owner: 'replica-b',
      onWait: (v) => resumed.push(v),
    });
    expect(resumed.every((v) => v.position === 1)).toBe(true);
    expect((await budget.snapshot()).waiting.placement).toBe(0);
  });

  it('a place whose waiter never comes back is dropped after the keep time', async () => {
    const windowMs = 60_000;
    const prefix = freshPrefix();
    const budget = createRequestBudget({
      redis,
      prefix,
      limitPerMinute: 1,
      windowMs,
      leaseMs: 100,
      dormantKeepMs: 300,
    });
    // A held line, so the place below waits whatever the time; the held place itself is live and stays.
    await holdLine(prefix, windowMs);
    const gone = new AbortController();
    const waiting = budget.acquire('placement', gone.signal, { id: 'order:gone' }).catch(() => undefined);
    await waitFor(async () => (await budget.snapshot()).waiting.placement === 2, 5_000, 'the place');
    gone.abort();
    await waiting;
    // Kept at first (a stable id survives its waiter)…
    expect((await budget.snapshot()).waiting.placement).toBe(2);
    // …and dropped by the next caller's check once the keep time has passed.
    await waitFor(
      async () => {
        await budget.tryAcquire('catalogue');
        return (await budget.snapshot()).waiting.placement === 1;
      },
      10_000,
      'the abandoned place dropped',
    );
  });
});

describe('the shared line: pure rules and keys', () => {
  it('estimates a wait from the position, the room left in the window and whole windows after it', () => {
    const base = { used: 4, allowance: 6, msToWindowEnd: 20_000, windowMs: 60_000 };
    expect(lineEta(1, base)).toBe(0);
    expect(lineEta(2, base)).toBe(0);
    expect(lineEta(3, base)).toBe(20_000);
    expect(lineEta(8, base)).toBe(20_000);
    expect(lineEta(9, base)).toBe(80_000);
    expect(lineEta(1, { ...base, pausedMs: 30_000 })).toBe(30_000);
  });

  it('puts every key of the line in one Redis Cluster slot (one hash tag), under REDIS_PREFIX', () => {
    const keys = merchantKeys('rb:').budget;
    expect(keys.length).toBeGreaterThan(5);
    for (const key of keys) {
      expect(key.startsWith('rb:')).toBe(true);
      expect(/\{([^}]*)\}/.exec(key)?.[1]).toBe('budget');
    }
  });
});
