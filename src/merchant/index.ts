// The Merchant API client's public surface; nothing else in the bot builds requests, signatures or retries.
export * from './types.ts';
export * from './errors.ts';
export { createMerchantClient, orderBody, quoteBody, checkOrderRequest, DEFAULT_TIMEOUTS } from './client.ts';
export type { MerchantClient, MerchantClientDeps, MerchantTimeouts, AttemptEvent } from './client.ts';
export { createRequestBudget, budgetAllowances } from './budget.ts';
export type { RequestBudget, BudgetGrant, BudgetOptions, BudgetSnapshot } from './budget.ts';
export { createCatalogue } from './catalogue.ts';
export type { Catalogue, CatalogueDeps } from './catalogue.ts';
export { parseMoney, formatMoney, parseTime, isFinished } from './records.ts';
export { sign, newNonce, bodyHash, stringToSign, fullPath } from './signer.ts';
export { DEFAULT_RETRY_POLICY, decideRetry, backoffDelay, retryPolicy } from './retry.ts';
export type { RetryPolicy, RetryDecision, RetryState } from './retry.ts';
