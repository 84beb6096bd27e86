import { Decimal } from 'decimal.js';
import { Composer, InlineKeyboard } from 'grammy';
import type { Accounts } from '../../accounts/accounts.ts';
import { utcDay } from '../../accounts/ledger.ts';
import type { UserDirectory } from '../../accounts/names.ts';
import type { AttachResult, Network } from '../../accounts/network.ts';
import { formatMoney } from '../../domain/money.ts';
import { code, type Html } from '../../lib/html.ts';
import { readMoneyCommand } from '../amount-problem.ts';
import { NETWORK_DATA, networkPageData, parseNetworkPage } from '../callback-data/network.ts';
import type { BotContext } from '../context.ts';
import type { Tell } from '../tell.ts';
import { appendPager } from '../keyboards/paged-list.ts';
import { requireRole } from './access.ts';
import { commissionFrom } from '../../orders/credit.ts';

/** What the network commands need from the rest of the app. */
export interface NetworkFeatureDeps {
  network: Pick<Network, 'parentOf' | 'contains' | 'below' | 'move' | 'maxDepth'>;
  accounts: Pick<Accounts, 'transfer' | 'view' | 'entriesIn' | 'currency' | 'lowCreditCrossed'>;
  names: Pick<UserDirectory, 'people'>;
  /** The people a command changes are told, durably and once (bot/tell.ts). */
  tell: Tell;
  clock?: () => number;
}

const USER_ID = /^\d{1,15}$/;

/** Children of a distributor shown on one /network page. */
const NETWORK_PAGE_SIZE = 8;

/**
 * `/transfer` and `/network` (a distributor's own network) and `/move` (admins): credit down to a reseller
 * directly below, the resellers below with today's figures, and a reseller with everything below them moved
 * under another parent.
 */
export function createNetworkFeature(deps: NetworkFeatureDeps) {
  return new Composer<BotContext>(transferCommand(deps), networkPages(deps), moveCommand(deps));
}

/** `/transfer <user id> <amount> [note]`: a distributor gives credit to, or takes it from, a child. */
function transferCommand(deps: NetworkFeatureDeps): Composer<BotContext> {
  const { accounts, network, tell } = deps;
  const composer = new Composer<BotContext>();

  composer.command('transfer', requireRole('transfer'), async (ctx) => {
    const typed = await readMoneyCommand(ctx, accounts.currency, 'network-transfer-usage');
    if (typed === undefined) return;
    const { idText, currency, note, request } = typed;
    if (idText === undefined || !USER_ID.test(idText)) {
      await ctx.reply(ctx.t('network-transfer-usage'));
      return;
    }
    const me = ctx.from!.id;
    const reseller = Number(idText);
    if ((await network.parentOf(reseller)) !== me) {
      await ctx.reply(await outsideAnswer(deps, ctx, me, reseller));
      return;
    }
    const people = await deps.names.people([reseller, me]);
    const user = people(reseller);
    // Named by its message: handled again (its update delivered again after a failure), it moves nothing more.
    const result = await accounts.transfer(me, reseller, typed.amount, note, request);
    const m = (value: string) => formatMoney(value, currency);
    const amount = m(typed.amount.abs().toFixed());
    const given = !typed.amount.isNegative();
    if (!result.ok) {
      if ('reason' in result) {
        await ctx.reply(ctx.t('network-not-yours', { user: code(String(reseller)) }));
        return;
      }
      const available = m(result.refusal.kind === 'floor' ? result.refusal.available : '0');
      await ctx.reply(
        given
          ? ctx.t('network-transfer-short', { available, amount })
          : ctx.t('network-transfer-take-short', { user, available, amount }),
      );
      return;
    }
    const yours = m(result.distributorBalance);
    const theirs = m(result.resellerBalance);
    await ctx.reply(
      ctx.t(given ? 'network-transfer-given' : 'network-transfer-taken', {
        user,
        amount,
        balance: yours,
        theirs,
      }),
    );
    await tell(ctx, reseller, given ? 'network-transfer-told-given' : 'network-transfer-told-taken', {
      by: people(me),
      amount,
      balance: theirs,
      note: note === '' ? '-' : note,
    });
    // Either side may be below its low-credit threshold now, as after an admin's /credit (told once a crossing).
    for (const userId of [me, reseller]) {
      if (!(await accounts.lowCreditCrossed(userId))) continue;
      const view = await accounts.view(userId);
      await tell(ctx, userId, 'credit-low', {
        available: m(view.available),
        threshold: m(view.lowAlert ?? '0'),
      });
    }
  });

  return composer;
}

/**
 * The answer about a user who is not directly below `me`: deeper in their network, they are named (the
 * transfer goes through their own distributor); anyone else is only their ID, whoever they are.
 */
async function outsideAnswer(
  deps: Pick<NetworkFeatureDeps, 'network' | 'names'>,
  ctx: BotContext,
  me: number,
  userId: number,
): Promise<string> {
  if (await deps.network.contains(me, userId)) {
    const people = await deps.names.people([userId]);
    return ctx.t('network-transfer-not-direct', { user: people(userId) });
  }
  return ctx.t('network-not-yours', { user: code(String(userId)) });
}

/** `/network` and its page buttons: a distributor's direct children, a page at a time. */
function networkPages(deps: NetworkFeatureDeps): Composer<BotContext> {
  const composer = new Composer<BotContext>();

  composer.command('network', requireRole('network'), async (ctx) => {
    const page = await networkPage(deps, ctx, ctx.from!.id, 0);
    await ctx.reply(page.text, { reply_markup: page.markup });
  });

  composer.callbackQuery(NETWORK_DATA.count, requireRole('network'), (ctx) => ctx.answerCallbackQuery());

  composer.callbackQuery(NETWORK_DATA.page, requireRole('network'), async (ctx) => {
    const asked = parseNetworkPage(ctx.callbackQuery.data);
    // Only the distributor whose network it is may turn its pages (a forwarded list or forged data).
    if (asked === undefined || asked.distributorId !== ctx.from.id) {
      await ctx.answerCallbackQuery({ text: ctx.t('network-button-not-yours') });
      return;
    }
    await ctx.answerCallbackQuery();
    const page = await networkPage(deps, ctx, asked.distributorId, asked.page);
    await ctx.editMessageText(page.text, { reply_markup: page.markup }).catch((error: unknown) => {
      if (!(error instanceof Error && /message is not modified/i.test(error.message))) throw error;
    });
  });

  return composer;
}

/** A distributor's direct children, and how many are below each (their sub-network folded into a count). */
function foldNetwork(everyone: ReadonlyArray<{ userId: number; parentId: number; depth: number }>) {
  const top = new Map<number, number>();
  const folded = new Map<number, number>();
  const children: number[] = [];
  for (const row of everyone) {
    if (row.depth === 1) {
      top.set(row.userId, row.userId);
      children.push(row.userId);
      continue;
    }
    const head = top.get(row.parentId);
    if (head === undefined) continue;
    top.set(row.userId, head);
    folded.set(head, (folded.get(head) ?? 0) + 1);
  }
  return { children, folded };
}

/** One page of a distributor's direct children with today's figures (UTC day). */
async function networkPage(deps: NetworkFeatureDeps, ctx: BotContext, me: number, wanted: number) {
  const { accounts } = deps;
  const now = (deps.clock ?? Date.now)();
  const dayStart = Date.parse(`${utcDay(now)}T00:00:00.000Z`);
  const [everyone, currency] = await Promise.all([deps.network.below(me), accounts.currency()]);
  const { children, folded } = foldNetwork(everyone);
  const markup = new InlineKeyboard();
  if (children.length === 0) return { text: ctx.t('network-empty'), markup };
  const pages = Math.ceil(children.length / NETWORK_PAGE_SIZE);
  const page = Math.min(Math.max(0, wanted), pages - 1);
  const shown = children.slice(page * NETWORK_PAGE_SIZE, (page + 1) * NETWORK_PAGE_SIZE);
  const [people, commission, rows] = await Promise.all([
    deps.names.people(shown),
    commissionToday(accounts, me, dayStart, now),
    Promise.all(
      shown.map(async (userId) => ({
        userId,
        view: await accounts.view(userId),
        volume: await volumeToday(accounts, userId, dayStart, now),
      })),
    ),
  ]);
  const m = (value: Decimal | string) => formatMoney(value, currency);
  const lines = [ctx.t('network-title', { count: children.length, total: everyone.length })];
  for (const { userId, view, volume } of rows) {
    const vars = {
      user: people(userId),
      balance: m(view.balance),
      volume: m(volume),
      commission: m(commission.byChild.get(userId) ?? new Decimal(0)),
    };
    const below = folded.get(userId) ?? 0;
    lines.push(below > 0 ? ctx.t('network-row-folded', { ...vars, below }) : ctx.t('network-row', vars));
  }
  lines.push('', ctx.t('network-commission-today', { commission: m(commission.total) }));
  appendPager(
    markup,
    { page, pages },
    { previous: ctx.t('button-previous'), next: ctx.t('button-next') },
    (p) => (p === undefined ? NETWORK_DATA.count : networkPageData(me, p)),
  );
  return { text: lines.join('\n'), markup };
}

/** What a reseller spent today: their settled debits since the start of the UTC day. */
async function volumeToday(
  accounts: Pick<Accounts, 'entriesIn'>,
  userId: number,
  from: number,
  to: number,
): Promise<Decimal> {
  let sum = new Decimal(0);
  for await (const entry of accounts.entriesIn(userId, from, to + 1)) {
    if (entry.kind === 'debit') sum = sum.plus(new Decimal(entry.amount).abs());
  }
  return sum;
}

/** A distributor's commission lines of today, in all and by the child each came through (`from:<id>`). */
async function commissionToday(
  accounts: Pick<Accounts, 'entriesIn'>,
  userId: number,
  from: number,
  to: number,
) {
  const byChild = new Map<number, Decimal>();
  let total = new Decimal(0);
  for await (const entry of accounts.entriesIn(userId, from, to + 1)) {
    if (entry.kind !== 'commission') continue;
    const child = commissionFrom(entry.note);
    total = total.plus(entry.amount);
    if (child !== undefined) byChild.set(child, (byChild.get(child) ?? new Decimal(0)).plus(entry.amount));
  }
  return { total, byChild };
}

/** `/move <user id> <parent id|merchant>`: an admin moves a reseller and everything below them. */
function moveCommand(deps: NetworkFeatureDeps): Composer<BotContext> {
  const { network, tell } = deps;
  const composer = new Composer<BotContext>();

  composer.command('move', requireRole('move'), async (ctx) => {
    const [idText, parentText, ...rest] = ctx.match.trim().split(/\s+/);
    const toMerchant = parentText?.toLowerCase() === 'merchant';
    if (
      idText === undefined ||
      !USER_ID.test(idText) ||
      parentText === undefined ||
      (!toMerchant && !USER_ID.test(parentText)) ||
      rest.length > 0
    ) {
      await ctx.reply(ctx.t('network-move-usage'));
      return;
    }
    const userId = Number(idText);
    const parentId = toMerchant ? null : Number(parentText);
    const result = await network.move(userId, parentId);
    const people = await deps.names.people([
      userId,
      ...(parentId === null ? [] : [parentId]),
      ...(result.ok && result.previous !== null ? [result.previous] : []),
    ]);
    const merchant = ctx.t('network-merchant');
    const parentOf = (id: number | null) => (id === null ? merchant : people(id));
    const vars = { user: people(userId), parent: parentOf(parentId) };
    if (!result.ok) {
      await ctx.reply(moveRefusal(ctx, result.reason, vars, network.maxDepth));
      return;
    }
    await ctx.reply(ctx.t('network-move-done', { ...vars, from: parentOf(result.previous) }));
    if (parentId === null) await tell(ctx, userId, 'network-move-told-merchant', {});
    else await tell(ctx, userId, 'network-move-told', { parent: people(parentId) });
  });

  return composer;
}

function moveRefusal(
  ctx: BotContext,
  reason: Extract<AttachResult, { ok: false }>['reason'],
  vars: { user: Html; parent: Html | string },
  maxDepth: number,
): string {
  switch (reason) {
    case 'not-reseller':
      return ctx.t('network-move-not-reseller', vars);
    case 'not-distributor':
      return ctx.t('network-move-not-distributor', vars);
    case 'cycle':
      return ctx.t('network-move-cycle', vars);
    case 'too-deep':
      return ctx.t('network-move-too-deep', { ...vars, max: maxDepth });
  }
}
