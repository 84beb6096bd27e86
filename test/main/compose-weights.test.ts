import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { getPriority } from 'node:os';
import { describe, expect, it } from 'vitest';
import {
  composeBotNice,
  composeCpuShares,
  niceForShares,
  reniceProcess,
} from '../../bench/lib/cpu-weights.ts';

// The benchmark runs the bot and the worker with the CPU weights compose.yaml gives their containers (README, bench 2).

describe("compose.yaml's CPU weights, as the benchmark applies them", () => {
  it('reads each service its cpu_shares (Docker’s 1024 when unset) and maps the ratio to the nice value of the same CFS weight', () => {
    expect(composeBotNice('compose.yaml')).toEqual({ bot: 256, worker: 1024, nice: 6 });
    expect(composeCpuShares('services:\n  redis:\n    image: redis\n', 'redis')).toBe(1024);
    expect(() => composeCpuShares('services:\n  bot:\n    cpu_shares: 5\n', 'worker')).toThrow(/no service/);
    expect(niceForShares(1024, 1024)).toBe(0);
    expect(niceForShares(512, 1024)).toBe(3);
    expect(niceForShares(1, 1024)).toBe(19);
  });

  it('renices every thread of a running process', async () => {
    const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    try {
      await once(child, 'spawn');
      reniceProcess(child.pid!, 6);
      expect(getPriority(child.pid!)).toBe(6);
    } finally {
      child.kill('SIGKILL');
      await once(child, 'exit');
    }
  });
});
