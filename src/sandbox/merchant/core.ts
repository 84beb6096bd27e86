import {
  buildBlockList,
  createAccount,
  createLedger,
  type AccountSettings,
  type AccountState,
} from './accounts.ts';
import { FX_PER_USD } from './catalogue.ts';
import { createSandboxClock, type SandboxClock } from './clock.ts';
import { createFaultBook, type FaultBook } from './faults.ts';
import { Money, money, type MoneyValue } from './format.ts';
import { createOrderBook, type OrderBook } from './orders.ts';
import { createQuoteSigner, type QuotePayload, type QuoteSigner } from './quotes.ts';
import { createRateLimiter, type RateLimiter } from './rate-limit.ts';
import { createRequestLog, type RequestLog } from './request-log.ts';
import { createRng, type Rng } from './rng.ts';
import { createScheduler, type Scheduler } from './scheduler.ts';
import { createWebhookDispatcher, type WebhookDispatcher } from './webhooks.ts';

/**
 * Fixed, documented demo credentials. They only ever open this sandbox; they are not secrets of anything real.
 */
const DEMO_MERCHANT_ID = 'M1000001';
const DEMO_API_KEY = 'sbx_demo_3f9a1c7e5b2d4a6f8e0c1b3d5f7a9c2e';
export const DEMO_WEBHOOK_SECRET = 'whsec_sandbox_demo_6b1e4d9a2c7f5e3b8a0d';
/** A second merchant, so "another account's order" and "another account's quote" can be tried. */
export const DEMO_OTHER_MERCHANT_ID = 'M1000002';
export const DEMO_OTHER_API_KEY = 'sbx_demo_other_0d2c4b6a8e1f3a5c7b9d';

/** Per-order cap on `merchant_price` behind the `risk` error, in the wallet currency, unless overridden. */
const DEFAULT_RISK_MAX_ORDER_PRICE = '200.0000';

interface WebhookTargetOption {
  url: string;
  /** Defaults to DEMO_WEBHOOK_SECRET for the first target, DEMO_WEBHOOK_SECRET + "_2" for the second, … */
  secret?: string;
}

interface AccountOption {
  merchantId: string;
  apiKey: string;
  name?: string;
  defaultCurrency?: string;
  initialBalance?: string;
  webhooks?: WebhookTargetOption[];
}

export interface MerchantSandboxOptions {
  merchantId?: string;
  apiKey?: string;
  /** Where events go, each target with its own signing secret. Default: none. */
  webhooks?: WebhookTargetOption[];
  /** 1 = the real schedule; 0.01 runs order progress and webhook retries 100x faster. */
  timeScale?: number;
  rateLimitPerMinute?: number;
  /**
   * Length of the rate limit's "minute" (windows start at multiples of it). Default 60000; tests and the bench
   * shorten it together with the bot's budget window to watch several minutes of a busy line in seconds.
   */
  rateLimitWindowMs?: number;
  /** Wallet currency (any code of FX_PER_USD). Default USD. */
  defaultCurrency?: string;
  /** Opening wallet balance. Default 5000.0000. */
  initialBalance?: string;
  apiAccessEnabled?: boolean;
  /** CIDR rules (IPv4 and IPv6); empty = every caller allowed. */
  allowlist?: string[];
  /** Per-order cap on merchant_price behind the `risk` error. */
  riskMaxOrderPrice?: string;
  /** Wall clock in ms (signature skew, rate-limit minutes, webhook `t`). Default Date.now. */
  clock?: () => number;
  /** Seed of the fault RNG. Default 1. */
  seed?: number;
  /** Other merchants in the same sandbox. Default: one, DEMO_OTHER_MERCHANT_ID. */
  otherAccounts?: AccountOption[];
}

export interface QuoteRecord {
  token: string;
  payload: QuotePayload;
  expiresAt: number;
}

interface Pricing {
  markupPercent: MoneyValue;
  fxOverrides: Map<string, string>;
}

/** Everything the /api/v1 and control handlers share. */
export interface SandboxCore {
  readonly timeScale: number;
  readonly clock: SandboxClock;
  readonly scheduler: Scheduler;
  readonly rng: Rng;
  readonly faults: FaultBook;
  readonly ledger: ReturnType<typeof createLedger>;
  readonly webhooks: WebhookDispatcher;
  readonly orders: OrderBook;
  readonly quotes: QuoteSigner;
  readonly requestLog: RequestLog;
  readonly rateLimiter: RateLimiter;
  readonly accounts: Map<string, AccountState>;
  readonly primaryId: string;
  pricing: Pricing;
  unavailableOperators: Set<string>;
  quoteLog: QuoteRecord[];
  primary(): AccountState;
  /** The account named by `merchantId`, or the primary one. */
  account(merchantId?: string | null): AccountState | undefined;
  /** Webhook targets from options (secrets filled in). */
  targetsFrom(options: readonly WebhookTargetOption[], existing?: number): AccountState['webhooks'];
  reset(): void;
  close(): Promise<void>;
}

class SandboxOptionsError extends Error {
  readonly kind = 'sandbox_options' as const;
}

function checkMoney(value: string, name: string): string {
  if (!/^[0-9]+(\.[0-9]{1,4})?$/.test(value))
    throw new SandboxOptionsError(`${name} must be a decimal string`);
  return money(value);
}

function checkCurrency(code: string): string {
  if (FX_PER_USD[code] === undefined)
    throw new SandboxOptionsError(`defaultCurrency must be one of ${Object.keys(FX_PER_USD).join(', ')}`);
  return code;
}

export function createCore(options: MerchantSandboxOptions = {}): SandboxCore {
  const timeScale = options.timeScale ?? 1;
  if (!Number.isFinite(timeScale) || timeScale <= 0)
    throw new SandboxOptionsError('timeScale must be above 0');
  const rateLimit = options.rateLimitPerMinute ?? 60;
  if (!Number.isInteger(rateLimit) || rateLimit < 1)
    throw new SandboxOptionsError('rateLimitPerMinute must be a positive integer');
  const rateWindowMs = options.rateLimitWindowMs ?? 60_000;
  if (!Number.isInteger(rateWindowMs) || rateWindowMs < 1)
    throw new SandboxOptionsError('rateLimitWindowMs must be a positive integer');

  let targetSeq = 0;
  const targetsFrom = (list: readonly WebhookTargetOption[], existing = 0): AccountState['webhooks'] =>
    list.map((target, index) => {
      const position = existing + index;
      if (typeof target.url !== 'string' || !/^https?:\/\//.test(target.url))
        throw new SandboxOptionsError(`webhook url must be http(s): ${String(target.url)}`);
      targetSeq += 1;
      return {
        id: `WH${targetSeq}`,
        url: target.url,
        secret:
          target.secret ?? (position === 0 ? DEMO_WEBHOOK_SECRET : `${DEMO_WEBHOOK_SECRET}_${position + 1}`),
      };
    });

  const riskCap = checkMoney(options.riskMaxOrderPrice ?? DEFAULT_RISK_MAX_ORDER_PRICE, 'riskMaxOrderPrice');
  buildBlockList(options.allowlist ?? []); // fail early on a bad rule
  const settings = (): AccountSettings[] => [
    {
      merchantId: options.merchantId ?? DEMO_MERCHANT_ID,
      apiKey: options.apiKey ?? DEMO_API_KEY,
      name: 'Sandbox Merchant',
      defaultCurrency: checkCurrency(options.defaultCurrency ?? 'USD'),
      initialBalance: checkMoney(options.initialBalance ?? '5000', 'initialBalance'),
      apiAccessEnabled: options.apiAccessEnabled ?? true,
      allowlist: options.allowlist ?? [],
      rateLimitPerMinute: rateLimit,
      riskMaxOrderPrice: riskCap,
      webhooks: targetsFrom(options.webhooks ?? []),
    },
    ...(options.otherAccounts ?? [{ merchantId: DEMO_OTHER_MERCHANT_ID, apiKey: DEMO_OTHER_API_KEY }]).map(
      (other): AccountSettings => ({
        merchantId: other.merchantId,
        apiKey: other.apiKey,
        name: other.name ?? `Sandbox Merchant ${other.merchantId}`,
        defaultCurrency: checkCurrency(other.defaultCurrency ?? options.defaultCurrency ?? 'USD'),
        initialBalance: checkMoney(other.initialBalance ?? '5000', 'initialBalance'),
        apiAccessEnabled: true,
        allowlist: [],
        rateLimitPerMinute: rateLimit,
        riskMaxOrderPrice: riskCap,
        webhooks: targetsFrom(other.webhooks ?? []),
      }),
    ),
  ];

  const initial = settings();
  const primaryId = initial[0]?.merchantId ?? DEMO_MERCHANT_ID;
  const accounts = new Map<string, AccountState>();
  const loadAccounts = (list: AccountSettings[]): void => {
    accounts.clear();
    for (const s of list) {
      if (accounts.has(s.merchantId)) throw new SandboxOptionsError(`duplicate merchant ID ${s.merchantId}`);
      accounts.set(s.merchantId, createAccount(s));
    }
  };
  loadAccounts(initial);

  const clock = createSandboxClock(options.clock);
  const scheduler = createScheduler(clock);
  const rng = createRng(options.seed ?? 1);
  const faults = createFaultBook(rng);
  const ledger = createLedger();
  const findAccount = (id: string): AccountState | undefined => accounts.get(id);
  const webhooks = createWebhookDispatcher({ clock, scheduler, faults, rng, timeScale, findAccount });
  const orders = createOrderBook({ clock, scheduler, ledger, webhooks, timeScale, findAccount });

  const core: SandboxCore = {
    timeScale,
    clock,
    scheduler,
    rng,
    faults,
    ledger,
    webhooks,
    orders,
    quotes: createQuoteSigner(),
    requestLog: createRequestLog(),
    rateLimiter: createRateLimiter(clock.wallNow, rateWindowMs),
    accounts,
    primaryId,
    pricing: { markupPercent: new Money(0), fxOverrides: new Map() },
    unavailableOperators: new Set(),
    quoteLog: [],
    primary() {
      const account = accounts.get(primaryId);
      if (!account) throw new Error('primary account missing');
      return account;
    },
    account(merchantId) {
      return merchantId ? accounts.get(merchantId) : accounts.get(primaryId);
    },
    targetsFrom,
    reset() {
      orders.clear();
      webhooks.clear();
      scheduler.clear();
      core.requestLog.clear();
      core.rateLimiter.clear();
      faults.clear();
      rng.reset();
      clock.reset();
      core.quoteLog = [];
      core.pricing = { markupPercent: new Money(0), fxOverrides: new Map() };
      core.unavailableOperators = new Set();
      loadAccounts(settings());
    },
    async close() {
      orders.clear();
      scheduler.clear();
      await webhooks.close();
    },
  };
  return core;
}
