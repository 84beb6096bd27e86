import { startChild, type Child } from '../../support/child.ts';

/** A whole bot replica with a crash point (`crash-bot.ts`), configured only through the environment. */
export const startCrashBot = (env: Record<string, string>): Child =>
  startChild('test/main/support/crash-bot.ts', { PATH: process.env.PATH ?? '', ...env });

/** Polls `probe` every 100 ms until it gives a value; fails after `timeoutMs` naming what was awaited. */
export async function waitForValue<T>(
  probe: () => Promise<T | undefined> | T | undefined,
  timeoutMs: number,
  what: () => string,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The first line of the bot's output starting with `start` (its "ready", "crashed at" … lines). */
export const outputLine = (child: Child, start: string, timeoutMs = 60_000): Promise<string> =>
  waitForValue(
    () => child.output.find((l) => l.startsWith(start)),
    timeoutMs,
    () => `"${start}" from the bot: ${child.output.join(' | ')}`,
  );
