// The role-change invariant, from the records only (soak/role-actors.ts makes the changes in chat): no order reaches
// the Merchant API sandbox for a payer after the change that made them unauthorised took effect, but for the one
// order per run already under way when it came; and an order placed while its payer is a reseller (a demoted admin
// too) holds credit at the reseller's price, but for the one the demotion found under way.
import type { StoredOrder } from '../src/orders/types.ts';
import { htmlToPlain } from '../src/lib/html.ts';
import type { InvariantResult, Records, RoleChangeRecord } from './records.ts';

const NAME =
  'no order reaches the service for a payer after a change took their access; a demoted admin pays as a reseller';

const paying = (role: string | null) => role === 'reseller' || role === 'admin';

/** The user an answer to /grant or /revoke is about: the ID first, or after the name the bot knows them by. */
const ANSWER_USER = /^(?:\u2068[^\u2069]*\u2069 (?:\(@\w+\) )?|@\w+ )?(\d+) /;

/** One change of a user's role, with the role before it and when it took effect (ms, comparable with arrivals). */
interface Change {
  record: RoleChangeRecord;
  previous: string | null;
  /** The audit time (the bot's clock, stamped just before the change is written). */
  at: number;
  /**
   * By when it had surely taken effect: the bot's confirmation in the admin's chat (sent after the write; a Redis
   * outage can hold the write for seconds), or the audit time when the change had no chat (the world's set-up).
   */
  effective: number;
}

/** Each user's changes, oldest first, each with its effective time. */
function changesByUser(records: Records, slackMs: number): Map<number, Change[]> {
  const replies = records.calls
    .filter((c) => c.ok && c.method === 'sendMessage' && typeof c.params.text === 'string')
    .map((c) => ({
      chat: Number(c.params.chat_id),
      at: c.at,
      text: htmlToPlain(c.params.text as string),
    }));
  const byUser = new Map<number, Change[]>();
  for (const record of records.roleChanges ?? []) {
    const at = Date.parse(record.at);
    const list = byUser.get(record.user) ?? [];
    const confirmed = replies.find(
      (r) =>
        r.chat === record.by &&
        r.at >= at - slackMs &&
        ANSWER_USER.exec(r.text)?.[1] === String(record.user) &&
        /is now|no longer has access|had no role/.test(r.text),
    );
    list.push({
      record,
      previous: list.at(-1)?.record.role ?? null,
      at,
      effective: Math.max(at, confirmed?.at ?? at),
    });
    byUser.set(record.user, list);
  }
  return byUser;
}

/** When each merchant order number first reached the sandbox (its first placement request's arrival). */
function arrivals(records: Records): Map<string, number> {
  const first = new Map<string, number>();
  for (const r of records.requests) {
    const ext = r.external_order_id;
    if (r.method !== 'POST' || !r.path.endsWith('/recharge/orders') || typeof ext !== 'string') continue;
    if (!first.has(ext) || r.at_ms < first.get(ext)!) first.set(ext, r.at_ms);
  }
  return first;
}

/** The run an order belongs to: its bulk run, else the scheduled run or the chat top-up that is the order itself. */
const runOf = (order: StoredOrder) =>
  order.bulkRunId !== undefined ? `bulk:${order.bulkRunId}` : `one:${order.externalOrderId}`;

/**
 * Whether the order's run could have read its payer's role before `by` (ms): a bulk run's lines read it one at a
 * time, so one line may always be under way; a scheduled run reads it when it is due; a chat top-up before its
 * intent is stored.
 */
function underWayBefore(records: Records, order: StoredOrder, by: number): boolean {
  if (order.bulkRunId !== undefined) return true;
  if (order.scheduleId !== undefined) {
    const last = (records.schedules ?? []).find(
      (s) => s.last?.externalOrderId === order.externalOrderId,
    )?.last;
    return last !== undefined && last.at - (records.scheduleClockOffsetMs ?? 0) <= by;
  }
  return Date.parse(order.createdAt) <= by;
}

/** The first change of the run of same-kind roles (non-paying, or reseller) that `index` belongs to. */
function causeOf(changes: Change[], index: number, same: (role: string | null) => boolean): Change {
  let i = index;
  while (i > 0 && same(changes[i - 1]!.record.role)) i--;
  return changes[i]!;
}

/** Checks every order of a payer whose role changed against their role when it arrived at the sandbox. */
export function checkRoleChanges(records: Records, botByExt: Map<string, StoredOrder>): InvariantResult {
  const slack = records.clockSlackMs ?? 0;
  const byUser = changesByUser(records, slack);
  const arrived = arrivals(records);
  const offending: unknown[] = [];
  const excusedRuns = new Set<string>();
  const figures = { judged: 0, afterLoss: 0, lossInFlight: 0, afterDemotion: 0, demotionInFlight: 0 };
  const seen = new Set<string>();
  for (const o of records.sandboxOrders) {
    if (seen.has(o.external_order_id)) continue;
    seen.add(o.external_order_id);
    const order = botByExt.get(o.external_order_id);
    const changes = order === undefined ? undefined : byUser.get(order.resellerId);
    if (order === undefined || changes === undefined) continue;
    const arrival = arrived.get(o.external_order_id);
    if (arrival === undefined) {
      offending.push({ problem: 'an order with no placement request recorded', order: o.order_id });
      continue;
    }
    // The change surely in effect when the order arrived, and any stamped so close that it may not have been yet.
    const settledAt = changes.findLastIndex((c) => c.effective + slack < arrival);
    if (settledAt < 0) continue;
    const settled = changes[settledAt]!;
    const racing = changes.slice(settledAt + 1).filter((c) => c.at - slack <= arrival);
    figures.judged++;
    const base = {
      order: o.order_id,
      ext: o.external_order_id,
      payer: order.resellerId,
      arrivedMs: arrival,
    };
    /** The one order per run a change may find under way; false when this one is not it. */
    const excused = (cause: Change) => {
      const key = `${order.resellerId}:${cause.at}:${runOf(order)}`;
      if (excusedRuns.has(key) || !underWayBefore(records, order, cause.effective + slack)) return false;
      excusedRuns.add(key);
      return true;
    };
    if (!paying(settled.record.role)) {
      if (racing.some((c) => paying(c.record.role))) continue;
      const cause = causeOf(changes, settledAt, (role) => !paying(role));
      figures.afterLoss++;
      if (excused(cause)) figures.lossInFlight++;
      else
        offending.push({
          problem: 'an order placed after its payer lost access',
          ...base,
          change: cause.record,
          afterMs: arrival - cause.effective,
        });
      continue;
    }
    if (settled.record.role !== 'reseller' || racing.some((c) => c.record.role === 'admin')) continue;
    const cause = causeOf(changes, settledAt, (role) => role === 'reseller');
    const demoted = cause.previous === 'admin';
    if (demoted) figures.afterDemotion++;
    if (order.credit !== undefined && order.quote.resellerPrice !== undefined) continue;
    if (demoted && excused(cause)) {
      figures.demotionInFlight++;
      continue;
    }
    offending.push({
      problem: demoted
        ? "a demoted admin's order placed without credit"
        : "a reseller's order placed without credit",
      ...base,
      change: cause.record,
    });
  }
  const all = [...byUser.values()].flat();
  const losses = all.filter((c) => paying(c.previous) && !paying(c.record.role)).length;
  const demotions = all.filter((c) => c.previous === 'admin' && c.record.role === 'reseller').length;
  const lag = Math.max(0, ...all.map((c) => c.effective - c.at));
  const stopped = (records.bulkRuns ?? []).filter((r) =>
    r.lines.some((l) => l.error === 'payer-stopped-no-access'),
  );
  const skipped = stopped.reduce((n, r) => n + r.lines.filter((l) => l.state === 'skipped').length, 0);
  const refused = (records.schedules ?? []).filter(
    (s) => s.last?.reason === 'payer-stopped-no-access',
  ).length;
  return {
    name: NAME,
    pass: offending.length === 0,
    checked:
      `${all.length} role changes (${losses} took a payer's access, ${demotions} demoted an admin; taking effect ` +
      `at most ${lag} ms after their audit time); ${figures.judged} orders judged by their payer's role on ` +
      `arrival: ${figures.afterLoss} after a loss of access (${figures.lossInFlight} under way when it came), ` +
      `${figures.afterDemotion} after a demotion (${figures.demotionInFlight} under way, the rest from credit); ` +
      `${stopped.length} bulk runs stopped (${skipped} lines not placed), ${refused} scheduled runs refused; ` +
      `clock slack ${slack} ms`,
    offending,
  };
}
