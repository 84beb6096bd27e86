import { Decimal } from 'decimal.js';
import { Composer, InputFile } from 'grammy';
import type { Accounts } from '../../accounts/accounts.ts';
import type { AccountView } from '../../accounts/account-reads.ts';
import { parseCreditAmount } from '../../accounts/amount.ts';
import { amountProblemText, readMoneyCommand } from '../amount-problem.ts';
import { parseUtcDay, statementParts } from '../../accounts/statement.ts';
import { utcDay } from '../../accounts/ledger.ts';
import { formatMoney } from '../../domain/money.ts';
import type { BotContext } from '../context.ts';
import type { LinePlace } from '../../merchant/types.ts';
import { readInLine, type ReadLine } from '../read-in-line.ts';
import type { Tell } from '../tell.ts';
import type { RoleStore } from '../../accounts/roles.ts';
import { requireRole } from './access.ts';
import { code, type Html } from '../../lib/html.ts';
import type { UserDirectory } from '../../accounts/names.ts';
import type { Network } from '../../accounts/network.ts';
import { reachOfUpdate } from '../reach.ts';
import { inNetwork } from '../../accounts/reach.ts';

/** What the credit commands need from the rest of the app. */
export interface CreditDeps {
  accounts: Accounts;
  roles: Pick<RoleStore, 'roleOf' | 'list'>;
  /** Users' names: every answer about a reseller names them beside their ID. */
  names: Pick<UserDirectory, 'people' | 'namesOf'>;
  /** Distributors' networks: a distributor's commands name their own network only. */
  network: Pick<Network, 'below'>;
  /** The reseller whose credit changed is told, durably and once (bot/tell.ts). */
  tell: Tell;
  /**
   * The merchant wallet's balance as GET /account reports it (interactive priority, waiting its turn in the
   * shared line in `place`): undefined when the service does not report one (the spec documents none), null
   * when the call failed or the admin left the line.
   */
  walletBalance: (place?: LinePlace) => Promise<{ balance: string | undefined; currency: string } | null>;
  /** The shared line's chat side: the wallet read shows its place in it. */
  line: ReadLine;
  /** EXPORT_PART_MAX_BYTES: the largest /statement document; a longer statement is split into several. */
  partMaxBytes: number;
  clock?: () => number;
}

const USER_ID = /^\d{1,15}$/;

/** What naming a reseller in a command needs. */
type ResellerLookup = Pick<CreditDeps, 'roles' | 'names' | 'network'>;

/** An amount or `off` (null); a bad amount is answered and gives undefined. */
async function amountOrOff(
  ctx: BotContext,
  text: string,
  currency: string,
): Promise<Decimal | null | undefined> {
  if (text.toLowerCase() === 'off') return null;
  const parsed = parseCreditAmount(text, currency);
  if (parsed.ok) return parsed.value;
  await ctx.reply(amountProblemText(ctx, parsed, text, currency));
  return undefined;
}

/**
 * The user a command names (their ID, and how answers name them) when the sender may reach them: for an admin a
 * reseller (a distributor is one), for a distributor someone in their network. Anyone else gets the answer an
 * unknown ID gets from a distributor (it says nothing of who the ID is). Otherwise answers why not; null.
 */
async function resellerArg(
  deps: ResellerLookup,
  ctx: BotContext,
  text: string | undefined,
  usage: string,
): Promise<{ id: number; user: Html } | null> {
  if (text === undefined || !USER_ID.test(text)) {
    await ctx.reply(ctx.t(usage));
    return null;
  }
  const id = Number(text);
  const reach = await reachOfUpdate(ctx, deps.network);
  if (reach?.kind === 'network') {
    if (inNetwork(reach, id)) return { id, user: (await deps.names.people([id]))(id) };
    await ctx.reply(ctx.t('network-views-not-in-network', { id: code(String(id)) }));
    return null;
  }
  if (reach?.kind !== 'all') {
    await ctx.reply(ctx.t('command-not-for-role'));
    return null;
  }
  const [role, people] = await Promise.all([deps.roles.roleOf(id), deps.names.people([id])]);
  const user = people(id);
  if (role === null) {
    await ctx.reply(ctx.t('credit-unknown-user', { user }));
    return null;
  }
  if (role !== 'reseller' && role !== 'distributor') {
    await ctx.reply(ctx.t('credit-not-reseller', { user }));
    return null;
  }
  return { id, user };
}

function viewText(ctx: BotContext, user: Html, view: AccountView, currency: string): string {
  const m = (v: string) => formatMoney(v, currency);
  const lines = [
    ctx.t('balance-title', { user }),
    ctx.t('balance-line', { balance: m(view.balance), holds: m(view.holds), available: m(view.available) }),
    view.dailyLimit === null
      ? ctx.t('balance-today-no-limit', { spent: m(view.spentToday) })
      : ctx.t('balance-today', {
          spent: m(view.spentToday),
          limit: m(view.dailyLimit),
          left: m(Decimal.max(0, new Decimal(view.dailyLimit).minus(view.spentToday)).toFixed()),
        }),
  ];
  if (view.orderMax !== null) lines.push(ctx.t('balance-order-max', { limit: m(view.orderMax) }));
  if (view.lowAlert !== null) lines.push(ctx.t('balance-alert-line', { threshold: m(view.lowAlert) }));
  return lines.join('\n');
}

/** A distributor's network in one line: how many are below them and their credit in all. */
async function networkLine(
  deps: Pick<CreditDeps, 'accounts' | 'network'>,
  ctx: BotContext,
  me: number,
  currency: string,
): Promise<string> {
  const members = await deps.network.below(me);
  const views = await Promise.all(members.map((row) => deps.accounts.view(row.userId)));
  const sum = (pick: (view: AccountView) => string) =>
    formatMoney(views.reduce((total, view) => total.plus(pick(view)), new Decimal(0)).toFixed(), currency);
  return ctx.t('network-views-balance-network', {
    count: members.length,
    balance: sum((view) => view.balance),
    available: sum((view) => view.available),
  });
}

/**
 * `/credit`, `/limit`, `/balance`, `/statement`: reseller credit, limits and the books. A distributor's `/limit`,
 * `/balance <user id>` and `/statement <user id>` name their own network only.
 */
export function createCreditFeature(deps: CreditDeps) {
  return new Composer<BotContext>(creditCommands(deps), balanceCommand(deps), statementCommand(deps));
}

/** `/credit` and `/limit`: an admin sets a reseller's credit and limits (a distributor: their network's limits). */
function creditCommands(deps: CreditDeps): Composer<BotContext> {
  const { accounts } = deps;
  const composer = new Composer<BotContext>();

  composer.command('credit', requireRole('credit'), async (ctx) => {
    const typed = await readMoneyCommand(ctx, accounts.currency, 'credit-usage');
    if (typed === undefined) return;
    const { currency, note, request } = typed;
    const named = await resellerArg(deps, ctx, typed.idText, 'credit-usage');
    if (named === null) return;
    const user = named.id;
    const admin = ctx.from?.id ?? 0;
    // Named by its message: handled again (its update delivered again after a failure), it moves nothing more.
    const result = await accounts.credit(user, typed.amount, { adminId: admin, note }, request);
    if (!result.ok) {
      await ctx.reply(
        ctx.t('credit-below-zero', {
          user: named.user,
          available: formatMoney(result.refusal.kind === 'floor' ? result.refusal.available : '0', currency),
          amount: formatMoney(typed.amount.abs().toFixed(), currency),
        }),
      );
      return;
    }
    const balance = formatMoney(result.balance, currency);
    const amount = formatMoney(typed.amount.abs().toFixed(), currency);
    const added = !typed.amount.isNegative();
    await ctx.reply(ctx.t(added ? 'credit-added' : 'credit-taken', { user: named.user, amount, balance }));
    // The reseller is told through the outbox, once per command.
    await deps.tell(ctx, user, added ? 'credit-told-added' : 'credit-told-taken', {
      amount,
      balance,
      note: note === '' ? '-' : note,
    });
    // A take may cross the reseller's low-credit threshold (and an addition clears the mark for next time).
    if (await accounts.lowCreditCrossed(user)) {
      const view = await accounts.view(user);
      await deps.tell(ctx, user, 'credit-low', {
        available: formatMoney(view.available, currency),
        threshold: formatMoney(view.lowAlert ?? '0', currency),
      });
    }
  });

  composer.command('limit', requireRole('limit'), async (ctx) => {
    const words = ctx.match.trim().split(/\s+/);
    const which = words[1]?.toLowerCase() === 'order' ? 'order' : 'daily';
    const valueText = which === 'order' ? words[2] : words[1];
    if (valueText === undefined) {
      await ctx.reply(ctx.t('limit-usage'));
      return;
    }
    const currency = await accounts.currency();
    const amount = await amountOrOff(ctx, valueText, currency);
    if (amount === undefined) return;
    const named = await resellerArg(deps, ctx, words[0], 'limit-usage');
    if (named === null) return;
    await accounts.setLimit(named.id, which, amount);
    await ctx.reply(
      amount === null
        ? ctx.t(`limit-${which}-off`, { user: named.user })
        : ctx.t(`limit-${which}-set`, { user: named.user, limit: formatMoney(amount.toFixed(), currency) }),
    );
  });

  return composer;
}

/**
 * `/balance`: one's own credit (a distributor's with their network in a line), a reseller's, or for an admin
 * every reseller's and the merchant wallet's; `/balance alert` sets a low-credit threshold.
 */
function balanceCommand(deps: CreditDeps): Composer<BotContext> {
  const { accounts } = deps;
  const composer = new Composer<BotContext>();

  composer.command('balance', requireRole('balance'), async (ctx) => {
    const words = ctx.match.trim().split(/\s+/).filter(Boolean);
    const me = ctx.from?.id ?? 0;
    const currency = await accounts.currency();
    if (words[0]?.toLowerCase() === 'alert') {
      await setBalanceAlert(deps, ctx, words, currency);
      return;
    }
    if (ctx.distributor && words[0] !== undefined && words[0] !== String(me)) {
      const named = await resellerArg(deps, ctx, words[0], 'balance-usage');
      if (named === null) return;
      await ctx.reply(viewText(ctx, named.user, await accounts.view(named.id), currency));
      return;
    }
    if (ctx.role === 'reseller') {
      const own = viewText(ctx, code(String(me)), await accounts.view(me), currency);
      await ctx.reply(ctx.distributor ? `${own}\n${await networkLine(deps, ctx, me, currency)}` : own);
      return;
    }
    if (words[0] !== undefined) {
      const named = await resellerArg(deps, ctx, words[0], 'balance-usage');
      if (named === null) return;
      await ctx.reply(viewText(ctx, named.user, await accounts.view(named.id), currency));
      return;
    }
    await ctx.reply(await everyBalanceText(deps, ctx, currency));
  });

  return composer;
}

/** Reseller: `/balance alert <amount|off>`; admin: `/balance alert <user id> <amount|off>`. */
async function setBalanceAlert(
  deps: CreditDeps,
  ctx: BotContext,
  words: readonly string[],
  currency: string,
): Promise<void> {
  const me = ctx.from?.id ?? 0;
  const forOther = ctx.role === 'admin';
  const valueText = forOther ? words[2] : words[1];
  if (valueText === undefined) {
    await ctx.reply(ctx.t(forOther ? 'balance-alert-usage-admin' : 'balance-alert-usage'));
    return;
  }
  const amount = await amountOrOff(ctx, valueText, currency);
  if (amount === undefined) return;
  const named = forOther
    ? await resellerArg(deps, ctx, words[1], 'balance-alert-usage-admin')
    : { id: me, user: code(String(me)) };
  if (named === null) return;
  await deps.accounts.setLimit(named.id, 'alert', amount);
  await ctx.reply(
    amount === null
      ? ctx.t('balance-alert-off', { user: named.user })
      : ctx.t('balance-alert-set', {
          user: named.user,
          threshold: formatMoney(amount.toFixed(), currency),
        }),
  );
}

/** An admin's `/balance` alone: every reseller, then the merchant wallet (read in its turn in the line). */
async function everyBalanceText(deps: CreditDeps, ctx: BotContext, currency: string): Promise<string> {
  const resellers = (await deps.roles.list()).filter(
    (row) => row.role === 'reseller' || row.role === 'distributor',
  );
  const people = await deps.names.people(resellers.map((row) => row.userId));
  const lines = [ctx.t('balance-all-title')];
  if (resellers.length === 0) lines.push(ctx.t('balance-all-empty'));
  for (const row of resellers) {
    const view = await deps.accounts.view(row.userId);
    lines.push(
      ctx.t('balance-all-row', {
        user: people(row.userId),
        balance: formatMoney(view.balance, currency),
        available: formatMoney(view.available, currency),
      }),
    );
  }
  const {
    result: { wallet },
  } = await readInLine(ctx, deps.line, async (place) => {
    const read = await deps.walletBalance(place);
    return { kind: read === null ? 'unavailable' : 'served', wallet: read };
  });
  lines.push(
    '',
    wallet === null
      ? ctx.t('balance-wallet-unavailable')
      : wallet.balance === undefined
        ? ctx.t('balance-wallet-unreported', { currency: wallet.currency })
        : ctx.t('balance-wallet', { balance: formatMoney(wallet.balance, wallet.currency) }),
  );
  return lines.join('\n');
}

/** `/statement`: the books of one reseller over a span of UTC days, as CSV documents and a summary. */
function statementCommand(deps: CreditDeps): Composer<BotContext> {
  const { accounts } = deps;
  const clock = deps.clock ?? Date.now;
  const composer = new Composer<BotContext>();

  composer.command('statement', requireRole('statement'), async (ctx) => {
    const words = ctx.match.trim().split(/\s+/).filter(Boolean);
    const me = ctx.from?.id ?? 0;
    let user = me;
    let who = code(String(me));
    if (words[0] !== undefined && USER_ID.test(words[0])) {
      if (ctx.role === 'admin' || (ctx.distributor && Number(words[0]) !== me)) {
        const named = await resellerArg(deps, ctx, words.shift(), 'statement-usage');
        if (named === null) return;
        user = named.id;
        who = named.user;
      } else if (Number(words[0]) === me) {
        words.shift();
      } else {
        await ctx.reply(ctx.t('command-not-for-role'));
        return;
      }
    } else if (ctx.role === 'admin') {
      await ctx.reply(ctx.t('statement-usage'));
      return;
    }
    const today = utcDay(clock());
    const fromText = words[0] ?? `${today.slice(0, 8)}01`;
    const toText = words[1] ?? today;
    const from = parseUtcDay(fromText);
    const to = parseUtcDay(toText);
    if (from === null || to === null || to < from || words.length > 2) {
      await ctx.reply(ctx.t('statement-usage'));
      return;
    }
    const end = to + 86_400_000;
    const [opening, currency] = await Promise.all([accounts.balanceBefore(user, from), accounts.currency()]);
    // Streamed like /export: the ledger is read a page at a time and split into documents of partMaxBytes. An
    // admin's statement names the admins behind its credits; a reseller's own shows their IDs only.
    const entries = accounts.entriesIn(user, from, end);
    const statement = statementParts(
      opening,
      entries,
      deps.partMaxBytes,
      ctx.role === 'admin' ? deps.names : null,
    );
    const names = { user: who, from: fromText, to: toText };
    let count = 0;
    try {
      for await (const part of statement.parts) {
        await ctx.replyWithDocument(
          new InputFile(part.chunks, `statement-${user}-${fromText}-${toText}-${part.index}.csv`),
          { caption: ctx.t('statement-caption', { ...names, part: part.index }) },
        );
        count += part.rows();
      }
    } catch (error) {
      await ctx.reply(ctx.t('statement-failed', { count }));
      throw error;
    }
    const summary = statement.summary();
    const m = (v: string) => formatMoney(v, currency);
    await ctx.reply(
      ctx.t('statement-summary', {
        ...names,
        opening: m(summary.opening),
        closing: m(summary.closing),
        credits: m(summary.credits),
        debits: m(summary.debits),
        entries: summary.entries,
      }),
    );
  });

  return composer;
}
