/**
 * Magic phone-number endings: the last 4 digits of `account` choose how a recharge order ends.
 * Any valid mobile number works; every other ending succeeds quickly. The README and the demo chat page
 * show MAGIC_ENDINGS, so keep the descriptions plain.
 */

type FinalishStatus = 'processing' | 'manual_review' | 'succeeded' | 'failed' | 'refunded';

export type Outcome =
  | 'succeed'
  | 'fail_refund'
  | 'review_succeed'
  | 'review_refund'
  | 'long_processing'
  | 'succeed_no_webhook'
  | 'fail_refund_twice_out_of_order'
  | 'succeed_twice'
  | 'fail_refund_no_webhook';

/** How the order's webhooks go out: as the spec says, not at all, each twice, or each twice and reversed. */
export type WebhookMode = 'normal' | 'none' | 'twice' | 'twice_out_of_order';

export interface PlanStep {
  status: FinalishStatus;
  /** Seconds after the previous step at time scale 1. */
  afterSeconds: number;
}

export interface OutcomePlan {
  steps: readonly PlanStep[];
  webhooks: WebhookMode;
}

export interface MagicEnding {
  /** Last 4 digits, or null for the default row. */
  ending: string | null;
  outcome: Outcome;
  path: string;
  description: string;
}

const SUCCEED: readonly PlanStep[] = [
  { status: 'processing', afterSeconds: 2 },
  { status: 'succeeded', afterSeconds: 3 },
];
const FAIL_REFUND: readonly PlanStep[] = [
  { status: 'processing', afterSeconds: 2 },
  { status: 'failed', afterSeconds: 5 },
  { status: 'refunded', afterSeconds: 30 },
];

/** Every outcome's steps from `accepted`, with real-time delays (multiplied by the time scale). */
export const OUTCOME_PLANS: Readonly<Record<Outcome, OutcomePlan>> = {
  succeed: { steps: SUCCEED, webhooks: 'normal' },
  fail_refund: { steps: FAIL_REFUND, webhooks: 'normal' },
  review_succeed: {
    steps: [
      { status: 'processing', afterSeconds: 2 },
      { status: 'manual_review', afterSeconds: 5 },
      { status: 'succeeded', afterSeconds: 60 },
    ],
    webhooks: 'normal',
  },
  review_refund: {
    steps: [
      { status: 'processing', afterSeconds: 2 },
      { status: 'manual_review', afterSeconds: 5 },
      { status: 'refunded', afterSeconds: 60 },
    ],
    webhooks: 'normal',
  },
  long_processing: {
    steps: [
      { status: 'processing', afterSeconds: 2 },
      { status: 'succeeded', afterSeconds: 3600 },
    ],
    webhooks: 'normal',
  },
  succeed_no_webhook: { steps: SUCCEED, webhooks: 'none' },
  fail_refund_twice_out_of_order: { steps: FAIL_REFUND, webhooks: 'twice_out_of_order' },
  succeed_twice: { steps: SUCCEED, webhooks: 'twice' },
  fail_refund_no_webhook: { steps: FAIL_REFUND, webhooks: 'none' },
};

export const MAGIC_ENDINGS: readonly MagicEnding[] = [
  {
    ending: null,
    outcome: 'succeed',
    path: 'accepted → processing → succeeded',
    description: 'Any other ending: succeeds in about 5 seconds; one order.succeeded webhook.',
  },
  {
    ending: '1111',
    outcome: 'fail_refund',
    path: 'accepted → processing → failed → refunded',
    description:
      'The operator rejects the top-up; refunded about 30 seconds later. order.failed, then order.refunded.',
  },
  {
    ending: '2222',
    outcome: 'review_succeed',
    path: 'accepted → processing → manual_review → succeeded',
    description: 'No clear answer from the operator; after about a minute of review it succeeds.',
  },
  {
    ending: '3333',
    outcome: 'review_refund',
    path: 'accepted → processing → manual_review → refunded',
    description: 'No clear answer from the operator; after about a minute of review it is refunded.',
  },
  {
    ending: '4444',
    outcome: 'long_processing',
    path: 'accepted → processing (1 hour) → succeeded',
    description: 'Stays processing for an hour, then succeeds.',
  },
  {
    ending: '5555',
    outcome: 'succeed_no_webhook',
    path: 'accepted → processing → succeeded',
    description: 'Succeeds, but no webhook is ever sent: only polling finds out.',
  },
  {
    ending: '6666',
    outcome: 'fail_refund_twice_out_of_order',
    path: 'accepted → processing → failed → refunded',
    description:
      'Fails and is refunded; each webhook is sent twice and out of order (refunded, failed, refunded, failed).',
  },
  {
    ending: '7777',
    outcome: 'succeed_twice',
    path: 'accepted → processing → succeeded',
    description: 'Succeeds; the order.succeeded webhook is sent twice.',
  },
  {
    ending: '8888',
    outcome: 'fail_refund_no_webhook',
    path: 'accepted → processing → failed → refunded',
    description: 'Fails and is refunded with no webhook at all: only polling finds out.',
  },
];

const OUTCOMES = new Set<string>(Object.keys(OUTCOME_PLANS));

export function isOutcome(value: unknown): value is Outcome {
  return typeof value === 'string' && OUTCOMES.has(value);
}

/** The outcome chosen by a phone number's last 4 digits. */
export function outcomeForAccount(account: string): Outcome {
  const ending = account.slice(-4);
  return MAGIC_ENDINGS.find((row) => row.ending === ending)?.outcome ?? 'succeed';
}

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

/** The magic-number table as Markdown (README) or an HTML table (demo chat page). */
export function renderMagicTable(format: 'markdown' | 'html'): string {
  const label = (row: MagicEnding): string => (row.ending === null ? 'any other' : `…${row.ending}`);
  switch (format) {
    case 'markdown':
      return [
        '| number ends in | path | what happens |',
        '|---|---|---|',
        ...MAGIC_ENDINGS.map((row) => `| ${label(row)} | ${row.path} | ${row.description} |`),
      ].join('\n');
    case 'html':
      return [
        '<table class="magic-numbers"><thead><tr><th>Number ends in</th><th>Path</th><th>What happens</th></tr></thead><tbody>',
        ...MAGIC_ENDINGS.map(
          (row) =>
            `<tr><td>${escapeHtml(label(row))}</td><td>${escapeHtml(row.path)}</td><td>${escapeHtml(row.description)}</td></tr>`,
        ),
        '</tbody></table>',
      ].join('');
  }
}
