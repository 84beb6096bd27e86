import type { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import type { LoggerLike } from '../../src/domain/log.ts';
import { runLoop } from '../../src/lib/loop.ts';
import { redisPerFile } from '../support/redis.ts';
import { waitFor } from '../orders/support/world.ts';

// The worker loop on its own: each round pops work from a real Redis list, as the order workers do.
// The idle wait is far longer than any waitFor here, so a test only passes when the loop reacts at once.

const LONG_IDLE_MS = 10 * 60_000;

function recordingLogger(): LoggerLike & { errors: Array<Record<string, unknown>> } {
  const errors: Array<Record<string, unknown>> = [];
  return {
    errors,
    debug() {},
    info() {},
    warn() {},
    error(obj) {
      errors.push(obj as Record<string, unknown>);
    },
  };
}

describe('runLoop', () => {
  let redis: Redis;
  let n = 0;

  redisPerFile((client) => {
    redis = client;
  });

  /** A round that moves one item from `key` to `key:done`; returns how many it moved. */
  function popRound(key: string, rounds: { count: number }) {
    return async () => {
      rounds.count++;
      const item = await redis.lmove(key, `${key}:done`, 'LEFT', 'RIGHT');
      return item === null ? 0 : 1;
    };
  }

  it('runs again at once while rounds report work, then waits idle', async () => {
    const key = `loop${++n}`;
    await redis.rpush(key, 'a', 'b', 'c', 'd', 'e');
    const rounds = { count: 0 };
    const loop = runLoop({ name: 'busy', round: popRound(key, rounds), idleMs: LONG_IDLE_MS });
    try {
      await waitFor(async () => (await redis.llen(`${key}:done`)) === 5, 20_000, 'five items moved');
      expect(await redis.lrange(`${key}:done`, 0, -1)).toEqual(['a', 'b', 'c', 'd', 'e']);
      // Five rounds with work and one that found nothing, then the idle wait.
      await waitFor(() => rounds.count === 6, 20_000, 'the empty round');
    } finally {
      await loop.stop();
    }
    expect(rounds.count).toBe(6);
  });

  it('backs off while rounds fail, logs the first failure, and recovers', async () => {
    const key = `loop${++n}`;
    await redis.set(key, 'not a list'); // every LMOVE now fails with WRONGTYPE
    const logger = recordingLogger();
    const starts: number[] = [];
    const idleMs = 5;
    const maxErrorMs = 80;
    const rounds = { count: 0 };
    const inner = popRound(key, rounds);
    const loop = runLoop({
      name: 'failing',
      idleMs,
      maxErrorMs,
      logger,
      round: async () => {
        starts.push(performance.now());
        return inner();
      },
    });
    try {
      await waitFor(() => starts.length >= 7, 20_000, 'seven failing rounds');
      // Lower bounds only (a timer never fires early): the pause doubles from idleMs*2 and stops at maxErrorMs.
      for (let i = 1; i < 7; i++) {
        const expected = Math.min(maxErrorMs, idleMs * 2 ** i);
        expect(starts[i]! - starts[i - 1]!).toBeGreaterThanOrEqual(expected - 2);
      }
      expect(logger.errors.length).toBe(1);
      expect(logger.errors[0]).toMatchObject({ loop: 'failing' });
      expect(String((logger.errors[0]!['err'] as Error).message)).toContain('WRONGTYPE');

      // Redis answers again: the loop recovers by itself and moves the work.
      await redis.del(key);
      await redis.rpush(key, 'after');
      await waitFor(async () => (await redis.llen(`${key}:done`)) === 1, 20_000, 'recovered');
    } finally {
      await loop.stop();
    }
    expect(await redis.lrange(`${key}:done`, 0, -1)).toEqual(['after']);
  });

  it('stop waits for the round in flight and runs no further round', async () => {
    const key = `loop${++n}`;
    await redis.rpush(key, 'one', 'two');
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const rounds = { count: 0 };
    const inner = popRound(key, rounds);
    const loop = runLoop({
      name: 'stopping',
      idleMs: LONG_IDLE_MS,
      round: async () => {
        const moved = await inner();
        await gate;
        return moved;
      },
    });
    await waitFor(() => rounds.count === 1, 20_000, 'the first round');
    let stopped = false;
    const stopping = loop.stop().then(() => (stopped = true));
    await redis.ping(); // a full round trip: stop had every chance to resolve early
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(rounds.count).toBe(1);
    // The round in flight finished its work; the one after it never started.
    expect(await redis.lrange(`${key}:done`, 0, -1)).toEqual(['one']);
    expect(await redis.lrange(key, 0, -1)).toEqual(['two']);
  });

  it('stop ends the idle wait at once', async () => {
    const key = `loop${++n}`;
    const rounds = { count: 0 };
    const loop = runLoop({ name: 'idle-stop', round: popRound(key, rounds), idleMs: LONG_IDLE_MS });
    await waitFor(() => rounds.count === 1, 20_000, 'the first round');
    await loop.stop(); // would hang for LONG_IDLE_MS (past the test timeout) if the wait were not cut
    await redis.ping();
    expect(rounds.count).toBe(1); // after stop: nothing runs
  });
});
