import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { parseBulkFile } from '../domain/bulk-csv.ts';
import { newMerchantOrderNumber } from '../domain/order-number.ts';
import type { Catalogue } from '../merchant/catalogue.ts';
import type { LinePlace } from '../merchant/types.ts';
import type { PinCheck } from '../accounts/pin.ts';
import { payerPrice, payerRole, UNKNOWN_COST, type UnattendedQuote } from '../orders/top-up.ts';
import {
  BULK_DRAFT_MAX_BYTES,
  createBulkStore,
  draftBytes,
  type RunLine,
  type RunMeta,
  type RunRecord,
  type RunState,
  type TransitionResult,
  type BulkStore,
} from './store.ts';
import { estimateCost, type EstimateDeps } from './estimate.ts';
import { createBulkLineJobs, type BulkLineDeps } from './line-jobs.ts';
import { validateRows, type BulkProduct } from './validate.ts';
import { progressOf, type PrepareResult, type ProgressView, type StartResult } from './views.ts';

export type { DraftView, PrepareResult, ProgressView, StartResult } from './views.ts';

/**
 * Bulk top-ups: a checked CSV file becomes a durable run whose lines are placed one by one through the normal
 * order path (`OrderService.submit`: the credit hold, the same-number guard, exactly-once placement), each
 * under the merchant order number fixed when the file was checked, so a line re-sent after a crash finds its
 * order instead of making a second one.
 *
 * The service here is what the chat asks of a run: the draft, ✅ with its PIN checks, ⏸ / ▶️ / ⏹, the progress.
 * The lines themselves run as a chain of BullMQ jobs (line-jobs.ts).
 */

/** The bulk service's deps: its lines' jobs' (line-jobs.ts), and what the chat's side reads. */
export interface BulkDeps extends BulkLineDeps {
  redis: Redis;
  prefix: string;
  catalogue: Pick<Catalogue, 'countries' | 'operators'>;
  /** One PIN try, at ✅ of a run whose estimated cost is above the payer's threshold. */
  pins: { check(userId: number, pin: string): Promise<PinCheck> };
  accounts?: { view(userId: number): Promise<{ available: string }> };
}

/** A file sent to the chat, and who sent it. */
interface PrepareInput {
  userId: number;
  chatId: number;
  locale: string;
  role: 'reseller' | 'admin';
  bytes: Uint8Array;
  /** The chat's place in the shared line for the estimate's quotes (its "In line" message). */
  line?: Pick<LinePlace, 'id' | 'onWait'>;
}

/** Reads, checks and quotes a file and stores it as a draft; nothing is placed before `start`. */
async function prepareDraft(
  deps: Pick<BulkDeps, 'catalogue' | 'accounts'> & EstimateDeps & { store: BulkStore; clock: () => number },
  input: PrepareInput,
): Promise<PrepareResult> {
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
    createdAt: new Date(deps.clock()).toISOString(),
    total: 0,
    problems,
  };
  // Each line's merchant order number is fixed now, with the line, before anything can be sent.
  const lines: RunLine[] = valid.map((v) => ({ ...v, ext: newMerchantOrderNumber(), state: 'pending' }));
  // A file whose draft would keep too much is refused before any quote is asked for it.
  if (draftBytes(meta, lines) > BULK_DRAFT_MAX_BYTES) return { kind: 'refused', problem: 'too-large' };
  const estimated = await estimateCost(deps, meta, lines, problems, input.line);
  if (estimated === 'left') return { kind: 'left' };
  const { kept, estimate: est } = estimated;
  meta.total = kept.length;
  if (est !== null) {
    meta.currency = est.currency;
    meta.estimate = est.amount;
  }
  const available =
    input.role === 'reseller' && deps.accounts !== undefined
      ? (await deps.accounts.view(input.userId)).available
      : undefined;
  if ((await deps.store.createDraft(meta, kept)) === 'too-large')
    return { kind: 'refused', problem: 'too-large' };
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
}

/**
 * The PIN step of ✅ on a draft: `pass` when the run may start (`asked`: its PIN was asked and given), else the
 * answer to ✅. Without `pin`, a PIN needed is asked on the summary (`messageId`).
 */
async function pinAtStart(
  deps: Pick<BulkDeps, 'gates' | 'pins'> & { store: BulkStore },
  run: RunRecord,
  userId: number,
  messageId: number,
  pin: string | undefined,
): Promise<StartResult | { kind: 'pass'; asked: boolean }> {
  // Nothing starts while the PIN is locked, whatever the cost. No PIN above any cost is none at this one; a
  // cost that could not be estimated is taken as above any threshold.
  const atAnyCost = await deps.gates.pinNeed(userId, UNKNOWN_COST);
  if (atAnyCost.kind === 'locked') return { kind: 'pin-locked', ms: atAnyCost.ms };
  const need =
    atAnyCost.kind === 'none' || run.meta.estimate === undefined
      ? atAnyCost
      : await deps.gates.pinNeed(userId, run.meta.estimate);
  if (need.kind === 'locked') return { kind: 'pin-locked', ms: need.ms };
  if (need.kind === 'no-pin') return { kind: 'pin-not-set' };
  if (need.kind === 'ask') {
    if (pin === undefined) {
      await deps.store.setSummary(run.meta.runId, messageId);
      return { kind: 'pin-ask', cost: run.meta.estimate, currency: run.meta.currency };
    }
    const verdict = await deps.pins.check(userId, pin);
    if (verdict.kind !== 'ok') return { kind: 'pin', verdict };
  }
  return { kind: 'pass', asked: need.kind === 'ask' };
}

/** Creates the bulk service (what the chat asks) and its worker (`runJobs`, in processes that run jobs). */
export function createBulkRuns(deps: BulkDeps) {
  const store = createBulkStore(deps.redis, deps.prefix);
  const clock = deps.clock ?? Date.now;
  const lineJobs = createBulkLineJobs(deps, store);
  const { timings, enqueue, quote, showProgress } = lineJobs;

  /** Starts the chain again after a state change that asked for it; the change's answer for the caller. */
  async function restarted(runId: string, result: TransitionResult): Promise<'ok' | RunState | 'gone'> {
    if (result.kind === 'refused') return result.state;
    if (result.restart !== undefined) {
      const run = await store.get(runId);
      if (run !== null) await enqueue(runId, result.restart, run.next);
    }
    return 'ok';
  }

  const priceOf = (meta: Pick<RunMeta, 'role' | 'resellerId'>, product: BulkProduct, q: UnattendedQuote) =>
    payerPrice(deps.gates.pricing, meta, product, q).then((paid) => paid.price);

  return {
    timings,
    store,

    /** Reads, checks and quotes a file and stores it as a draft; nothing is placed before `start`. */
    prepare: (input: PrepareInput) => prepareDraft({ ...deps, store, clock, quote, priceOf }, input),

    /**
     * ✅ on the summary (`messageId`, which becomes the progress message), or OK on its PIN keypad (`pin`): the run
     * starts once the payer still has the role the draft was priced for and, when the estimated cost is above
     * their threshold, gave their PIN. A draft whose payer's role changed is dropped (its prices are not theirs).
     */
    async start(runId: string, userId: number, messageId: number, pin?: string): Promise<StartResult> {
      const run = await store.get(runId);
      if (run === null || run.meta.resellerId !== userId) return { kind: 'gone' };
      if (run.state !== 'draft') return { kind: run.state };
      if (run.meta.total === 0) return { kind: 'empty' };
      if ((await payerRole(deps.gates, userId)) !== run.meta.role) {
        await store.drop(runId);
        return { kind: 'role-changed' };
      }
      const gate = await pinAtStart({ ...deps, store }, run, userId, messageId, pin);
      if (gate.kind !== 'pass') return gate;
      const started = await restarted(
        runId,
        await store.start(runId, clock(), run.messageId ?? messageId, gate.asked),
      );
      return started === 'ok' ? { kind: 'ok' } : { kind: started };
    },

    async drop(runId: string, userId: number) {
      const run = await store.get(runId);
      if (run === null || run.meta.resellerId !== userId) return 'gone' as const;
      const dropped = await store.drop(runId);
      return dropped.kind === 'ok' ? ('ok' as const) : dropped.state;
    },

    /** ⏸ / ▶️ / ⏹ on the progress message; the progress is shown again at once. */
    async control(runId: string, userId: number, action: 'pause' | 'resume' | 'cancel') {
      const run = await store.get(runId);
      if (run === null || run.meta.resellerId !== userId) return 'gone' as const;
      const result = await restarted(
        runId,
        action === 'pause'
          ? await store.pause(runId)
          : action === 'resume'
            ? await store.resume(runId)
            : await store.cancel(runId),
      );
      if (result === 'ok') await showProgress(runId, true);
      return result;
    },

    /** The figures of a run's progress message now. */
    async progress(runId: string): Promise<{ run: RunRecord; view: ProgressView } | null> {
      const run = await store.get(runId);
      if (run === null) return null;
      return { run, view: progressOf(run, await store.lines(runId), clock()) };
    },

    /** Runs the lines' jobs in this process (ROLE all or worker) and carries on the runs that lack theirs. */
    runJobs: lineJobs.runJobs,
  };
}

export type BulkRuns = ReturnType<typeof createBulkRuns>;
