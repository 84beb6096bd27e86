import type { TranslationVars } from '../lib/html.ts';
import { isMerchantError, type MerchantErrorKind } from '../merchant/errors.ts';

/**
 * A Merchant API error reduced to what the chat explains (no secrets, no bodies). It enters the top-up's
 * replay log, so it stays this small and keeps this shape.
 */
export interface ServiceProblem {
  kind: MerchantErrorKind | 'unexpected';
  key?: string;
  code?: string;
  retryAfterSeconds?: number;
  httpStatus?: number;
}

/** Reduces anything thrown to the parts the chat needs; only a Merchant client error says more than "unexpected". */
export function toServiceProblem(error: unknown): ServiceProblem {
  if (!isMerchantError(error)) return { kind: 'unexpected' };
  const problem: ServiceProblem = { kind: error.kind };
  if (error.key !== undefined) problem.key = error.key;
  if (error.code !== undefined) problem.code = error.code;
  if (error.retryAfterSeconds !== undefined) problem.retryAfterSeconds = error.retryAfterSeconds;
  if (error.httpStatus !== undefined) problem.httpStatus = error.httpStatus;
  return problem;
}

/** A text of the locale files and its variables. */
export type ProblemText = readonly [key: string, vars?: TranslationVars];

/** What a refusal says about itself, by the body key the service named (validation, quote, local refusal…). */
const BY_KEY = new Map<string, ProblemText>([
  ['balance', ['service-error-balance']],
  ['risk', ['service-error-risk']],
  ['wallet', ['service-error-wallet']],
  ['amount', ['service-error-amount']],
  ['detail', ['top-up-offer-unavailable']],
  ['account-busy', ['top-up-number-busy', { orderId: '—', number: '—' }]],
]);

const UNAVAILABLE: ProblemText = ['service-error-unavailable'];

/** The one table from a service problem to the text the chat shows. */
export function problemText(problem: ServiceProblem): ProblemText {
  switch (problem.kind) {
    case 'forbidden':
    case 'edge-forbidden':
      return ['service-error-refused-key'];
    // A busy service never ends here: a step waits in the shared line (budget.ts) until it is served or left.
    case 'rate-limited':
    case 'aborted':
    case 'budget-unavailable':
    case 'server':
    case 'timeout':
    case 'network':
      return UNAVAILABLE;
    default:
      // validation, quote-token, invalid-request, not-found, method-not-allowed, unexpected: the body key says.
      if (problem.httpStatus === 403) return ['service-error-refused-key'];
      return (problem.key !== undefined ? BY_KEY.get(problem.key) : undefined) ?? UNAVAILABLE;
  }
}
