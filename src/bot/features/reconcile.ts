import { Composer } from 'grammy';
import type { TranslationVars } from '../../lib/html.ts';
import { utcDay } from '../../accounts/ledger.ts';
import { isMerchantError } from '../../merchant/errors.ts';
import type { ReconcileOutcome, ReconcileSummary } from '../../orders/reconcile.ts';
import type { BotContext } from '../context.ts';
import { requireRole } from './access.ts';

/** What /reconcile needs: a run now. */
export interface ReconcileFeatureDeps {
  run: () => Promise<ReconcileOutcome>;
}

/** The summary of a run in `t`'s language (HTML). */
function reconcileSummaryText(
  t: (key: string, vars?: Record<string, string | number>) => string,
  summary: ReconcileSummary,
): string {
  const count = (kind: ReconcileSummary['differences'][number]['kind']) =>
    summary.differences.filter((d) => d.kind === kind).length;
  return t('reconcile-summary', {
    since: new Date(summary.since).toISOString().slice(0, 16).replace('T', ' '),
    checked: summary.checked,
    missing: count('missing'),
    repaired: count('missed-final'),
    status: count('status'),
    price: count('price'),
    holds: count('hold'),
    foreign: summary.foreign,
  });
}

/** The reconciler's report to admins: a caption with the summary, in each one's language, and the CSV. */
export function reconcileReport(
  translate: (locale: string, key: string, vars?: TranslationVars) => string,
  alerts: {
    report(report: {
      id: string;
      caption: (locale: string) => string;
      fileName: string;
      fileText: string;
    }): Promise<unknown>;
  },
) {
  return async (summary: ReconcileSummary, csv: string): Promise<void> => {
    await alerts.report({
      id: `reconcile:${summary.runId}`,
      caption: (locale) =>
        `${translate(locale, 'reconcile-report-caption', { count: summary.differences.length, day: utcDay(Date.now()) })}\n\n${reconcileSummaryText((key, vars) => translate(locale, key, vars), summary)}`,
      fileName: `reconciliation-${summary.runId}.csv`,
      fileText: csv,
    });
  };
}

/** `/reconcile` (admins): runs the reconciliation now and answers with its summary. */
export function createReconcileFeature(deps: ReconcileFeatureDeps) {
  const composer = new Composer<BotContext>();
  composer.command('reconcile', requireRole('reconcile'), async (ctx) => {
    await ctx.reply(ctx.t('reconcile-started'));
    let outcome: ReconcileOutcome;
    try {
      outcome = await deps.run();
    } catch (error) {
      // The error's kind only: never a message that could carry a request's details.
      const reason = isMerchantError(error) ? `Merchant API: ${error.kind}` : 'internal error';
      await ctx.reply(ctx.t('reconcile-failed', { reason }), { parse_mode: 'HTML' });
      throw error;
    }
    if (outcome.kind !== 'done') {
      await ctx.reply(ctx.t('reconcile-busy'));
      return;
    }
    await ctx.reply(reconcileSummaryText(ctx.t.bind(ctx), outcome.summary), { parse_mode: 'HTML' });
  });
  return composer;
}
