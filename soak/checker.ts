// The checker: it trusts nothing but the records (the sandbox's books and logs, the stand-in's chats, calls
// and updates, the bot's Redis, the bot's log files) and says, invariant by invariant, PASS or FAIL with the
// offending records.
import { Decimal } from 'decimal.js';
import { parsePhone } from '../src/domain/phone.ts';
import { canMove, isFinished } from '../src/domain/status.ts';
import type { OrderStatus } from '../src/merchant/types.ts';
import { finalMessage } from '../src/notify/notices.ts';
import { statusLine, statusMessage, type Translate } from '../src/orders/texts.ts';
import type { StoredOrder } from '../src/orders/types.ts';
import type { RecordedCall } from '../src/sandbox/telegram/index.ts';
import { htmlToPlain } from '../src/lib/html.ts';
import { parse as parseCsv } from 'csv-parse/sync';
import { checkRoleChanges } from './role-checker.ts';
import { checkNetwork } from './network-checker.ts';

import type { BulkRunRecord, InvariantResult, Records, SandboxOrderRecord } from './records.ts';

export type * from './records.ts';

/** Requests already on the wire when a 429 went out may arrive a moment later; this is how long. */
export const RETRY_AFTER_GRACE_MS = 300;

const PLACING = /^⏳ Placing the order… \(merchant order number ([A-Za-z0-9._-]+)\)/;
const STATUS_WORDS: Record<string, OrderStatus | 'placing' | 'rejected'> = {
  Accepted: 'accepted',
  Processing: 'processing',
  'Under review': 'manual_review',
  Succeeded: 'succeeded',
  Failed: 'failed',
  Refunded: 'refunded',
  'Being placed': 'placing',
  'Not placed': 'rejected',
};

/** The text the chat shows: messages go out as HTML, so the visible text of what was sent. */
/**
 * An order placed by a schedule (soak/schedule-actor.ts) is confirmed by the schedule its reseller saved: the bot
 * stored it with the schedule's ID, and that chat was shown a saved schedule's summary for the same number
 * (masked: its last four digits) before the bot said "Scheduled.".
 */
function scheduledBySaved(records: Records, stored: StoredOrder | undefined, o: SandboxOrderRecord): boolean {
  if (stored?.scheduleId === undefined) return false;
  const chat = records.chats[String(stored.chatId)] ?? [];
  const saved = chat.some((m) => m.from === 'bot' && m.text.startsWith('✅ Scheduled.'));
  const shown = chat.some(
    (m) =>
      m.from === 'bot' && m.text.startsWith('🗓 New scheduled top-up') && m.text.includes(o.account.slice(-4)),
  );
  return saved && shown;
}

function textOf(call: RecordedCall): string | undefined {
  const text = call.params.text;
  if (typeof text !== 'string') return undefined;
  return call.params.parse_mode === 'HTML' ? htmlToPlain(text) : text;
}

function chatOf(call: RecordedCall): string {
  return String(call.params.chat_id ?? '');
}

/** Display status and merchant order number of a status message's first line, if it is one. */
function parseStatusLine(text: string): { status: string; ext: string } | undefined {
  const first = text.split('\n')[0] ?? '';
  const m = /^\S+ (.+?) · (?:\S+ · )?([A-Za-z0-9._-]+)$/.exec(first);
  if (!m) return undefined;
  const status = STATUS_WORDS[m[1]!];
  return status === undefined ? undefined : { status, ext: m[2]! };
}

function moveAllowed(from: string, to: string): boolean {
  if (from === to) return true;
  if (from === 'placing') return true;
  if (from === 'rejected' || to === 'placing') return false;
  if (to === 'rejected') return false;
  return canMove(from as OrderStatus, to as OrderStatus);
}

function backwards(sequence: string[]): string[] | undefined {
  for (let i = 1; i < sequence.length; i++) {
    if (!moveAllowed(sequence[i - 1]!, sequence[i]!)) return sequence;
  }
  return undefined;
}

/** Runs every invariant over the records. */
export function checkRecords(records: Records, t: Translate): InvariantResult[] {
  const results: InvariantResult[] = [];
  const byExt = new Map<string, SandboxOrderRecord[]>();
  for (const o of records.sandboxOrders)
    byExt.set(o.external_order_id, [...(byExt.get(o.external_order_id) ?? []), o]);
  const botByExt = new Map(records.botOrders.map((o) => [o.externalOrderId, o]));
  const okCalls = records.calls.filter((c) => c.ok);

  // 1. Confirmed quotes and orders.
  {
    const offending: unknown[] = [];
    const confirmed = new Map<string, { chat: string; at: number }>();
    for (const call of okCalls) {
      // The confirmed quote's own message is edited into "Placing…"; a quote renewed unseen sends it anew.
      if (call.method !== 'sendMessage' && call.method !== 'editMessageText') continue;
      const m = PLACING.exec(textOf(call) ?? '');
      if (m && !confirmed.has(m[1]!)) confirmed.set(m[1]!, { chat: chatOf(call), at: call.at });
    }
    const confirmPresses = records.updates.filter(
      (u) => u.callback_query !== undefined && /^t:[^:]+:[^:]+:ok$/.test(u.callback_query.data ?? ''),
    );
    for (const [ext, seen] of confirmed) {
      const pressed = confirmPresses.some((u) => String(u.callback_query!.from.id) === seen.chat);
      if (!pressed)
        offending.push({ problem: 'placed without a ✅ press by that user', ext, chat: seen.chat });
      const orders = byExt.get(ext) ?? [];
      const stored = botByExt.get(ext);
      const refused = stored?.placement === 'rejected';
      if (refused && orders.length !== 0)
        offending.push({
          problem: 'refused by the bot yet an order exists',
          ext,
          orders: orders.map((o) => o.order_id),
        });
      if (!refused && orders.length !== 1)
        offending.push({
          problem:
            orders.length === 0 ? 'confirmed quote has no order' : 'confirmed quote has several orders',
          ext,
          chat: seen.chat,
          placement: stored?.placement ?? 'unknown to the bot',
          orders: orders.map((o) => o.order_id),
        });
    }
    // The order is the one the reseller was shown: its number appears in a quote sent to that chat.
    const quotesTo = new Map<string, string[]>();
    for (const call of okCalls) {
      const text = textOf(call);
      if (text?.startsWith('Please check this top-up'))
        quotesTo.set(chatOf(call), [...(quotesTo.get(chatOf(call)) ?? []), text]);
    }
    // Bulk lines are confirmed by ✅ Start on their run and share one quote per product: their own invariant.
    const single = records.sandboxOrders.filter(
      (o) => botByExt.get(o.external_order_id)?.bulkRunId === undefined,
    );
    for (const o of single) {
      const seen = confirmed.get(o.external_order_id);
      const parsed = parsePhone(`+${o.account}`, o.country);
      const line = parsed.ok ? `Number: ${parsed.phone.international}` : undefined;
      if (seen && (line === undefined || !(quotesTo.get(seen.chat) ?? []).some((q) => q.includes(line))))
        offending.push({
          problem: 'order to a number the reseller was not shown',
          order: o.order_id,
          chat: seen.chat,
          tail: o.account.slice(-4),
        });
      const scheduled = scheduledBySaved(records, botByExt.get(o.external_order_id), o);
      if (!confirmed.has(o.external_order_id) && !scheduled)
        offending.push({
          problem: 'order of a quote nobody confirmed',
          order: o.order_id,
          ext: o.external_order_id,
        });
      // A scheduled run's number is derived from (schedule, period): one order per run, never two.
      if (scheduled && (byExt.get(o.external_order_id) ?? []).length !== 1)
        offending.push({ problem: 'scheduled run has several orders', ext: o.external_order_id });
    }
    // One quote serves every top-up of its product while it lasts (shared quotes): a token may carry many orders,
    // each its own confirmation (above); every token an order used must have been issued to this account.
    const issued = new Set(records.quotes.map((q) => q.quote_token));
    for (const o of single)
      if (!issued.has(o.quote_token))
        offending.push({
          problem: 'order on a token never issued',
          order: o.order_id,
          token: o.quote_token.slice(0, 12),
        });
    results.push({
      name: 'every confirmed quote has exactly one order; no unconfirmed quote has one',
      pass: offending.length === 0,
      checked: `${confirmed.size} confirmed, ${records.quotes.length} quotes, ${single.length} orders (bulk lines apart; ${records.botOrders.filter((b) => b.scheduleId !== undefined && b.orderId !== undefined).length} by schedules)`,
      offending,
    });
  }

  // 2. The wallet's books.
  {
    const offending: unknown[] = [];
    let debits = new Decimal(0);
    let refunds = new Decimal(0);
    const perOrder = new Map<string, { debit: number; refund: number }>();
    for (const e of records.ledger) {
      const amount = new Decimal(e.amount).abs();
      const key = e.order_id ?? '';
      const entry = perOrder.get(key) ?? { debit: 0, refund: 0 };
      if (e.kind === 'debit') {
        debits = debits.plus(amount);
        entry.debit += 1;
      } else if (e.kind === 'refund') {
        refunds = refunds.plus(amount);
        entry.refund += 1;
      }
      perOrder.set(key, entry);
    }
    let expected = new Decimal(0);
    for (const o of records.sandboxOrders) {
      if (o.status !== 'refunded') expected = expected.plus(o.merchant_price);
      const entry = perOrder.get(o.order_id) ?? { debit: 0, refund: 0 };
      const wantRefund = o.status === 'refunded' ? 1 : 0;
      if (entry.debit !== 1 || entry.refund !== wantRefund)
        offending.push({
          problem: 'ledger entries of an order',
          order: o.order_id,
          status: o.status,
          ...entry,
        });
    }
    const net = debits.minus(refunds);
    if (!net.eq(expected))
      offending.push({
        problem: 'debits - refunds != sum of merchant_price not refunded',
        net: net.toFixed(4),
        expected: expected.toFixed(4),
      });
    results.push({
      name: 'wallet debits minus refunds = sum of merchant_price of orders not refunded',
      pass: offending.length === 0,
      checked: `debits ${debits.toFixed(4)}, refunds ${refunds.toFixed(4)}, expected net ${expected.toFixed(4)}`,
      offending,
    });
  }

  // 3. Every order known to the bot, final, shown once.
  {
    const offending: unknown[] = [];
    let cards = 0;
    for (const o of records.sandboxOrders) {
      const stored = botByExt.get(o.external_order_id);
      if (!stored) {
        offending.push({ problem: 'order unknown to the bot', order: o.order_id, ext: o.external_order_id });
        continue;
      }
      if (!isFinished(o.status as OrderStatus))
        offending.push({
          problem: 'order not finished after the quiet period',
          order: o.order_id,
          status: o.status,
        });
      if (stored.status !== o.status || stored.orderId !== o.order_id)
        offending.push({
          problem: 'bot status differs',
          order: o.order_id,
          sandbox: o.status,
          bot: stored.status ?? stored.placement,
        });
      // The lifecycle's own status message (status line, then what was ordered), not the order cards a
      // person asked for with /status or an order button, which repeat the status line on purpose.
      const chat = records.chats[String(stored.chatId)] ?? [];
      if (stored.scheduleId !== undefined) {
        // A scheduled run has no status message: its report names the order, and the final notice tells the end.
        const notice = finalMessage(t, stored, o.status as OrderStatus);
        const plain = notice === null ? '' : htmlToPlain(notice).trim();
        const times = chat.filter((m) => m.from === 'bot' && m.text.trim() === plain).length;
        if (times !== 1)
          offending.push({ problem: 'final notice of a scheduled order shown', times, order: o.order_id });
        continue;
      }
      const line = htmlToPlain(statusLine(t, stored, o.status as OrderStatus));
      const message = htmlToPlain(statusMessage(t, stored, o.status as OrderStatus)).trim();
      if (stored.bulkRunId !== undefined) {
        // A bulk line has no status message of its own (its run's progress and report tell it); a refund,
        // money coming back, is told once.
        const statusShown = chat.filter((m) => m.from === 'bot' && m.text.trim() === message).length;
        const notice = htmlToPlain(finalMessage(t, stored, 'refunded') ?? '').trim();
        const refundsTold = chat.filter((m) => m.from === 'bot' && m.text.trim() === notice).length;
        const wanted = o.status === 'refunded' ? 1 : 0;
        if (statusShown !== 0 || refundsTold !== wanted)
          offending.push({
            problem: 'bulk line told in the chat',
            order: o.order_id,
            status: o.status,
            statusMessages: statusShown,
            refundNotices: refundsTold,
          });
        continue;
      }
      const withLine = chat.filter((m) => m.from === 'bot' && (m.text.split('\n')[0] ?? '') === line);
      const shown = withLine.filter((m) => m.text.trim() === message).length;
      cards += withLine.length - shown;
      if (shown !== 1)
        offending.push({ problem: 'final status shown', times: shown, order: o.order_id, line });
    }
    results.push({
      name: 'every order is known to the bot, final, and its chat shows the final status exactly once',
      pass: offending.length === 0,
      checked: `${records.sandboxOrders.length} orders, ${records.botOrders.length} in the bot's Redis; ${cards} order cards asked for`,
      offending,
    });
  }

  // 4. Never backwards: the sandbox's history, the bot's history, and what the chat was told, in order.
  {
    const offending: unknown[] = [];
    for (const o of records.sandboxOrders) {
      const seq = backwards(o.history.map((h) => h.status));
      if (seq) offending.push({ record: 'sandbox history', order: o.order_id, seq });
    }
    for (const o of records.botOrders) {
      const seq = backwards(o.history.map((h) => h.status));
      if (seq) offending.push({ record: 'bot history', ext: o.externalOrderId, seq });
    }
    // Per chat: an agent's order card may read the service before the reseller's status message is edited (a
    // worker restarting delays the notices), so the order's messages in two chats are two histories.
    const told = new Map<string, string[]>();
    for (const call of okCalls) {
      if (call.method !== 'sendMessage' && call.method !== 'editMessageText') continue;
      const parsed = parseStatusLine(textOf(call) ?? '');
      if (!parsed) continue;
      const key = `${chatOf(call)} ${parsed.ext}`;
      told.set(key, [...(told.get(key) ?? []), parsed.status]);
    }
    for (const [key, statuses] of told) {
      const seq = backwards(statuses);
      const [chat, ext] = key.split(' ');
      if (seq) offending.push({ record: 'status messages sent', chat, ext, seq });
    }
    results.push({
      name: 'no status ever moved backwards (sandbox, bot, chat)',
      pass: offending.length === 0,
      checked: `${records.sandboxOrders.length} sandbox, ${records.botOrders.length} bot, ${told.size} chat histories`,
      offending,
    });
  }

  // 5. Rate limits: Retry-After obeyed, no minute over the budget.
  {
    const offending: unknown[] = [];
    const sorted = [...records.requests].sort((a, b) => a.at_ms - b.at_ms);
    const grace = RETRY_AFTER_GRACE_MS + (records.clockSlackMs ?? 0);
    for (const r of sorted) {
      if (r.status !== 429 || r.retry_after === null || r.retry_after === undefined) continue;
      // A 429 the bot never read (it had aborted the call: a placement whose claim was lost stops its send) asks
      // it nothing.
      if (r.outcome === 'abandoned') continue;
      // The window opens when the 429 left the sandbox (after any injected latency), not when it arrived.
      const sent = r.at_ms + (r.duration_ms ?? 0);
      const end = sent + r.retry_after * 1000;
      const early = sorted.filter((x) => x.at_ms > sent + grace && x.at_ms < end);
      if (early.length > 0)
        offending.push({
          problem: 'request before Retry-After ended',
          limited: { seq: r.seq, at_ms: r.at_ms, sent_ms: sent, retry_after: r.retry_after },
          early: early
            .slice(0, 5)
            .map((x) => ({ seq: x.seq, at_ms: x.at_ms, after_ms: x.at_ms - sent, path: x.path })),
        });
    }
    for (const m of records.perMinute)
      if (m.count > records.rateLimitPerMinute)
        offending.push({ problem: 'minute over the budget', ...m, budget: records.rateLimitPerMinute });
    const limited = sorted.filter((r) => r.status === 429).length;
    results.push({
      name: 'no request before a Retry-After ended; no clock minute over the budget',
      pass: offending.length === 0,
      checked: `${sorted.length} requests, ${limited} answered 429 (grace ${grace} ms), busiest minute ${Math.max(0, ...records.perMinute.map((m) => m.count))}/${records.rateLimitPerMinute}`,
      offending,
    });
  }

  // 6. Logs hold no secret and no full phone number.
  {
    const offending: unknown[] = [];
    const phones = new Set<string>();
    for (const p of [...records.phones, ...records.sandboxOrders.map((o) => o.account)]) {
      const digits = p.replace(/\D/g, '');
      if (digits.length < 8) continue;
      phones.add(digits);
      for (const country of ['NG', 'KE', 'GH', 'IN', 'PH', 'MX']) {
        const parsed = parsePhone(`+${digits}`, country);
        if (parsed.ok) phones.add(parsed.phone.international);
      }
    }
    let lines = 0;
    for (const { file, lines: content } of records.logs) {
      content.forEach((line, i) => {
        lines += 1;
        for (const secret of records.secrets)
          if (secret.length >= 6 && line.includes(secret))
            offending.push({ problem: 'secret in a log line', file, line: i + 1 });
        for (const phone of phones)
          if (line.includes(phone))
            offending.push({
              problem: 'full phone number in a log line',
              file,
              line: i + 1,
              tail: phone.slice(-4),
            });
      });
    }
    results.push({
      name: 'no log line holds the API key, a webhook secret, the bot token or a full phone number',
      pass: offending.length === 0,
      checked: `${lines} lines in ${records.logs.length} files, ${phones.size} phone forms, ${records.secrets.length} secrets`,
      offending,
    });
  }

  // 7. No crash or unhandled rejection other than the injected ones.
  {
    const offending: unknown[] = [];
    for (const e of records.exits)
      if (!e.injected) offending.push({ problem: 'replica exited by itself', ...e });
    const errors = new Map<string, number>();
    for (const { file, lines } of records.logs) {
      lines.forEach((line, i) => {
        let entry: { level?: string; msg?: string };
        try {
          entry = JSON.parse(line) as { level?: string; msg?: string };
        } catch {
          if (line.trim() !== '')
            offending.push({
              problem: 'non-JSON output (a crash trace?)',
              file,
              line: i + 1,
              text: line.slice(0, 200),
            });
          return;
        }
        if (entry.level === 'fatal' || /unhandled rejection|uncaught exception/i.test(entry.msg ?? ''))
          offending.push({ problem: entry.msg, file, line: i + 1 });
        if (entry.level === 'error') errors.set(entry.msg ?? '', (errors.get(entry.msg ?? '') ?? 0) + 1);
      });
    }
    results.push({
      name: 'no unhandled rejection or crash other than the injected ones',
      pass: offending.length === 0,
      checked: `${records.exits.length} process exits (${records.exits.filter((e) => e.injected).length} injected); error lines: ${JSON.stringify(Object.fromEntries(errors))}`,
      offending,
    });
  }
  results.push(...checkCredit(records, byExt));
  results.push(...checkBulk(records, botByExt));
  results.push(checkRoleChanges(records, botByExt));
  results.push(...checkNetwork(records, byExt));
  return results;
}

/**
 * The bulk invariants, from the records only: every bulk order is a line of a run its reseller started with ✅,
 * placed at most once (one order per number of a run; a line's number has an order exactly when the line says
 * it was placed); every started run ended and its report arrived, naming each of the run's lines once with the
 * service's order ID.
 */
function checkBulk(records: Records, botByExt: Map<string, StoredOrder>): InvariantResult[] {
  const runs = new Map((records.bulkRuns ?? []).map((r) => [r.runId, r]));
  const starts = records.updates.filter((u) => /^bk:start:/.test(u.callback_query?.data ?? ''));
  const started = (run: BulkRunRecord) =>
    starts.some(
      (u) =>
        u.callback_query!.data === `bk:start:${run.runId}` && u.callback_query!.from.id === run.resellerId,
    );
  const placedOffending: unknown[] = [];
  const perLine = new Map<string, string[]>();
  let bulkOrders = 0;
  for (const o of records.sandboxOrders) {
    const runId = botByExt.get(o.external_order_id)?.bulkRunId;
    if (runId === undefined) continue;
    bulkOrders++;
    const run = runs.get(runId);
    if (run === undefined || run.state === 'draft' || !started(run)) {
      placedOffending.push({ problem: 'bulk order of a run nobody started', order: o.order_id, runId });
      continue;
    }
    const line = run.lines.find((l) => l.account === o.account);
    if (line === undefined) {
      placedOffending.push({ problem: 'bulk order to a number not in its file', order: o.order_id, runId });
      continue;
    }
    const key = `${runId}:${line.line}`;
    perLine.set(key, [...(perLine.get(key) ?? []), o.order_id]);
  }
  for (const [key, orders] of perLine)
    if (orders.length > 1) placedOffending.push({ problem: 'bulk line placed twice', line: key, orders });
  const byExt = new Set(records.sandboxOrders.map((o) => o.external_order_id));
  const orderOf = new Map(records.sandboxOrders.map((o) => [o.external_order_id, o.order_id]));
  for (const run of runs.values()) {
    for (const line of run.lines) {
      const ordered = byExt.has(line.ext);
      const refused = botByExt.get(line.ext)?.placement === 'rejected';
      if (ordered !== (line.state === 'placed' && !refused))
        placedOffending.push({
          problem: ordered ? 'an order for a line not placed' : 'a placed line has no order',
          runId: run.runId,
          line: line.line,
          state: line.state,
          bot: botByExt.get(line.ext)?.placement ?? 'unknown to the bot',
        });
    }
  }

  const reportOffending: unknown[] = [];
  let reports = 0;
  for (const run of runs.values()) {
    if (run.state === 'draft') continue;
    const sent = (records.bulkReports ?? []).filter((r) => r.runId === run.runId);
    reports += sent.length;
    if (!started(run)) reportOffending.push({ problem: 'a run started without ✅', runId: run.runId });
    if (run.state !== 'finished' && run.state !== 'cancelled')
      reportOffending.push({
        problem: 'a run did not end',
        runId: run.runId,
        state: run.state,
        jobs: run.jobs,
      });
    if (!run.reported || sent.length === 0)
      reportOffending.push({ problem: 'no report', runId: run.runId, reported: run.reported });
    const numbers = run.lines.map((l) => l.ext).sort();
    for (const report of sent) {
      if (report.chat !== String(run.chatId))
        reportOffending.push({ problem: 'report sent to another chat', runId: run.runId, chat: report.chat });
      const rows = parseCsv(report.csv, { columns: true, bom: true }) as Record<string, string>[];
      const named = rows
        .map((r) => r.merchant_order_number ?? '')
        .filter((n) => n !== '')
        .sort();
      if (JSON.stringify(named) !== JSON.stringify(numbers))
        reportOffending.push({ problem: 'report does not name each line once', runId: run.runId });
      for (const row of rows) {
        const order = orderOf.get(row.merchant_order_number ?? '');
        if ((row.order_id ?? '') !== '' && row.order_id !== order)
          reportOffending.push({
            problem: 'report names another order ID than the service has',
            runId: run.runId,
            line: row.line,
          });
      }
    }
  }
  for (const report of records.bulkReports ?? []) {
    const run = runs.get(report.runId);
    if (run === undefined || run.state === 'draft')
      reportOffending.push({ problem: 'a report for a run never started', runId: report.runId });
  }
  const startedRuns = [...runs.values()].filter((r) => r.state !== 'draft').length;
  return [
    {
      name: 'every bulk order is a line of a run its reseller started, and no bulk line was placed twice',
      pass: placedOffending.length === 0,
      checked: `${runs.size} runs (${startedRuns} started), ${bulkOrders} bulk orders`,
      offending: placedOffending,
    },
    {
      name: 'every started bulk run ended and its report arrived, naming each of its lines once',
      pass: reportOffending.length === 0,
      checked: `${startedRuns} started runs, ${reports} reports`,
      offending: reportOffending,
    },
  ];
}

/** Exact decimal from the ledger's integer units (10^-4). */
const fromUnits = (units: string) => new Decimal(units).div(10_000);

/**
 * The two credit invariants, from the records only: each reseller's ledger sums to their stored balance and holds,
 * and every hold ended exactly once (open only while its order is); debits minus refunds equal the reseller prices
 * of their orders the service says succeeded.
 */
function checkCredit(records: Records, byExt: Map<string, SandboxOrderRecord[]>): InvariantResult[] {
  const accounts = records.accounts ?? [];
  const botByExt = new Map(records.botOrders.map((o) => [o.externalOrderId, o]));
  const sums: unknown[] = [];
  const spend: unknown[] = [];
  let holds = 0;
  for (const books of accounts) {
    const user = books.userId;
    const total = books.entries.reduce((s, e) => s.plus(e.amount), new Decimal(0));
    const held = books.entries.reduce((s, e) => s.plus(e.held), new Decimal(0));
    if (!total.eq(fromUnits(books.balanceUnits)))
      sums.push({
        problem: 'ledger does not sum to the balance',
        user,
        ledger: total.toFixed(),
        balance: fromUnits(books.balanceUnits).toFixed(),
      });
    if (!held.eq(fromUnits(books.holdUnits)))
      sums.push({
        problem: 'ledger holds do not sum to the holds',
        user,
        ledger: held.toFixed(),
        holds: fromUnits(books.holdUnits).toFixed(),
      });
    // Walk each order's entries: a hold opens, a release or debit ends it, a refund follows a debit.
    const byRef = new Map<string, string[]>();
    for (const e of books.entries) {
      // Credit given or moved (an admin's, a transfer) and commission on someone else's order hold nothing.
      if (e.ref.startsWith('admin:') || e.kind === 'transfer' || e.kind === 'commission') continue;
      byRef.set(e.ref, [...(byRef.get(e.ref) ?? []), e.kind]);
    }
    for (const order of records.botOrders) {
      if (
        order.resellerId === user &&
        order.credit !== undefined &&
        order.placement !== 'rejected' &&
        !byRef.has(order.externalOrderId)
      )
        sums.push({
          problem: 'an order holding credit has no hold in the ledger',
          user,
          ext: order.externalOrderId,
        });
    }
    for (const [ref, kinds] of byRef) {
      holds++;
      const order = botByExt.get(ref);
      let open = 0;
      let debited = 0;
      for (const kind of kinds) {
        if (kind === 'hold') open++;
        else if (kind === 'release' || kind === 'debit') open--;
        if (kind === 'debit') debited++;
        if (kind === 'refund') debited--;
        if (open < 0 || open > 1 || debited < 0 || debited > 1) {
          sums.push({ problem: 'a hold did not end exactly once', user, ext: ref, kinds });
          break;
        }
      }
      const stillOpen = order?.credit?.state === 'held';
      if (order === undefined || order.credit === undefined)
        sums.push({ problem: 'ledger entries for an order the bot does not know', user, ext: ref, kinds });
      else if ((open === 1) !== stillOpen)
        sums.push({
          problem: open === 1 ? 'hold never ended' : 'hold ended while the order is open',
          user,
          ext: ref,
          kinds,
          state: order.credit.state,
          status: order.status ?? order.placement,
        });
    }
    // Debits minus refunds = the reseller prices of their orders that succeeded at the service.
    const charged = books.entries.reduce(
      (s, e) => (e.kind === 'debit' ? s.minus(e.amount) : e.kind === 'refund' ? s.minus(e.amount) : s),
      new Decimal(0),
    );
    let prices = new Decimal(0);
    for (const order of records.botOrders) {
      if (order.resellerId !== user || order.credit === undefined) continue;
      const remote = byExt.get(order.externalOrderId) ?? [];
      if (remote.some((o) => o.status === 'succeeded')) prices = prices.plus(order.credit.amount);
    }
    if (!charged.eq(prices))
      spend.push({
        problem: 'debits minus refunds differ from the prices of succeeded orders',
        user,
        charged: charged.toFixed(),
        prices: prices.toFixed(),
      });
  }
  return [
    {
      name: "every reseller's ledger sums to their balance, and every hold ended exactly once",
      pass: sums.length === 0,
      checked: `${accounts.length} resellers, ${accounts.reduce((n, a) => n + a.entries.length, 0)} ledger entries, ${holds} orders with holds`,
      offending: sums,
    },
    {
      name: 'for every reseller, debits minus refunds = reseller prices of their succeeded orders',
      pass: spend.length === 0,
      checked: `${accounts.length} resellers`,
      offending: spend,
    },
  ];
}

/** Human-readable report: each invariant with PASS or FAIL and up to `limit` offending records. */
export function formatResults(results: InvariantResult[], limit = 12): string {
  const out: string[] = [];
  for (const r of results) {
    out.push(`${r.pass ? 'PASS' : 'FAIL'}  ${r.name}`);
    out.push(`      ${r.checked}`);
    for (const o of r.offending.slice(0, limit)) out.push(`      - ${JSON.stringify(o)}`);
    if (r.offending.length > limit)
      out.push(`      … and ${r.offending.length - limit} more (see records.json)`);
  }
  return out.join('\n');
}
