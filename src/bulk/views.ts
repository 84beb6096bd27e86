import { Decimal } from 'decimal.js';
import type { PinCheck } from '../accounts/pin.ts';
import type { BulkFileProblem } from '../domain/bulk-csv.ts';
import type { RunLine, RunRecord, RunState } from './store.ts';
import type { LineProblem } from './validate.ts';

// What the chat shows of a bulk file and its run: the summary's figures, the answer to ✅, the progress message.

/** What ✅ (or OK on the PIN keypad) came to. */
export type StartResult =
  | { kind: 'ok' | 'gone' | 'empty' | 'role-changed' | 'pin-not-set' | RunState }
  | { kind: 'pin-locked'; ms: number }
  /** The estimated cost is above the payer's threshold: the PIN keypad, then `start` again with the PIN. */
  | { kind: 'pin-ask'; cost: string | undefined; currency: string | undefined }
  /** The PIN given was not accepted (wrong, not a PIN, locked now, none set). */
  | { kind: 'pin'; verdict: Exclude<PinCheck, { kind: 'ok' }> };

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
  /** Locale key of why the run was stopped (its payer may no longer order). */
  stopped?: string;
}

/** The figures of a run's progress message from its lines, with an estimated end at `now` from the pace so far. */
export function progressOf(run: RunRecord, lines: RunLine[], now: number): ProgressView {
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
    ...(run.stopped === undefined ? {} : { stopped: run.stopped }),
  };
  const processed = placed + failed;
  if (run.state === 'running' && processed > 0 && left > 0 && run.startedAt > 0) {
    const perLine = (now - run.startedAt) / processed;
    view.endsAt = now + Math.round(perLine * left);
  }
  return view;
}
