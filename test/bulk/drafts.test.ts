import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Redis } from 'ioredis';
import type { StandInUser } from '../../src/sandbox/telegram/driver.ts';
import type { ChatMessage } from '../../src/sandbox/telegram/types.ts';
import { startBotWorld, type BotWorld } from '../support/bot-world.ts';
import { BULK_MAX_BYTES } from '../../src/domain/bulk-csv.ts';
import { FAST_CHATS, FAST_USER, WAIT, current } from '../bot/flow/helpers.ts';
import { resellerMaker, runIdOf } from './support.ts';

// Issue 29, item 4: bulk drafts have a limit. A checked file is a draft in Redis until ✅ (kept an hour), and a
// file sent again costs no Merchant API call (its quotes are cached), so drafts were the cheap way to fill Redis:
// the same 1,000-line file sent four times left four drafts of 424 KB each. Now a reseller has one live draft (a
// new file replaces it), a draft keeps at most BULK_DRAFT_MAX_BYTES, and files count against USER_UPDATE_LIMIT.

let world: BotWorld;
let redis: Redis;

beforeAll(async () => {
  world = await startBotWorld({ env: FAST_USER, overrides: FAST_CHATS });
  redis = world.apps[0]!.redis;
}, 60_000);

afterAll(async () => {
  await world?.close();
});

const reseller = resellerMaker(() => world, 763_000_100, 'D');

/** Sends a file and waits for the bot's answer to it (the summary, or a refusal). */
async function sendFile(user: StandInUser, content: string): Promise<ChatMessage> {
  const sent = user.sendDocument('topups.csv', content);
  return user.waitForBotMessage((m) => m.text.includes('valid lines') || m.text.startsWith('🚫'), {
    ...WAIT,
    after: sent.messageId,
  });
}

/** Every key of a bulk run Redis holds now (run records and their lines), with the memory each takes. */
async function bulkRunKeys(): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', 'rb:bulk:*', 'COUNT', 500);
    cursor = next;
    for (const key of keys) {
      if (!/^rb:bulk:(run|lines):/.test(key)) continue;
      sizes.set(key, (await redis.memory('USAGE', key)) ?? 0);
    }
  } while (cursor !== '0');
  return sizes;
}

const sum = (sizes: Map<string, number>) => [...sizes.values()].reduce((a, b) => a + b, 0);

/** A valid Nigerian MTN file of `count` lines with distinct numbers. */
const file = (count: number, first = 0) =>
  Array.from(
    { length: count },
    (_, i) => `+23480312${String(60_000 + first + i).padStart(5, '0')},500,MTN,note ${i}`,
  ).join('\n');

describe('bulk drafts', () => {
  it('a reseller sending 20 files keeps one draft: each new file replaces the one before, whose ✅ answers it is gone', async () => {
    const user = await reseller();
    const before = await bulkRunKeys();
    const first = await sendFile(user, file(100));
    expect(first.text).toContain('100 valid lines');
    const oneDraft = new Map([...(await bulkRunKeys())].filter(([key]) => !before.has(key)));
    expect(oneDraft.size).toBe(2);

    let last = first;
    for (let i = 1; i < 20; i++) last = await sendFile(user, file(100));
    const grown = new Map([...(await bulkRunKeys())].filter(([key]) => !before.has(key)));
    // One draft's keys, and about one draft's memory (the same file: the same size, give or take a few bytes).
    expect(grown.size).toBe(2);
    expect(sum(grown)).toBeLessThan(sum(oneDraft) * 1.1);
    expect([...grown.keys()].every((key) => key.endsWith(runIdOf(last, 'start')))).toBe(true);

    // The first summary's ✅ finds its draft gone; the last one's is still there.
    const pressed = user.press(current(user, first.id)!, '✅');
    const answer = await user.waitForCallbackAnswer(pressed.queryId, WAIT);
    expect(answer.text).toContain('no longer available');
    user.press(last, '❌');
    await user.waitFor(() => current(user, last.id)?.text.includes('dropped'), WAIT);
  });

  it('a started run is not replaced by the next file', async () => {
    const user = await reseller();
    const started = await sendFile(user, file(2, 500));
    const runId = runIdOf(started, 'start');
    user.press(started, '✅');
    await user.waitFor(() => current(user, started.id)?.text.includes('finished'), { timeoutMs: 60_000 });
    const next = await sendFile(user, file(2, 600));
    expect(next.text).toContain('2 valid lines');
    expect(await redis.exists(`rb:bulk:run:${runId}`)).toBe(1);
    user.press(next, '❌');
    await user.waitFor(() => current(user, next.id)?.text.includes('dropped'), WAIT);
  });

  it('a file whose draft would keep more than BULK_DRAFT_MAX_BYTES is refused as too large, and nothing is kept', async () => {
    const user = await reseller();
    const before = await bulkRunKeys();
    // 470 KB of CSV (within the file's 512 KB): every line names an operator of 450 control characters, which the
    // line's error echoes, each escaped to 6 bytes in the stored JSON: about 2.8 MB kept for one file.
    const junk = '\u0001'.repeat(450);
    const lines = Array.from(
      { length: 1000 },
      (_, i) => `+23480312${String(70_000 + i).padStart(5, '0')},500,${junk}`,
    );
    const content = lines.join('\n');
    expect(Buffer.byteLength(content)).toBeLessThan(BULK_MAX_BYTES);
    const answer = await sendFile(user, content);
    expect(answer.text).toContain('🚫');
    expect(answer.text).toContain('too large');
    expect([...(await bulkRunKeys()).keys()].filter((key) => !before.has(key))).toEqual([]);
  });
});

describe('bulk files and USER_UPDATE_LIMIT', () => {
  let limited: BotWorld;
  beforeAll(async () => {
    limited = await startBotWorld({ env: { USER_UPDATE_LIMIT: '3' }, overrides: FAST_CHATS });
  }, 60_000);
  afterAll(async () => {
    await limited?.close();
  });

  it('files count like any update: past the limit a file is not even downloaded, and leaves nothing', async () => {
    const user = await resellerMaker(() => limited, 763_000_900, 'L')();
    const summaries = () => user.chat().filter((m) => m.from === 'bot' && m.text.includes('valid lines'));
    // Eight files at once: three are checked within the 10 s window, the other five are dropped unread.
    for (let i = 0; i < 8; i++) user.sendDocument('topups.csv', file(1, 700));
    await user.waitFor(() => summaries().length >= 3, { timeoutMs: 60_000 });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(summaries()).toHaveLength(3);
    expect(limited.standIn.driver.calls('getFile')).toHaveLength(3);
  });
});
