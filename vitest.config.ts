import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default on 2 cores is one worker (cores - 1). The files mostly wait on their own
    // redis-server, sandbox and stand-in over loopback, so three files at a time share the cores
    // well; each file has its own Redis on its own port (test/support/redis.ts checks the pid).
    // VITEST_MAX_WORKERS overrides (e.g. 1 to run the files one by one).
    maxWorkers: Number(process.env['VITEST_MAX_WORKERS'] ?? 3),
    reporters: ['default'],
  },
});
