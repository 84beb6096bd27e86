import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROFILES, runSoak } from '../../soak/soak.ts';

// The soak's short profile, as CI runs it (the seed of short-profile.test.ts), on a Redis Cluster of three masters. A file of its own, so that
// vitest runs the three soaks beside other files rather than one after another.
const SEED = 20_261_122;

describe('soak, short profile on a Redis Cluster', () => {
  it('every invariant holds with three masters, the one serving the keys restarted as a fault', async () => {
    const outDir = await mkdtemp(join(tmpdir(), 'soak-ci-cluster-'));
    const result = await runSoak({ seed: SEED, ...PROFILES.short, replicas: 2, outDir, cluster: true });
    if (!result.passed) console.error(result.report);
    expect(result.results.filter((r) => !r.pass).map((r) => r.name)).toEqual([]);
    expect(result.records.sandboxOrders.length).toBeGreaterThan(3);
    expect(Object.values(result.faults).reduce((a, b) => a + b, 0)).toBeGreaterThan(3);
    await rm(outDir, { recursive: true, force: true });
  }, 240_000);
});
