import type { LoggerLike } from '../domain/log.ts';
import { newMerchantOrderNumber } from '../domain/order-number.ts';
import { hookAt, type LifecycleHooks } from '../lib/hooks.ts';
import { isMerchantError } from '../merchant/errors.ts';
import type { CallPriority } from '../merchant/types.ts';
import type { OrderService } from '../orders/types.ts';
import type { AlertSink } from '../orders/alerts.ts';
import {
  placeUnattended,
  stopKey,
  quoteUnattended,
  type QuoteSource,
  type PayerGates,
  type StopReason,
  type UnattendedResult,
} from '../orders/top-up.ts';
import type { BulkStore, RunLine, RunRecord } from './store.ts';

// One line of a running bulk run placed through the one road (line-jobs.ts runs the chain of jobs around it).

/**
 * Bulk lines ask for their quotes in the shared request line (merchant/budget.ts) at its `bulk` priority: below a
 * confirmed order and an interactive quote, above status reads; round-robin between resellers inside it, so one
 * reseller's file never starves another's single top-up. A line's order call is a placement (OrderService.submit).
 */
export const BULK_LINE_PRIORITY: CallPriority = 'bulk';

/** What placing a line needs (the bulk service's deps, its store and logger). */
export interface LinePlaceDeps {
  store: BulkStore;
  quotes: QuoteSource;
  orders: Pick<OrderService, 'submit' | 'get'>;
  gates: PayerGates;
  alerts?: Pick<AlertSink, 'raise'>;
  hooks?: LifecycleHooks;
  logger: LoggerLike;
}

/** The order service as line `index` (numbered `externalOrderId`) uses it: its placement between the crash points of tests. */
function hookedOrders(
  deps: Pick<LinePlaceDeps, 'orders' | 'hooks'>,
  externalOrderId: string,
  index: number,
): Pick<OrderService, 'submit' | 'get'> {
  return {
    // A line whose job runs again after a crash finds the order it sent, whoever the payer is now.
    get: (orderNumber) => deps.orders.get(orderNumber),
    submit: async (intent, options) => {
      await hookAt(deps.hooks, 'bulk-before-submit', { externalOrderId, step: index });
      const submitted = await deps.orders.submit(intent, options);
      await hookAt(deps.hooks, 'bulk-after-submit', { externalOrderId, step: index });
      return submitted;
    },
  };
}

/**
 * Places line `index` of a running run: 'done' once recorded (by this job or another), 'again' when the line got
 * a new number to be placed under, 'wait' when the quote could not be had now, 'stopped' when the payer may no
 * longer order (the run is cancelled: nothing more of it is placed).
 */
export async function placeLine(
  deps: LinePlaceDeps,
  run: RunRecord,
  index: number,
): Promise<'done' | 'again' | 'wait' | 'stopped'> {
  const { store, logger } = deps;
  const runId = run.meta.runId;
  const line = await store.line(runId, index);
  if (line === null || line.state !== 'pending') {
    if (line !== null) await store.recordLine(runId, index, line);
    return 'done';
  }
  const { resellerId, chatId, locale } = run.meta;
  let quoteFailure: { error: unknown } | undefined;
  let result: UnattendedResult;
  try {
    result = await placeUnattended(
      { gates: deps.gates, quotes: deps.quotes, orders: hookedOrders(deps, line.ext, index) },
      {
        who: { resellerId, chatId, locale },
        product: line,
        account: line.account,
        externalOrderId: line.ext,
        quote: () =>
          quoteUnattended(deps.quotes, line, BULK_LINE_PRIORITY, resellerId).catch((error: unknown) => {
            quoteFailure = { error };
            throw error;
          }),
        pinGiven: run.pinGiven,
        from: { bulkRunId: runId },
      },
    );
  } catch (error) {
    if (quoteFailure === undefined) throw error;
    if (isMerchantError(error) && error.kind === 'validation') {
      await store.recordLine(runId, index, { ...line, state: 'failed', error: 'top-up-offer-unavailable' });
      return 'done';
    }
    logger.warn({ runId, kind: isMerchantError(error) ? error.kind : 'unknown' }, 'bulk quote not had now');
    return 'wait';
  }
  if ('stopped' in result) {
    await stopRun(deps, run, index, line, result.stopped);
    return 'stopped';
  }
  let recorded: RunLine;
  if (result.placed) {
    recorded = {
      ...line,
      state: 'placed',
      price: result.order.credit?.amount ?? result.price ?? result.order.quote.merchantPrice,
    };
  } else {
    if (result.quoteRefused) {
      if ((line.requotes ?? 0) < 1) {
        // Refused before anything was charged: the line gets a fresh quote under a new number, stored
        // before it is sent (the refused number stays refused).
        await store.replaceLine(runId, index, line.ext, {
          ...line,
          ext: newMerchantOrderNumber(),
          requotes: (line.requotes ?? 0) + 1,
        });
        return 'again';
      }
    }
    recorded = { ...line, state: 'failed', error: result.reason };
  }
  await store.recordLine(runId, index, recorded);
  return 'done';
}

/** The payer may no longer order: the line is recorded not placed, the run cancelled, the admins told. */
async function stopRun(
  deps: Pick<LinePlaceDeps, 'store' | 'alerts' | 'logger'>,
  run: RunRecord,
  index: number,
  line: RunLine,
  reason: StopReason,
): Promise<void> {
  const { store, logger } = deps;
  const runId = run.meta.runId;
  await store.recordLine(runId, index, { ...line, state: 'failed', error: stopKey(reason) });
  await store.stop(runId, stopKey(reason));
  logger.warn(
    { runId, userId: run.meta.resellerId, reason },
    'bulk run stopped: its payer may no longer order',
  );
  await deps.alerts
    ?.raise({ kind: 'payer-stopped', userId: run.meta.resellerId, what: 'bulk', id: runId, reason })
    .catch((error: unknown) => logger.warn({ err: error, runId }, 'bulk stop alert not queued'));
}
