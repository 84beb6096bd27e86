import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { StorageAdapter } from 'grammy';
import { describe, expect, it } from 'vitest';
import { compactingAdapter, storedJson } from '../../../src/bot/conversations/compact-replay.ts';

/** The codec alone, over a plain in-process adapter (the Redis adapter is covered by the flow tests). */
function mapAdapter(): StorageAdapter<Buffer> & { map: Map<string, Buffer> } {
  const map = new Map<string, Buffer>();
  return {
    map,
    read: async (key) => map.get(key),
    write: async (key, value) => void map.set(key, value),
    delete: async (key) => void map.delete(key),
  };
}

const state = (text: string) => ({
  version: [0, 3],
  state: {
    topUp: [
      {
        args: '[]',
        interrupts: [],
        replay: {
          send: [{ payload: 'wait' }, { payload: 'external' }],
          receive: [
            { send: 0, returnValue: { message: { message_id: 7, chat: { id: 5 }, from: { id: 5 }, text } } },
            { send: 1, returnValue: { ok: true, ret: text.repeat(3) } },
          ],
        },
      },
    ],
  },
});

describe('compacting conversation storage', () => {
  it('reads back what it wrote, deflated and stored as bytes (no base64)', async () => {
    const inner = mapAdapter();
    const adapter = compactingAdapter<ReturnType<typeof state>>(inner);
    const value = state('+233 24 123 4567 '.repeat(40));
    await adapter.write('c', value);
    const stored = inner.map.get('c')!;
    expect(stored[0]).toBe(0);
    expect(stored.length).toBeLessThan(JSON.stringify(value).length / 4);
    expect(storedJson(stored)).toBe(JSON.stringify(value));
    expect(await adapter.read('c')).toEqual(value);
  });

  it("deflates a short conversation to a fraction of what it would take without the replay's skeleton", async () => {
    const inner = mapAdapter();
    const adapter = compactingAdapter<ReturnType<typeof state>>(inner);
    const value = state('/topup');
    await adapter.write('short', value);
    const alone = deflateRawSync(JSON.stringify(value), { windowBits: 11 }).length;
    expect(inner.map.get('short')!.length).toBeLessThan(alone / 2);
    expect(await adapter.read('short')).toEqual(value);
  });

  it('reads a value stored before as text: deflated, in base64', async () => {
    const inner = mapAdapter();
    const adapter = compactingAdapter<ReturnType<typeof state>>(inner);
    const value = state('+44 7700 900123 '.repeat(20));
    const z = deflateRawSync(JSON.stringify(value), { windowBits: 11 }).toString('base64');
    inner.map.set('text', Buffer.from(JSON.stringify({ z })));
    expect(await adapter.read('text')).toEqual(value);
  });

  it('reads a value deflated with zlib defaults (a 32 KB window) before the small window was chosen', async () => {
    const inner = mapAdapter();
    const adapter = compactingAdapter<ReturnType<typeof state>>(inner);
    // Repeats more than 2 KB apart force back-references the small window cannot follow.
    const far = Array.from({ length: 300 }, (_, i) => `k${(i * 7919) % 1000}`).join(',');
    const value = state(`${far}|${'x'.repeat(2500)}|${far}${'y'.repeat(5000)}${far}`);
    const old = deflateRawSync(JSON.stringify(value));
    expect(() => inflateRawSync(old, { windowBits: 11, chunkSize: 4096 })).toThrow(/too far back/);
    inner.map.set('old', Buffer.from(JSON.stringify({ z: old.toString('base64') })));
    expect(await adapter.read('old')).toEqual(value);
  });

  it('hands back a value stored as plain JSON (an older version) as it is', async () => {
    const inner = mapAdapter();
    const adapter = compactingAdapter<unknown>(inner);
    const plain = { version: [0, 1], state: {} };
    inner.map.set('plain', Buffer.from(JSON.stringify(plain)));
    expect(await adapter.read('plain')).toEqual(plain);
  });
});
