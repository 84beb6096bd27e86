import type { SandboxClock } from './clock.ts';

interface Task {
  id: number;
  dueAt: number;
  run: () => void;
}

/**
 * Runs callbacks at service-clock times. One real timer points at the earliest task; advancing the
 * service clock runs every task that became due, in due order.
 */
export interface Scheduler {
  /** Runs `run` after `delayMs` of service-clock time; returns a handle for `cancel`. */
  schedule(delayMs: number, run: () => void): number;
  /** Runs `run` at service-clock time `at` (at once when that is past). */
  scheduleAt(at: number, run: () => void): number;
  cancel(id: number): void;
  /** Runs what is due now (call after the clock moved) and re-arms the timer. */
  poke(): void;
  pending(): number;
  clear(): void;
}

export function createScheduler(clock: SandboxClock): Scheduler {
  const tasks = new Map<number, Task>();
  let nextId = 1;
  let timer: NodeJS.Timeout | undefined;
  let running = false;

  const arm = (): void => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    let earliest: Task | undefined;
    for (const task of tasks.values()) if (!earliest || task.dueAt < earliest.dueAt) earliest = task;
    if (!earliest) return;
    // Long waits are re-checked at least every minute so an injected clock that jumps is noticed.
    const wait = Math.min(Math.max(0, earliest.dueAt - clock.now()), 60_000);
    timer = setTimeout(runDue, wait);
  };

  const runDue = (): void => {
    if (running) return;
    running = true;
    try {
      for (;;) {
        const now = clock.now();
        let due: Task | undefined;
        for (const task of tasks.values()) {
          if (
            task.dueAt <= now &&
            (!due || task.dueAt < due.dueAt || (task.dueAt === due.dueAt && task.id < due.id))
          )
            due = task;
        }
        if (!due) break;
        tasks.delete(due.id);
        try {
          due.run();
        } catch (error) {
          console.error('sandbox scheduler task failed', error);
        }
      }
    } finally {
      running = false;
    }
    arm();
  };

  const scheduleAt = (at: number, run: () => void): number => {
    const id = nextId++;
    tasks.set(id, { id, dueAt: at, run });
    if (!running) arm();
    return id;
  };

  return {
    schedule(delayMs, run) {
      return scheduleAt(clock.now() + Math.max(0, delayMs), run);
    },
    scheduleAt,
    cancel(id) {
      tasks.delete(id);
      if (!running) arm();
    },
    poke: runDue,
    pending: () => tasks.size,
    clear() {
      tasks.clear();
      if (timer) clearTimeout(timer);
      timer = undefined;
    },
  };
}
