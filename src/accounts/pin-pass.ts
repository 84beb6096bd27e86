import { accountsKeys } from './keys.ts';
import type { Redis } from 'ioredis';
import type { PinCheck, PinGate, PinNeed } from './pin.ts';

/**
 * The PIN of an update that waits in line. Such an update is kept in Redis (bot/waiting-line.ts) so another
 * replica can handle it again if this one dies; it is kept with its PIN hidden (`*`s), since no secret a user
 * types is ever stored. What is remembered instead is that this update carried the right PIN: by Telegram's
 * update_id (which only Telegram hands out, once), never the PIN, for as long as a kept update is handled again.
 */

/** As long as a kept update is handled again (waiting-line.ts drops it after 15 minutes). */
const PASS_KEEP_MS = 15 * 60_000;

/** Whether `text` is a PIN hidden in a kept update: 1 to 8 `*`, nothing else. */
export function isHiddenPin(text: string): boolean {
  return /^\*{1,8}$/.test(text);
}

/** Creates the memory of updates that carried the right PIN, under `prefix` (REDIS_PREFIX). */
export function createPinPasses(redis: Redis, prefix: string) {
  const key = accountsKeys(prefix).pinPass;
  return {
    /** Remembers that update `updateId` carried `userId`'s right PIN. */
    async remember(userId: number, updateId: number): Promise<void> {
      await redis.set(key(userId, updateId), '1', 'PX', PASS_KEEP_MS);
    },
    /** Whether update `updateId` carried `userId`'s right PIN. */
    async passed(userId: number, updateId: number): Promise<boolean> {
      return (await redis.exists(key(userId, updateId))) === 1;
    },
  };
}

export type PinPasses = ReturnType<typeof createPinPasses>;

/**
 * The PIN gate as the chat's flows use it: each try names the Telegram update that carried it. A PIN hidden in a
 * kept update handled again passes when the PIN it carried did (and is refused as not a PIN otherwise, counting
 * no try); a PIN given in the clear is checked, and remembered for its update when right.
 */
export function pinGateOfUpdates(gate: Pick<PinGate, 'need' | 'check'>, passes: PinPasses) {
  return {
    need: (userId: number, price: string): Promise<PinNeed> => gate.need(userId, price),
    async check(userId: number, pin: string, updateId: number): Promise<PinCheck> {
      if (isHiddenPin(pin)) {
        return (await passes.passed(userId, updateId)) ? { kind: 'ok' } : { kind: 'invalid' };
      }
      const verdict = await gate.check(userId, pin);
      if (verdict.kind === 'ok') await passes.remember(userId, updateId);
      return verdict;
    },
  };
}

export type UpdatePinGate = ReturnType<typeof pinGateOfUpdates>;
