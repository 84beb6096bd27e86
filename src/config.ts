import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Decimal } from 'decimal.js';
import { parse as parseDotenv } from 'dotenv';
import { z } from 'zod';
import { QUOTE_SHARING_MODES, type QuoteSharing } from './merchant/shared-quotes.ts';
import {
  commaList,
  crossChecks,
  hostPortList,
  httpUrl,
  moneyAmount,
  noTrailingSlash,
  optionalWithDefault,
  parseUrl,
  port,
  positiveInt,
  required,
} from './config-fields.ts';

/**
 * The one parser of the environment (see CONTRACT.md) into a typed, mode-tagged config. parseConfig is
 * pure; loadConfig adds the `.env` file of the working directory. Every problem is reported at once,
 * naming the variable and what is wrong, never a value (so no secret can leak into a start-up error).
 * Values are trimmed; an empty value counts as unset.
 */

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
type LogLevel = (typeof LOG_LEVELS)[number];

/** The languages in locales/ (the one list; DEFAULT_LOCALE is checked against it, bot/i18n.ts loads them). */
export const LOCALES = ['en', 'es', 'fr', 'ru', 'pt', 'id', 'sw', 'hi', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];

/** How updates arrive (BOT_MODE), with what webhook mode needs. */
export type BotModeConfig =
  | { botMode: 'polling' }
  | {
      botMode: 'webhook';
      /** https (or loopback http) base URL without trailing slash; Telegram posts to `${publicUrl}/webhooks/telegram`. */
      publicUrl: string;
      /** TELEGRAM_WEBHOOK_SECRET: the `secret_token` Telegram sends back. */
      webhookSecret: string;
    };

interface MerchantConfig {
  /** Up to and including `/api/v1`, no trailing slash. */
  baseUrl: string;
  merchantId: string;
  apiKey: string;
  /** Non-empty; any one may match. */
  webhookSecrets: string[];
  rateLimitPerMinute: number;
}

interface CommonConfig {
  botToken: string;
  /** Root of the Bot API server, no trailing slash. */
  telegramApiRoot: string;
  merchant: MerchantConfig;
  /**
   * `url`: the server, or with `sentinel` only its credentials and database (the master's address comes from
   * the Sentinels).
   */
  redis: {
    url: string;
    prefix: string;
    sentinel?: { nodes: Array<{ host: string; port: number }>; name: string };
    /** Seed nodes of a Redis Cluster; `url` then gives only credentials. */
    cluster?: { nodes: Array<{ host: string; port: number }> };
  };
  http: { host: string; port: number };
  adminIds: number[];
  /** null: each admin gets alerts privately. */
  alertChatId: number | null;
  defaultLocale: Locale;
  logLevel: LogLevel;
  catalogueTtlSeconds: number;
  orderStaleAlertSeconds: number;
  redisStartupWaitSeconds: number;
  userUpdateLimit: number;
  telegramMessagesPerSecond: number;
  /** OUTBOX_MESSAGES_PER_SECOND: the outbox's sends a second, all replicas together. */
  outboxMessagesPerSecond: number;
  /**
   * ROLE: `all` takes Telegram updates, serves HTTP and runs the order jobs; `bot` only the first two (webhooks
   * are stored and acknowledged there); `worker` only the jobs (its HTTP server answers health, readiness and
   * metrics). Any number of each against one Redis.
   */
  role: ServiceRole;
  /** PRICE_MARGIN_PERCENT: the default margin on what resellers pay, an exact decimal string. */
  priceMarginPercent: string;
  /** PIN_REQUIRED_ABOVE: top-ups whose reseller price (merchant currency) is above this ask for the PIN; null: off. */
  pinRequiredAbove: string | null;
  /** RESELLER_START_CREDIT: exact decimal in the merchant currency ('0': none). */
  resellerStartCredit: string;
  /** MERCHANT_LOW_BALANCE: exact decimal, or null (off). */
  merchantLowBalance: string | null;
  /** RECONCILE_AT: the daily reconciliation's UTC time of day, minutes after midnight; null: only /reconcile. */
  reconcileAtMinutes: number | null;
  /** EXPORT_PART_MAX_BYTES: the largest file one /export or /statement document may be. */
  exportPartMaxBytes: number;
  /** METRICS_TOKEN: when set, GET /metrics answers only `Authorization: Bearer <token>`; null: open (secret). */
  metricsToken: string | null;
  /** QUOTE_SHARING: one quote per product for every payer (`auto`: until tokens are seen to be single-use). */
  quoteSharing: QuoteSharing;
  /** NETWORK_MAX_DEPTH: levels of resellers below the merchant's admins (1: no distributors' networks). */
  networkMaxDepth: number;
}

const SERVICE_ROLES = ['all', 'bot', 'worker'] as const;
type ServiceRole = (typeof SERVICE_ROLES)[number];

export type Config = CommonConfig & BotModeConfig;

export type ConfigResult = { ok: true; config: Config } | { ok: false; problems: string[] };

export type Env = Record<string, string | undefined>;

/** Start-up failure listing every configuration problem; carries no value of any variable. */
export class ConfigError extends Error {
  readonly kind = 'config-invalid' as const;
  readonly problems: readonly string[];
  constructor(problems: readonly string[]) {
    super(
      `Invalid configuration (${problems.length} problem${problems.length === 1 ? '' : 's'}):\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

const schema = z.object({
  BOT_TOKEN: required.regex(/^\d+:[A-Za-z0-9_-]+$/, {
    error: 'does not look like a bot token (digits, a colon, then letters, digits, "_" or "-")',
  }),
  TELEGRAM_API_ROOT: optionalWithDefault(
    httpUrl('e.g. https://api.telegram.org'),
    'https://api.telegram.org',
  ),
  BOT_MODE: optionalWithDefault(
    z.enum(['polling', 'webhook'], { error: 'must be "polling" or "webhook"' }),
    'polling',
  ),
  ROLE: optionalWithDefault(z.enum(SERVICE_ROLES, { error: 'must be "all", "bot" or "worker"' }), 'all'),
  PUBLIC_URL: httpUrl('the address where this service is reachable').optional(),
  TELEGRAM_WEBHOOK_SECRET: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,256}$/, {
      error: 'must be 1-256 characters of A-Z, a-z, 0-9, "_" and "-" (Telegram\'s secret_token rule)',
    })
    .optional(),
  MERCHANT_API_BASE_URL: required
    .pipe(httpUrl('the service address up to and including /api/v1'))
    .refine((url) => /\/api\/v1\/?$/.test(url.pathname), { error: 'must end with /api/v1' }),
  MERCHANT_ID: required.regex(/^M\d+$/, { error: 'must be the letter M followed by digits' }),
  MERCHANT_API_KEY: required,
  MERCHANT_WEBHOOK_SECRETS: required.pipe(commaList(() => null, 'secret')),
  MERCHANT_RATE_LIMIT_PER_MINUTE: optionalWithDefault(positiveInt(), '60'),
  REDIS_URL: optionalWithDefault(
    z.string().refine(
      (value) => {
        const url = parseUrl(value);
        return (
          url !== null && (url.protocol === 'redis:' || url.protocol === 'rediss:') && url.hostname !== ''
        );
      },
      { error: 'must be a redis:// or rediss:// URL with a host' },
    ),
    'redis://127.0.0.1:6379',
  ),
  REDIS_PREFIX: optionalWithDefault(z.string(), 'rb:'),
  REDIS_SENTINELS: hostPortList().optional(),
  REDIS_SENTINEL_NAME: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,128}$/, { error: 'must be a master name (letters, digits, ".", "_", "-")' })
    .optional(),
  REDIS_CLUSTER_NODES: hostPortList().optional(),
  HTTP_HOST: optionalWithDefault(z.string(), '0.0.0.0'),
  HTTP_PORT: optionalWithDefault(port, '8080'),
  ADMIN_IDS: commaList(
    (item) =>
      /^\d+$/.test(item) && Number.isSafeInteger(Number(item)) && Number(item) > 0
        ? null
        : 'is not a positive integer',
    'entry',
  )
    .transform((items) => items.map(Number))
    .optional(),
  ALERT_CHAT_ID: z
    .string()
    .regex(/^-?\d+$/, { error: 'must be an integer (group and channel IDs are negative)' })
    .refine((value) => Number.isSafeInteger(Number(value)), { error: 'is too large' })
    .transform(Number)
    .optional(),
  DEFAULT_LOCALE: optionalWithDefault(
    z.enum(LOCALES, { error: `must be one of ${LOCALES.join(', ')}` }),
    'en',
  ),
  LOG_LEVEL: optionalWithDefault(
    z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }),
    'info',
  ),
  CATALOGUE_TTL_SECONDS: optionalWithDefault(positiveInt(), '10800'),
  ORDER_STALE_ALERT_SECONDS: optionalWithDefault(positiveInt(), '3600'),
  REDIS_STARTUP_WAIT_SECONDS: optionalWithDefault(positiveInt(3600), '30'),
  USER_UPDATE_LIMIT: optionalWithDefault(positiveInt(), '30'),
  TELEGRAM_MESSAGES_PER_SECOND: optionalWithDefault(positiveInt(), '30'),
  OUTBOX_MESSAGES_PER_SECOND: optionalWithDefault(positiveInt(), '25'),
  PRICE_MARGIN_PERCENT: optionalWithDefault(
    z.string().regex(/^\d{1,3}(?:\.\d{1,4})?$/, {
      error: 'must be a percentage from 0 to 999.9999 with a dot and at most 4 decimals (e.g. 2.5)',
    }),
    '0',
  ),
  PIN_REQUIRED_ABOVE: z
    .string()
    .transform((value, ctx) => {
      if (value.toLowerCase() === 'off') return null;
      if (!/^\d{1,12}(?:\.\d{1,4})?$/.test(value)) {
        ctx.addIssue({
          code: 'custom',
          message:
            'must be "off" or an amount in the merchant currency (digits, at most 4 decimals, e.g. 50)',
        });
        return z.NEVER;
      }
      return new Decimal(value).toFixed();
    })
    .optional(),
  RESELLER_START_CREDIT: optionalWithDefault(moneyAmount(), '0'),
  MERCHANT_LOW_BALANCE: z
    .string()
    .optional()
    .pipe(z.union([z.literal('off'), moneyAmount()]).optional()),
  RECONCILE_AT: optionalWithDefault(
    z
      .string()
      .regex(/^(([01]\d|2[0-3]):[0-5]\d|off)$/i, {
        error: 'must be a UTC time of day as HH:MM (e.g. 03:00) or "off"',
      })
      .transform((value) =>
        value.toLowerCase() === 'off' ? null : Number(value.slice(0, 2)) * 60 + Number(value.slice(3)),
      ),
    '03:00',
  ),
  EXPORT_PART_MAX_BYTES: optionalWithDefault(positiveInt(2_000_000_000), '50000000'),
  // Long enough to be out of reach of guessing and of being found inside other log text; no spaces, so it
  // travels as one `Bearer` credential.
  METRICS_TOKEN: z
    .string()
    .regex(/^\S{16,}$/, {
      error: 'must be at least 16 characters with no spaces (e.g. openssl rand -hex 32)',
    })
    .optional(),
  QUOTE_SHARING: optionalWithDefault(
    z.enum(QUOTE_SHARING_MODES, { error: 'must be "auto", "on" or "off"' }),
    'auto',
  ),
  NETWORK_MAX_DEPTH: optionalWithDefault(positiveInt(4), '2'),
});

const VARIABLES = Object.keys(schema.shape);

/** Trims every value; empty means unset, so `FOO=` in a .env file takes the default. */
function clean(env: Env): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const name of VARIABLES) {
    const value = env[name];
    const trimmed = typeof value === 'string' ? value.trim() : undefined;
    out[name] = trimmed === '' ? undefined : trimmed;
  }
  return out;
}

/** Parses an environment into a Config, or lists every problem; pure (no I/O, no process.env). */
export function parseConfig(env: Env): ConfigResult {
  const values = clean(env);
  const result = schema.safeParse(values);
  const problems: string[] = [];
  if (!result.success) {
    for (const issue of result.error.issues) {
      const name = typeof issue.path[0] === 'string' ? issue.path[0] : 'configuration';
      // A missing value reaches non-`required` schemas as "expected string, received undefined".
      const message =
        issue.code === 'invalid_type' && values[name] === undefined ? 'is required' : issue.message;
      problems.push(`${name}: ${message}`);
    }
  }
  problems.push(...crossChecks(values));
  if (!result.success || problems.length > 0) return { ok: false, problems: [...new Set(problems)] };

  const v = result.data;
  const common: CommonConfig = {
    botToken: v.BOT_TOKEN,
    telegramApiRoot: noTrailingSlash(v.TELEGRAM_API_ROOT),
    merchant: {
      baseUrl: noTrailingSlash(v.MERCHANT_API_BASE_URL),
      merchantId: v.MERCHANT_ID,
      apiKey: v.MERCHANT_API_KEY,
      webhookSecrets: v.MERCHANT_WEBHOOK_SECRETS,
      rateLimitPerMinute: v.MERCHANT_RATE_LIMIT_PER_MINUTE,
    },
    redis: {
      url: v.REDIS_URL,
      // In a Cluster, a script's keys must live in one slot: every key shares the hash tag `{<prefix>}`.
      prefix:
        v.REDIS_CLUSTER_NODES !== undefined && !/\{[^}]+\}/.test(v.REDIS_PREFIX)
          ? `{${v.REDIS_PREFIX}}`
          : v.REDIS_PREFIX,
      ...(v.REDIS_SENTINELS !== undefined && v.REDIS_SENTINEL_NAME !== undefined
        ? { sentinel: { nodes: v.REDIS_SENTINELS, name: v.REDIS_SENTINEL_NAME } }
        : {}),
      ...(v.REDIS_CLUSTER_NODES !== undefined ? { cluster: { nodes: v.REDIS_CLUSTER_NODES } } : {}),
    },
    http: { host: v.HTTP_HOST, port: v.HTTP_PORT },
    adminIds: v.ADMIN_IDS ?? [],
    alertChatId: v.ALERT_CHAT_ID ?? null,
    defaultLocale: v.DEFAULT_LOCALE,
    logLevel: v.LOG_LEVEL,
    catalogueTtlSeconds: v.CATALOGUE_TTL_SECONDS,
    orderStaleAlertSeconds: v.ORDER_STALE_ALERT_SECONDS,
    redisStartupWaitSeconds: v.REDIS_STARTUP_WAIT_SECONDS,
    userUpdateLimit: v.USER_UPDATE_LIMIT,
    telegramMessagesPerSecond: v.TELEGRAM_MESSAGES_PER_SECOND,
    outboxMessagesPerSecond: v.OUTBOX_MESSAGES_PER_SECOND,
    role: v.ROLE,
    priceMarginPercent: v.PRICE_MARGIN_PERCENT,
    pinRequiredAbove: v.PIN_REQUIRED_ABOVE ?? null,
    resellerStartCredit: v.RESELLER_START_CREDIT,
    merchantLowBalance:
      v.MERCHANT_LOW_BALANCE === undefined || v.MERCHANT_LOW_BALANCE === 'off'
        ? null
        : v.MERCHANT_LOW_BALANCE,
    reconcileAtMinutes: v.RECONCILE_AT,
    exportPartMaxBytes: v.EXPORT_PART_MAX_BYTES,
    metricsToken: v.METRICS_TOKEN ?? null,
    quoteSharing: v.QUOTE_SHARING,
    networkMaxDepth: v.NETWORK_MAX_DEPTH,
  };
  if (v.BOT_MODE === 'webhook' && v.PUBLIC_URL !== undefined && v.TELEGRAM_WEBHOOK_SECRET !== undefined) {
    return {
      ok: true,
      config: {
        ...common,
        botMode: 'webhook',
        publicUrl: noTrailingSlash(v.PUBLIC_URL),
        webhookSecret: v.TELEGRAM_WEBHOOK_SECRET,
      },
    };
  }
  return { ok: true, config: { ...common, botMode: 'polling' } };
}

/**
 * Reads the environment plus `<cwd>/.env` (real variables win over the file; process.env is not
 * modified) and returns the Config, or throws one ConfigError listing every problem.
 */
export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): Config {
  const problems: string[] = [];
  let fromFile: Record<string, string> = {};
  try {
    fromFile = parseDotenv(readFileSync(join(cwd, '.env')));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException | null)?.code;
    if (code !== 'ENOENT') problems.push(`.env: cannot be read (${code ?? 'unknown error'})`);
  }
  const merged: Env = { ...fromFile };
  for (const [name, value] of Object.entries(env)) {
    if (value !== undefined) merged[name] = value;
  }
  const result = parseConfig(merged);
  if (!result.ok) throw new ConfigError([...problems, ...result.problems]);
  if (problems.length > 0) throw new ConfigError(problems);
  return result.config;
}

/**
 * Every secret value of a config, for the logger's scrubber (bot token, API key, webhook secrets, metrics token,
 * Redis password).
 */
export function secretsOf(config: Config): string[] {
  const secrets = [config.botToken, config.merchant.apiKey, ...config.merchant.webhookSecrets];
  if (config.botMode === 'webhook') secrets.push(config.webhookSecret);
  if (config.metricsToken !== null) secrets.push(config.metricsToken);
  const redis = parseUrl(config.redis.url);
  if (redis !== null && redis.password !== '') {
    secrets.push(redis.password);
    try {
      secrets.push(decodeURIComponent(redis.password));
    } catch {
      // a malformed escape: the raw form above is what appears in logs anyway
    }
  }
  return [...new Set(secrets.filter((s) => s !== ''))];
}
