import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROFILES, runSoak } from '../../soak/soak.ts';

// The soak's short profile, as CI runs it (the seed of short-profile.test.ts), with the roles split into a bot and a worker process. A file of its own, so that
// vitest runs the three soaks beside other files rather than one after another.
const SEED = 20_261_122;

describe('soak, short profile with split roles', () => {
  it('every invariant holds with a ROLE=bot and a ROLE=worker process, either killed as a fault', async () => {
    const outDir = await mkdtemp(join(tmpdir(), 'soak-ci-split-'));
    const result = await runSoak({ seed: SEED, ...PROFILES.short, replicas: 2, outDir, split: true });
    if (!result.passed) console.error(result.report);
    expect(result.results.filter((r) => !r.pass).map((r) => r.name)).toEqual([]);
    expect(result.records.sandboxOrders.length).toBeGreaterThan(3);
    // The worker was killed half-way (and maybe more processes by the faults).
    expect(result.records.exits.some((e) => e.injected && e.replica === 1)).toBe(true);
    await rm(outDir, { recursive: true, force: true });
  }, 240_000);
});
