import { html } from '../../lib/html.ts';
import { Composer, InputFile } from 'grammy';
import { parseUtcDay } from '../../accounts/statement.ts';
import { utcDay } from '../../accounts/ledger.ts';
import { KNOWN_STATUSES, isKnownStatus } from '../../domain/status.ts';
import { exportParts, type ExportView } from '../../orders/export.ts';
import type { OrderReads } from '../../orders/reads.ts';
import type { BotContext } from '../context.ts';
import type { UserDirectory } from '../../accounts/names.ts';
import { requireRole } from './access.ts';
import type { Network } from '../../accounts/network.ts';
import { reachOfUpdate } from '../reach.ts';
import { reachedUsers } from '../../accounts/reach.ts';

/** What /export needs: the store's paged read, and the largest file Telegram takes from this bot. */
export interface ExportDeps {
  orders: Pick<OrderReads, 'createdIn'>;
  /** Users' names: the `reseller_name` column of agents' and admins' exports (`seller_name` of distributors'). */
  names: Pick<UserDirectory, 'namesOf'>;
  /** Distributors' networks: a distributor's export holds their own and their network's orders. */
  network: Pick<Network, 'below'>;
  /** EXPORT_PART_MAX_BYTES. */
  partMaxBytes: number;
}

/** `/export [from] [to] [status]`, parsed; null when the words are not that. */
function parseExportArgs(
  words: readonly string[],
  today: string,
): { from: string; to: string; status?: string } | null {
  const rest = [...words];
  const status = rest.length > 0 && !/^\d/.test(rest[rest.length - 1]!) ? rest.pop() : undefined;
  if (status !== undefined && !isKnownStatus(status)) return null;
  if (rest.length > 2) return null;
  const from = rest[0] ?? `${today.slice(0, 8)}01`;
  const to = rest[1] ?? (rest[0] !== undefined && rest[0] > today ? rest[0] : today);
  const fromMs = parseUtcDay(from);
  const toMs = parseUtcDay(to);
  if (fromMs === null || toMs === null || toMs < fromMs) return null;
  return { from, to, ...(status === undefined ? {} : { status }) };
}

/**
 * `/export`: orders as CSV documents, streamed from the store page by page, split at `partMaxBytes`; what the
 * sender may reach (accounts/reach.ts) chooses the orders read.
 */
export function createExportFeature(deps: ExportDeps) {
  const composer = new Composer<BotContext>();

  composer.command('export', requireRole('export'), async (ctx) => {
    const words = ctx.match.trim().split(/\s+/).filter(Boolean);
    const args = parseExportArgs(words, utcDay(Date.now()));
    if (args === null || ctx.from === undefined || ctx.role === null) {
      await ctx.reply(ctx.t('export-usage', { statuses: KNOWN_STATUSES.join(', ') }));
      return;
    }
    const reach = await reachOfUpdate(ctx, deps.network);
    const sellers = reach === null ? [ctx.from.id] : reachedUsers(reach);
    const view: ExportView = ctx.distributor ? { distributor: ctx.from.id } : ctx.role;
    const orders = deps.orders.createdIn({
      from: parseUtcDay(args.from)!,
      to: parseUtcDay(args.to)! + 86_400_000,
      ...(sellers === null ? {} : { resellerIds: sellers }),
      ...(args.status === undefined ? {} : { status: args.status }),
    });
    const status = args.status === undefined ? '' : ctx.t('export-caption-status', { status: args.status });
    const name = `orders-${args.from}-${args.to}${args.status === undefined ? '' : `-${args.status}`}`;
    let count = 0;
    let files = 0;
    try {
      for await (const part of exportParts(orders, view, deps.partMaxBytes, deps.names)) {
        await ctx.replyWithDocument(new InputFile(part.chunks, `${name}-${part.index}.csv`), {
          caption: ctx.t('export-caption', {
            from: args.from,
            to: args.to,
            status: html(status),
            part: part.index,
          }),
        });
        count += part.rows();
        files += 1;
      }
    } catch (error) {
      await ctx.reply(ctx.t('export-failed', { count }));
      throw error;
    }
    await ctx.reply(ctx.t('export-done', { count, files }));
  });

  return composer;
}
