import { JOB_RELAY_GROUP } from '../../../src/orders/relay.ts';
import { expect } from 'vitest';
import { htmlToPlain } from '../../../src/lib/html.ts';
import type { StoredOrder } from '../../../src/orders/types.ts';
import type { ChatMessage } from '../../../src/sandbox/telegram/index.ts';
import { statusEmoji } from '../../../src/domain/status.ts';
import { RESELLER_ID, waitFor, type World } from './world.ts';

/** First line of each final message kind, as the English locale writes it. */
export const FINAL_MARKERS = {
  succeeded: '✅ Top-up delivered',
  failed: '⚠️ The top-up failed',
  refunded: '↩️ Refunded:',
  rejected: '❌ Order',
} as const;

interface SentCall {
  method: string;
  params: Record<string, unknown>;
  ok: boolean;
}

/**
 * Accepted Bot API calls (sendMessage / editMessageText) to the reseller's chat that mention a merchant order
 * number (admin alerts name the order too, in other chats).
 */
export function callsFor(world: World, ext: string): { sends: string[]; edits: string[] } {
  const calls = world.standIn.driver.calls() as unknown as SentCall[];
  const sends: string[] = [];
  const edits: string[] = [];
  for (const call of calls) {
    const raw = typeof call.params['text'] === 'string' ? call.params['text'] : '';
    // What the chat shows: messages go out as HTML.
    const text = call.params['parse_mode'] === 'HTML' ? htmlToPlain(raw) : raw;
    if (!call.ok || call.params['chat_id'] !== RESELLER_ID || !text.includes(ext)) continue;
    if (call.method === 'sendMessage') sends.push(text);
    if (call.method === 'editMessageText') edits.push(text);
  }
  return { sends, edits };
}

/**
 * Each status gave at most one message and at most one edit (no duplicates), the final messages match the
 * statuses the order went through, and the status message shows the final status.
 */
export function expectOneMessagePerStatus(world: World, order: StoredOrder): void {
  const ext = order.externalOrderId;
  const { sends, edits } = callsFor(world, ext);
  const statuses = order.history.map((h) => h.status);
  // the ⏳ message the test itself sent counts as one send
  const ourSends = sends.filter((s) => !s.startsWith(`⏳ ${ext}`) || s.includes('\n'));
  for (const [status, marker] of Object.entries(FINAL_MARKERS)) {
    const count = ourSends.filter((s) => s.startsWith(marker)).length;
    if (status === 'rejected') continue;
    expect(count, `${ext}: messages for ${status}`).toBe(statuses.includes(status) ? 1 : 0);
  }
  const firstLines = edits.map((e) => e.split('\n')[0]);
  expect(new Set(firstLines).size, `${ext}: duplicate edits ${JSON.stringify(firstLines)}`).toBe(
    firstLines.length,
  );
  // coalesced edits may skip a status that was already outdated; never more than one per status
  expect(edits.length, `${ext}: edits`).toBeLessThanOrEqual(statuses.length);
  expect(edits.length, `${ext}: edits`).toBeGreaterThan(0);
}

/** The status message the reseller sees now (the edited ⏳ message). */
export function statusMessageText(world: World, order: StoredOrder): string | undefined {
  return world.reseller.chat().find((m) => m.id === order.statusMessageId)?.text;
}

/** A bot message in the user's chat (already there or still to come) that satisfies `predicate`. */
export async function botMessage(
  user: { waitFor<T>(probe: (chat: ChatMessage[]) => T, options?: { timeoutMs?: number }): Promise<unknown> },
  predicate: (message: ChatMessage) => boolean,
  timeoutMs = 30_000,
): Promise<ChatMessage> {
  return (await user.waitFor((chat) => chat.find((m) => m.from === 'bot' && predicate(m)), {
    timeoutMs,
  })) as ChatMessage;
}

/**
 * Waits until every order's chat shows what its statuses call for (the final messages and the status line of
 * its last status), lets the outbox drain, then checks that nothing was sent twice.
 */
export async function expectToldOncePerStatus(world: World, exts: readonly string[]): Promise<void> {
  const service = world.replicas[0]!.system.service;
  await waitFor(
    async () => {
      for (const ext of exts) {
        const order = await service.get(ext);
        if (order === null || order.status === undefined) return false;
        const { sends } = callsFor(world, ext);
        for (const status of order.history.map((h) => h.status)) {
          const marker = FINAL_MARKERS[status as keyof typeof FINAL_MARKERS];
          if (marker !== undefined && !sends.some((s) => s.startsWith(marker))) return false;
        }
        if (
          order.statusMessageId !== undefined &&
          !statusMessageText(world, order)?.startsWith(statusEmoji(order.status))
        ) {
          return false;
        }
      }
      return true;
    },
    60_000,
    'every status told in the chat',
  );
  await waitFor(
    async () => (await world.replicas[0]!.system.outbox.pending()) === 0,
    60_000,
    'outbox drained',
  );
  for (const ext of exts) expectOneMessagePerStatus(world, (await service.get(ext))!);
}

/** The order once its status (or, before it has one, its placement) is one of `statuses`. */
export async function settle(w: World, ext: string, statuses: string[]): Promise<StoredOrder> {
  return waitFor(
    async () => {
      const o = await w.replicas[0]!.system.service.get(ext);
      return o !== null && statuses.includes(o.status ?? o.placement) ? o : null;
    },
    60_000,
    `${ext} -> ${statuses.join('|')}`,
  );
}

/** True once the relay (and so the notices) has handled and acknowledged every order change written so far. */
export async function changesRelayed(world: World, prefix: string): Promise<boolean> {
  const redis = world.replicas[0]!.redis;
  const stream = `${prefix}orders:changes`;
  const last = (await redis.xrevrange(stream, '+', '-', 'COUNT', 1))[0]?.[0];
  if (last === undefined) return true;
  const groups = (await redis.xinfo('GROUPS', stream)) as unknown[][];
  for (const group of groups) {
    const info: Record<string, unknown> = {};
    for (let i = 0; i + 1 < group.length; i += 2) info[String(group[i])] = group[i + 1];
    if (info['name'] === JOB_RELAY_GROUP)
      return info['last-delivered-id'] === last && Number(info['pending']) === 0;
  }
  return false;
}
