import { randomBytes } from 'node:crypto';
import { Decimal } from 'decimal.js';
import type { Redis } from 'ioredis';
import { parseBulkFile, type BulkFileProblem } from '../domain/bulk-csv.ts';
import { silentLogger, type LoggerLike } from '../domain/log.ts';
import { newMerchantOrderNumber } from '../domain/order-number.ts';
import { hookAt, type LifecycleHooks } from '../lib/hooks.ts';
import type { Claim } from '../lib/redis/due-queue.ts';
import { isMerchantError } from '../merchant/errors.ts';
import type { Catalogue } from '../merchant/catalogue.ts';
import { LEFT_LINE, untilServed } from '../merchant/budget.ts';
import type { CallPriority, LinePlace, MerchantApi } from '../merchant/types.ts';
import type { OrderService, StoredOrder } from '../orders/types.ts';
import {
  payerPrice,
  quoteUnattended,
  unattendedIntent,
  unattendedOutcome,
  type UnattendedPricing,
  type UnattendedQuote,
} from '../orders/unattended.ts';
import { createBulkStore, type RunLine, type RunMeta, type RunRecord } from './store.ts';
import { productKey, validateRows, type BulkProduct, type LineProblem } from './validate.ts';

/**
 * Bulk top-ups: a checked CSV file becomes a durable run whose lines are placed one by one through the normal
 * order path (`OrderService.submit`: the credit hold, the same-number guard, exactly-once placement), each
 * under the merchant order number fixed when the file was checked, so a line re-sent after a crash finds its
 * order instead of making a second one.
 */

/**
 * Bulk lines ask for their quotes in the shared request line (merchant/budget.ts) at its `bulk` priority: below a
 * confirmed order and an interactive quote, above status reads; round-robin between resellers inside it, so one
 * reseller's file never starves another's single top-up. A line's order call is a placement (OrderService.submit).
 */
export const BULK_LINE_PRIORITY: CallPriority = 'bulk';

/** Timings of the bulk worker; tests shrink them. */
export interface BulkTimings {
  /** How long a worker holds a run before another replica may take it over (renewed on every line). */
  leaseMs: number;
  /** A run's share of one round before the other runs get a turn. */
  sliceMs: number;
  /** The progress message is edited at most this often. */
  progressEveryMs: number;
  /** Wait before trying again after a quote the Merchant API could not give now. */
  retryMs: number;
  /** A quote with less validity than this left is renewed before a line uses it. */
  quoteMarginMs: number;
}

export const DEFAULT_BULK_TIMINGS: BulkTimings = {
  leaseMs: 60_000,
  sliceMs: 10_000,
  progressEveryMs: 3_000,
  retryMs: 5_000,
  quoteMarginMs: 60_000,
};

/** At most this many quotes estimate one file; other amounts of a quoted operator are scaled from its price. */
const ESTIMATE_QUOTES = 10;

/** The figures of the ✅/❌ summary. */
export interface DraftView {
  runId: string;
  valid: number;
  problems: LineProblem[];
  /** Estimated cost (the reseller's price, or the merchant price for an admin), or null when not quoted now. */
  estimate: { amount: string; currency: string; approximate: boolean } | null;
  /** A reseller's available credit (merchant currency). */
  available?: string;
}

export type PrepareResult =
  | { kind: 'refused'; problem: BulkFileProblem }
  | { kind: 'draft'; view: DraftView }
  // The reseller left the line while the estimate waited (❌, /cancel): nothing was kept.
  | { kind: 'left' };

/** The figures of the progress message. */
export interface ProgressView {
  state: RunRecord['state'];
  total: number;
  placed: number;
  failed: number;
  skipped: number;
  left: number;
  spent: string;
  currency: string;
  /** ms of the estimated end, while running and measurable. */
  endsAt?: number;
}

/** What the bulk feature sends through Telegram: the progress edits and the report. */
export interface BulkTelegram {
  editProgress(run: RunRecord, view: ProgressView): Promise<void>;
  sendReport(run: RunRecord, csv: string, view: ProgressView): Promise<void>;
}

export interface BulkDeps {
  redis: Redis;
  prefix: string;
  api: Pick<MerchantApi, 'createQuote'>;
  orders: Pick<OrderService, 'submit' | 'get'>;
  catalogue: Pick<Catalogue, 'countries' | 'operators'>;
  pricing: UnattendedPricing;
  accounts?: { view(userId: number): Promise<{ available: string }> };
  /** Set by the wiring once the bot's API exists. */
  telegram?: BulkTelegram;
  /** Builds the report CSV (texts are the feature's). */
  report?: (run: RunRecord, lines: RunLine[], orders: Map<string, StoredOrder | null>) => string;
  logger?: LoggerLike;
  hooks?: LifecycleHooks;
  clock?: () => number;
  timings?: Partial<BulkTimings>;
}

/** Creates the bulk service (what the chat asks) and its worker (`tick`, run by the job loops). */
export function createBulkRuns(deps: BulkDeps) {
  const store = createBulkStore(deps.redis, deps.prefix);
  const logger = deps.logger ?? silentLogger;
  const clock = deps.clock ?? Date.now;
  const timings: BulkTimings = { ...DEFAULT_BULK_TIMINGS, ...deps.timings };
  /** Quotes this replica holds, by product: one quote serves every line of the same product. */
  const quotes = new Map<string, UnattendedQuote>();

  async function quote(
    product: BulkProduct,
    priority: CallPriority,
    owner: number,
    place?: Pick<LinePlace, 'id' | 'onWait'>,
  ): Promise<UnattendedQuote> {
    const key = productKey(product);
    const held = quotes.get(key);
    if (held !== undefined && Date.parse(held.expiresAt) - clock() > timings.quoteMarginMs) return held;
    const fresh = await quoteUnattended(deps.api, product, priority, owner, place);
    quotes.set(key, fresh);
    return fresh;
  }

  const priceOf = (meta: Pick<RunMeta, 'role' | 'resellerId'>, product: BulkProduct, q: UnattendedQuote) =>
    payerPrice(deps.pricing, meta, product, q);

  /** The estimate: one quote per distinct product (at most ESTIMATE_QUOTES; others scaled from their operator's). */
  async function estimate(
    meta: Pick<RunMeta, 'role' | 'resellerId'>,
    lines: RunLine[],
    problems: LineProblem[],
    place: Pick<LinePlace, 'id' | 'onWait'> | undefined,
  ): Promise<{ kept: RunLine[]; estimate: DraftView['estimate'] } | 'left'> {
    const byProduct = new Map<string, RunLine[]>();
    for (const line of lines) {
      const key = productKey(line);
      byProduct.set(key, [...(byProduct.get(key) ?? []), line]);
    }
    const ranked = [...byProduct.entries()].sort((a, b) => b[1].length - a[1].length);
    const prices = new Map<string, { price: Decimal; amount: string; currency: string }>();
    const unavailable = new Set<string>();
    let approximate = false;
    let failed = false;
    const operatorOf = (l: BulkProduct) => [l.country, l.operatorKey, l.subtype, l.currency].join('|');
    for (const [key, group] of ranked) {
      const product = group[0]!;
      const scaleFrom = [...prices.entries()].find(([k]) => k.startsWith(`${operatorOf(product)}|`));
      if (prices.size >= ESTIMATE_QUOTES && scaleFrom !== undefined) {
        const [, base] = scaleFrom;
        prices.set(key, {
          price: base.price.mul(product.amount).div(base.amount).toDecimalPlaces(4, Decimal.ROUND_UP),
          amount: product.amount,
          currency: base.currency,
        });
        approximate = true;
        continue;
      }
      try {
        // The chat waits for the summary: each quote waits its turn in the shared line, in the chat's place
        // (its "In line" message shows it), and a 429 the client could not wait out goes back in line.
        const q = await untilServed(() => quote(product, 'interactive', meta.resellerId, place));
        prices.set(key, {
          price: new Decimal(await priceOf(meta, product, q)),
          amount: product.amount,
          currency: q.merchantCurrency,
        });
      } catch (error) {
        if (isMerchantError(error) && error.code === LEFT_LINE) return 'left';
        if (isMerchantError(error) && error.kind === 'validation') {
          // The catalogue offers it but the service will not quote it: those lines are refused like a typed one.
          unavailable.add(key);
          for (const l of group) problems.push({ line: l.line, key: 'top-up-offer-unavailable', vars: {} });
        } else {
          failed = true;
        }
      }
    }
    const kept = lines.filter((l) => !unavailable.has(productKey(l)));
    problems.sort((a, b) => a.line - b.line);
    if (failed || kept.length === 0) return { kept, estimate: null };
    let total = new Decimal(0);
    let currency = '';
    for (const l of kept) {
      const p = prices.get(productKey(l))!;
      total = total.plus(p.price);
      currency = p.currency;
    }
    return { kept, estimate: { amount: total.toFixed(), currency, approximate } };
  }

  function progressOf(run: RunRecord, lines: RunLine[]): ProgressView {
    let placed = 0;
    let failed = 0;
    let skipped = 0;
    let spent = new Decimal(0);
    for (const l of lines) {
      if (l.state === 'placed') {
        placed++;
        spent = spent.plus(l.price ?? 0);
      } else if (l.state === 'failed') failed++;
      else if (l.state === 'skipped') skipped++;
    }
    const total = lines.length;
    const left = total - placed - failed - skipped;
    const view: ProgressView = {
      state: run.state,
      total,
      placed,
      failed,
      skipped,
      left,
      spent: spent.toFixed(),
      currency: run.meta.currency ?? '',
    };
    const processed = placed + failed;
    if (run.state === 'running' && processed > 0 && left > 0 && run.startedAt > 0) {
      const perLine = (clock() - run.startedAt) / processed;
      view.endsAt = clock() + Math.round(perLine * left);
    }
    return view;
  }

  async function showProgress(runId: string, force: boolean): Promise<void> {
    const run = await store.get(runId);
    if (run === null || run.messageId === undefined || deps.telegram === undefined) return;
    if (!force && clock() - run.progressAt < timings.progressEveryMs) return;
    await store.setProgressAt(runId, clock());
    try {
      await deps.telegram.editProgress(run, progressOf(run, await store.lines(runId)));
    } catch (error) {
      logger.warn({ err: error, runId }, 'bulk progress not edited');
    }
  }

  /** Places line `index` of a running run; false when the run must wait (the quote could not be had now). */
  async function placeLine(run: RunRecord, index: number): Promise<boolean> {
    const runId = run.meta.runId;
    const line = await store.line(runId, index);
    if (line === null || line.state !== 'pending') {
      if (line !== null) await store.recordLine(runId, index, line);
      return true;
    }
    let q: UnattendedQuote;
    try {
      q = await quote(line, BULK_LINE_PRIORITY, run.meta.resellerId);
    } catch (error) {
      if (isMerchantError(error) && error.kind === 'validation') {
        await store.recordLine(runId, index, { ...line, state: 'failed', error: 'top-up-offer-unavailable' });
        return true;
      }
      logger.warn({ runId, kind: isMerchantError(error) ? error.kind : 'unknown' }, 'bulk quote not had now');
      return false;
    }
    const price = await priceOf(run.meta, line, q);
    const intent = unattendedIntent({
      externalOrderId: line.ext,
      product: line,
      account: line.account,
      quote: q,
      price,
      payer: run.meta,
      from: { bulkRunId: runId },
    });
    await hookAt(deps.hooks, 'bulk-before-submit', { externalOrderId: line.ext, step: index });
    const result = await deps.orders.submit(intent);
    await hookAt(deps.hooks, 'bulk-after-submit', { externalOrderId: line.ext, step: index });
    const outcome = unattendedOutcome(result);
    let recorded: RunLine;
    if (outcome.placed) {
      recorded = { ...line, state: 'placed', price: outcome.order.credit?.amount ?? price };
    } else {
      if (outcome.quoteRefused) {
        quotes.delete(productKey(line));
        if ((line.requotes ?? 0) < 1) {
          // Refused before anything was charged: the line gets a fresh quote under a new number, stored
          // before it is sent (the refused number stays refused).
          await store.replaceLine(runId, index, {
            ...line,
            ext: newMerchantOrderNumber(),
            requotes: (line.requotes ?? 0) + 1,
          });
          return true;
        }
      }
      recorded = { ...line, state: 'failed', error: outcome.reason };
    }
    await store.recordLine(runId, index, recorded);
    return true;
  }

  /** Sends the report once the run ended (finished or cancelled); lines never placed are marked skipped. */
  async function finalise(run: RunRecord, claim: Claim): Promise<void> {
    const runId = run.meta.runId;
    if (run.state === 'cancelled') {
      for (let i = run.next; i < run.meta.total; i++) {
        const line = await store.line(runId, i);
        if (line !== null && line.state === 'pending')
          await store.recordLine(runId, i, { ...line, state: 'skipped' });
      }
    }
    const ended = (await store.get(runId)) ?? run;
    const lines = await store.lines(runId);
    const view = progressOf(ended, lines);
    if (!ended.reported && deps.telegram !== undefined) {
      const orders = new Map<string, StoredOrder | null>();
      for (const l of lines) if (l.state === 'placed') orders.set(l.ext, await deps.orders.get(l.ext));
      const csv = deps.report?.(ended, lines, orders) ?? '';
      try {
        await deps.telegram.editProgress(ended, view);
      } catch (error) {
        logger.warn({ err: error, runId }, 'bulk progress not edited');
      }
      try {
        await deps.telegram.sendReport(ended, csv, view);
      } catch (error) {
        logger.warn({ err: error, runId }, 'bulk report not sent yet; trying again');
        await store.queue.complete(claim, timings.retryMs);
        return;
      }
    }
    await store.markReported(runId);
    await store.queue.complete(claim, null);
    logger.info({ runId, ...view }, 'bulk run ended');
  }

  /** Works on one claimed run for at most one slice. */
  async function work(claim: Claim): Promise<void> {
    const runId = claim.member;
    const began = clock();
    for (;;) {
      const run = await store.get(runId);
      if (run === null || run.reported) {
        await store.queue.complete(claim, null);
        return;
      }
      switch (run.state) {
        case 'draft':
          await store.queue.complete(claim, null);
          return;
        case 'paused': {
          await store.queue.complete(claim, null);
          // A resume that came while this claim was held found the entry present: queue it again.
          if ((await store.get(runId))?.state === 'running') await store.queue.schedule(runId, 0);
          await showProgress(runId, true);
          return;
        }
        case 'cancelled':
        case 'finished':
          await finalise(run, claim);
          return;
        case 'running':
          break;
      }
      if (run.next >= run.meta.total) {
        await store.finish(runId);
        continue;
      }
      if (clock() - began > timings.sliceMs) {
        // Back of the queue: other runs (other resellers) get their turn.
        await store.queue.complete(claim, 0);
        await showProgress(runId, false);
        return;
      }
      if (!(await store.queue.renew(claim, timings.leaseMs))) {
        logger.warn({ runId }, 'bulk run claim lost; another worker has it');
        return;
      }
      if (!(await placeLine(run, run.next))) {
        await store.queue.complete(claim, timings.retryMs);
        await showProgress(runId, false);
        return;
      }
      await showProgress(runId, false);
    }
  }

  return {
    timings,
    store,

    /** Reads, checks and quotes a file and stores it as a draft; nothing is placed before `start`. */
    async prepare(input: {
      userId: number;
      chatId: number;
      locale: string;
      role: 'reseller' | 'admin';
      bytes: Uint8Array;
      /** The chat's place in the shared line for the estimate's quotes (its "In line" message). */
      line?: Pick<LinePlace, 'id' | 'onWait'>;
    }): Promise<PrepareResult> {
      const parsed = parseBulkFile(input.bytes);
      if (!parsed.ok) return { kind: 'refused', problem: parsed.problem };
      const { valid, problems } = await validateRows(parsed.rows, deps.catalogue);
      const runId = randomBytes(9).toString('base64url');
      const meta: RunMeta = {
        runId,
        resellerId: input.userId,
        chatId: input.chatId,
        locale: input.locale,
        role: input.role,
        createdAt: new Date(clock()).toISOString(),
        total: 0,
        problems,
      };
      // Each line's merchant order number is fixed now, with the line, before anything can be sent.
      const lines: RunLine[] = valid.map((v) => ({ ...v, ext: newMerchantOrderNumber(), state: 'pending' }));
      const estimated = await estimate(meta, lines, problems, input.line);
      if (estimated === 'left') return { kind: 'left' };
      const { kept, estimate: est } = estimated;
      meta.total = kept.length;
      if (est !== null) meta.currency = est.currency;
      const available =
        input.role === 'reseller' && deps.accounts !== undefined
          ? (await deps.accounts.view(input.userId)).available
          : undefined;
      await store.createDraft(meta, kept);
      return {
        kind: 'draft',
        view: {
          runId,
          valid: kept.length,
          problems,
          estimate: est,
          ...(available === undefined ? {} : { available }),
        },
      };
    },

    /** ✅ on the summary: the run starts, and `messageId` (the summary) becomes its progress message. */
    async start(runId: string, userId: number, messageId: number) {
      const run = await store.get(runId);
      if (run === null || run.meta.resellerId !== userId) return 'gone' as const;
      if (run.meta.total === 0) return 'empty' as const;
      return store.start(runId, clock(), messageId);
    },

    async drop(runId: string, userId: number) {
      const run = await store.get(runId);
      if (run === null || run.meta.resellerId !== userId) return 'gone' as const;
      return store.drop(runId);
    },

    /** ⏸ / ▶️ / ⏹ on the progress message; the progress is shown again at once. */
    async control(runId: string, userId: number, action: 'pause' | 'resume' | 'cancel') {
      const run = await store.get(runId);
      if (run === null || run.meta.resellerId !== userId) return 'gone' as const;
      const result =
        action === 'pause'
          ? await store.pause(runId)
          : action === 'resume'
            ? await store.resume(runId)
            : await store.cancel(runId);
      if (result === 'ok') await showProgress(runId, true);
      return result;
    },

    /** The figures of a run's progress message now. */
    async progress(runId: string): Promise<{ run: RunRecord; view: ProgressView } | null> {
      const run = await store.get(runId);
      if (run === null) return null;
      return { run, view: progressOf(run, await store.lines(runId)) };
    },

    /** On start-up: every started, unreported run has a queue entry (a live holder keeps its claim). */
    async resumeActive(): Promise<number> {
      const ids = await store.active();
      for (const id of ids) await store.queue.schedule(id, 0, { onlyIfAbsent: true });
      return ids.length;
    },

    /** One round of the worker: takes due runs and works on each for a slice; returns how many it took. */
    async tick(limit = 4): Promise<number> {
      const claims = await store.queue.claim(limit, timings.leaseMs);
      await Promise.all(
        claims.map(async (claim) => {
          try {
            await work(claim);
          } catch (error) {
            // Redis or the order service failed mid-line: the lease brings the run back later.
            logger.error({ err: error, runId: claim.member }, 'bulk run round failed');
          }
        }),
      );
      return claims.length;
    },
  };
}

export type BulkRuns = ReturnType<typeof createBulkRuns>;
