import { delayBefore } from './retry-schedule.ts';
import { silentLogger, type LoggerLike } from '../domain/log.ts';

export interface LoopHandle {
  /** Stops after the round in flight (in-flight work finishes). */
  stop(): Promise<void>;
}

/** The longest pause of a loop whose rounds throw (Redis away): its next round comes at most this long after Redis is back. */
export const LOOP_MAX_ERROR_MS = 5_000;

/**
 * Runs `round` again and again: at once while it reports work done, after `idleMs` when it found nothing (0: at
 * once, for a round that waits for work itself), after a growing pause (up to `maxErrorMs`) while it throws (Redis
 * away), and never two rounds at a time.
 */
export function runLoop(options: {
  name: string;
  round: () => Promise<number>;
  idleMs: number;
  maxErrorMs?: number;
  logger?: LoggerLike;
}): LoopHandle {
  const logger = options.logger ?? silentLogger;
  let stopped = false;
  let wakeUp: (() => void) | null = null;
  let errors = 0;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakeUp = null;
        resolve();
      }
      wakeUp = done;
    });

  const running = (async () => {
    while (!stopped) {
      let worked: number;
      try {
        worked = await options.round();
        errors = 0;
      } catch (error) {
        if (stopped) break;
        errors++;
        if (errors === 1 || errors % 20 === 0)
          logger.error({ err: error, loop: options.name }, 'worker round failed');
        // Doubling from the idle pause, or from 50 ms for a loop without one.
        const base = options.idleMs > 0 ? options.idleMs : 50;
        const maxMs = options.maxErrorMs ?? LOOP_MAX_ERROR_MS;
        await sleep(delayBefore({ kind: 'doubling', firstMs: base * 2, maxMs }, errors));
        continue;
      }
      if (stopped) break;
      if (worked === 0 && options.idleMs > 0) await sleep(options.idleMs);
    }
  })();

  return {
    async stop() {
      stopped = true;
      wakeUp?.();
      await running;
    },
  };
}
