// The Merchant API client's public surface; nothing else in the bot builds requests, signatures or retries.
export * from './types.ts';
export * from './errors.ts';
export { createMerchantClient, orderBody, quoteBody, checkOrderRequest } from './client.ts';
export type { MerchantClient, MerchantClientDeps } from './client.ts';
export { DEFAULT_TIMEOUTS } from './exchange.ts';
export type { MerchantTimeouts } from './exchange.ts';
export type { AttemptEvent } from './sender.ts';
export { createRequestBudget } from './budget.ts';
export { budgetAllowances } from './budget-line.ts';
export type { RequestBudget, BudgetGrant, BudgetOptions, BudgetSnapshot } from './budget.ts';
export { createCatalogue } from './catalogue.ts';
export type { Catalogue, CatalogueDeps } from './catalogue.ts';
export { parseMoney, formatMoney, parseTime, isFinished } from './records.ts';
export { sign, newNonce, bodyHash, stringToSign, fullPath } from './signer.ts';
export { DEFAULT_RETRY_POLICY, decideRetry, backoffDelay, retryPolicy } from './retry.ts';
export type { RetryPolicy, RetryDecision, RetryState } from './retry.ts';
