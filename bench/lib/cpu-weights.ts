import { readdirSync, readFileSync } from 'node:fs';
import { setPriority } from 'node:os';

/**
 * The CPU weights compose.yaml gives its services (`cpu_shares`, the cgroup's CFS weight; Docker's default 1024),
 * so that a benchmark can run processes as the compose file runs its containers on one machine.
 */
export function composeCpuShares(composeText: string, service: string): number {
  const lines = composeText.split('\n');
  const start = lines.findIndex((line) => line === `  ${service}:`);
  if (start < 0) throw new Error(`compose.yaml has no service ${service}`);
  for (const line of lines.slice(start + 1)) {
    if (/^ {2}\S/.test(line) || /^\S/.test(line)) break; // the next service or top-level key
    const shares = /^ {4}cpu_shares:\s*(\d+)/.exec(line);
    if (shares) return Number(shares[1]);
  }
  return 1024;
}

/** Linux's CFS weight of each nice value 0..19 (kernel/sched/core.c, sched_prio_to_weight). */
const NICE_WEIGHTS = [
  1024, 820, 655, 526, 423, 335, 272, 215, 172, 137, 110, 87, 70, 56, 45, 36, 29, 23, 18, 15,
] as const;

/** The nice value whose CFS weight stands to nice 0's as `shares` to `againstShares` (the nearest). */
export function niceForShares(shares: number, againstShares: number): number {
  const wanted = (1024 * shares) / againstShares;
  let best = 0;
  NICE_WEIGHTS.forEach((weight, nice) => {
    if (Math.abs(weight - wanted) < Math.abs(NICE_WEIGHTS[best]! - wanted)) best = nice;
  });
  return best;
}

/** Sets the nice value of every thread of process `pid` (Linux keeps one per thread; threads made later inherit). */
export function reniceProcess(pid: number, nice: number): void {
  for (const tid of readdirSync(`/proc/${pid}/task`)) setPriority(Number(tid), nice);
}

/** compose.yaml's bot and worker weights and the bot's nice value against a worker at nice 0. */
export function composeBotNice(composePath: string): { bot: number; worker: number; nice: number } {
  const text = readFileSync(composePath, 'utf8');
  const bot = composeCpuShares(text, 'bot');
  const worker = composeCpuShares(text, 'worker');
  return { bot, worker, nice: niceForShares(bot, worker) };
}
