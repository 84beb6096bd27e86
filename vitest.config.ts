import { join } from 'node:path';
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

// The tests start many `node src/main.ts` children (replicas, crash bots, the demo): Node's compile cache keeps
// their modules' compiled code between starts (half the CPU of a start-up here), inherited through the env.
process.env['NODE_COMPILE_CACHE'] ??= join(import.meta.dirname, 'node_modules', '.cache', 'node-compile');

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // A worker keeps the modules it imported for its next file instead of importing them again for each (12 % of
    // the suite's time): no file relies on a fresh module state (none mocks modules or changes globals for good).
    isolate: false,
    // Vitest's default on 2 cores is one worker (cores - 1). The files mostly wait on their own
    // redis-server, sandbox and stand-in over loopback, so four files at a time share the cores
    // well (396 s against 493 s for three); each file has its own Redis on its own port
    // (test/support/redis.ts checks the pid). VITEST_MAX_WORKERS overrides (1: the files one by one).
    maxWorkers: Number(process.env['VITEST_MAX_WORKERS'] ?? 4),
    sequence: { sequencer: LongFirst },
    reporters: ['default'],
  },
});
