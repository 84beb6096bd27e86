import { silentLogger, type LoggerLike } from '../domain/log.ts';

export interface LoopHandle {
  /** Runs the next round now instead of after the idle wait. */
  wake(): void;
  /** Stops after the round in flight (in-flight work finishes). */
  stop(): Promise<void>;
}

/**
 * Runs `round` again and again: at once while it reports work done, after `idleMs` when it found nothing,
 * after a growing pause (up to `maxErrorMs`) while it throws (Redis away); `lanes` rounds side by side (one by default).
 */
export function runLoop(options: {
  name: string;
  round: () => Promise<number>;
  idleMs: number;
  maxErrorMs?: number;
  logger?: LoggerLike;
  /** Rounds running side by side (default 1), each waiting on its own. */
  lanes?: number;
}): LoopHandle {
  const logger = options.logger ?? silentLogger;
  let stopped = false;
  const wakeUps = new Set<() => void>();
  /** Per lane: whether a wake came while its round ran (kept, so the work it announces is not left for the idle wait). */
  const lanes = Array.from({ length: Math.max(1, options.lanes ?? 1) }, () => ({ woken: false }));

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakeUps.delete(done);
        resolve();
      }
      wakeUps.add(done);
    });
  const wakeAll = (): void => {
    for (const wakeUp of [...wakeUps]) wakeUp();
  };

  const run = async (lane: { woken: boolean }) => {
    let errors = 0;
    while (!stopped) {
      let worked: number;
      lane.woken = false;
      try {
        worked = await options.round();
        errors = 0;
      } catch (error) {
        errors++;
        if (errors === 1 || errors % 20 === 0)
          logger.error({ err: error, loop: options.name }, 'worker round failed');
        await sleep(Math.min(options.maxErrorMs ?? 5_000, options.idleMs * 2 ** Math.min(errors, 10)));
        continue;
      }
      if (stopped) break;
      if (worked === 0 && !lane.woken) await sleep(options.idleMs);
    }
  };
  const running = Promise.all(lanes.map(run));

  return {
    wake() {
      for (const lane of lanes) lane.woken = true;
      wakeAll();
    },
    async stop() {
      stopped = true;
      wakeAll();
      await running;
    },
  };
}
