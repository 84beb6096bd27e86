import { describe, expect, it } from 'vitest';
import { masterOfSlotHasReplicas } from '../../../src/lib/redis/replica-acks.ts';

// CLUSTER NODES as Redis 7 writes it: three masters (a, b, c) with their slots, replicas naming their master.
const node = (id: string, flags: string, master: string, ...slots: string[]) =>
  [id, `127.0.0.1:7000@17000`, flags, master, '0', '0', '1', 'connected', ...slots].join(' ');

describe('whether the master serving the keys has a replica', () => {
  const masters = [
    node('aaa', 'myself,master', '-', '0-5460'),
    node('bbb', 'master', '-', '5461-10922'),
    node('ccc', 'master', '-', '10923-16383', '[42->-ddd]'),
  ];

  it('is read for the master of the slot only, whatever the other masters have', () => {
    const nodes = [...masters, node('r-b', 'slave', 'bbb')].join('\n');
    expect(masterOfSlotHasReplicas(nodes, 6000)).toBe(true);
    expect(masterOfSlotHasReplicas(nodes, 100)).toBe(false);
    expect(masterOfSlotHasReplicas(nodes, 16383)).toBe(false);
  });

  it('counts a replica that failed (it stays listed until forgotten), and a single slot as a range', () => {
    const nodes = [...masters, node('r-a', 'slave,fail', 'aaa'), node('one', 'master', '-', '5460')].join(
      '\n',
    );
    expect(masterOfSlotHasReplicas(nodes, 0)).toBe(true);
    expect(masterOfSlotHasReplicas(nodes, 5460)).toBe(true);
  });

  it('holds writes when no master is seen serving the slot (a topology being changed)', () => {
    expect(masterOfSlotHasReplicas(masters.slice(0, 1).join('\n'), 12_000)).toBe(true);
  });
});
