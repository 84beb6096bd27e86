import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that run a minute or more (the soaks, the replicas killed in line, the growth checks) start first, and
 * the Cluster connect test (half a minute in a small file). Vitest orders files by their last durations when it
 * has them and by size otherwise: on a clean clone (CI) such small files started last and ran on while the other
 * workers had nothing left (642 s against 598 s for the soaks).
 */
const LONG_FIRST = ['/test/soak/', '/test/main/', '/test/growth/', '/test/lib/redis/cluster-connect.'];

class LongFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const at = LONG_FIRST.findIndex((part) => file.moduleId.includes(part));
      return at === -1 ? LONG_FIRST.length : at;
    };
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

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
    sequence: { sequencer: LongFirst },
    reporters: ['default'],
  },
});
