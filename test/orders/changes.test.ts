import { describe, expect, it } from 'vitest';
import { decodeChange, encodeChange, type ChangeEntry } from '../../src/orders/changes.ts';

/** The stream's field-value list as XRANGE gives it back, as a record. */
function asRead(fields: string[]): Record<string, string> {
  const record: Record<string, string> = {};
  for (let i = 0; i + 1 < fields.length; i += 2) record[fields[i]!] = fields[i + 1]!;
  return record;
}

const EXT = 'rb-01J9ZQ4K8M6T2V';

describe('the order change stream codec', () => {
  const every: ChangeEntry[] = [
    { kind: 'intent', externalOrderId: EXT, seq: 1 },
    {
      kind: 'placed',
      externalOrderId: EXT,
      seq: 2,
      orderId: 'O-1001',
      status: 'processing',
      revived: true,
      webhookReceivedAt: 1_790_000_000_123,
      read: { delayMs: 1_500, step: 0 },
    },
    { kind: 'placed', externalOrderId: EXT, seq: 2, orderId: 'O-1001', status: 'accepted', read: 'first' },
    {
      kind: 'status',
      externalOrderId: EXT,
      seq: 3,
      orderId: 'O-1001',
      from: 'processing',
      status: 'succeeded',
      webhookReceivedAt: 1_790_000_000_456,
    },
    {
      kind: 'status',
      externalOrderId: EXT,
      seq: 3,
      from: null,
      status: 'manual_review',
      read: { delayMs: 30_000, step: 4 },
    },
    { kind: 'found', externalOrderId: EXT, seq: 1, orderId: 'O-7', status: 'succeeded' },
    {
      kind: 'rejected',
      externalOrderId: EXT,
      seq: 2,
      key: 'balance',
      code: 'insufficient_balance',
      quiet: true,
    },
    { kind: 'rejected', externalOrderId: EXT, seq: 2, key: 'not-placed' },
  ];

  it.each(every.map((entry) => [`${entry.kind} #${every.indexOf(entry)}`, entry] as const))(
    'reads back what it wrote: %s',
    (_name, entry) => {
      expect(decodeChange(asRead(encodeChange(entry)))).toEqual(entry);
    },
  );

  it('reads nothing from entries that are not changes (no order, no sequence, an unknown kind)', () => {
    expect(decodeChange({ kind: 'status', seq: '2', to: 'succeeded' })).toBeNull();
    expect(decodeChange({ ext: EXT, kind: 'status', to: 'succeeded' })).toBeNull();
    expect(decodeChange({ ext: EXT, kind: 'teleported', seq: '2' })).toBeNull();
    expect(decodeChange({ ext: EXT, kind: 'status', seq: '2' })).toBeNull();
  });
});
