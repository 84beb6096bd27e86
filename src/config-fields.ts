import { z } from 'zod';

/**
 * The variables beyond CONTRACT.md's table, and the field schemas of the configuration (config.ts): each message says what is wrong; the variable name is
 * prefixed from the issue's path, never a value.
 */

/** Variables this service adds to CONTRACT.md's table (the README lists them too). */
export const EXTRA_VARIABLES = [
  {
    name: 'CATALOGUE_TTL_SECONDS',
    meaning: 'how long the cached countries and operators are served before a refresh',
    default: '10800',
  },
  {
    name: 'ORDER_STALE_ALERT_SECONDS',
    meaning: 'an order still unfinished after this long is reported to admins',
    default: '3600',
  },
  {
    name: 'REDIS_STARTUP_WAIT_SECONDS',
    meaning:
      'how long start-up waits for Redis to answer (a Redis restarting or starting beside the bot) before it stops',
    default: '30',
  },
  {
    name: 'USER_UPDATE_LIMIT',
    meaning: 'updates one Telegram user may send in 10 seconds; more are ignored (against spam)',
    default: '30',
  },
  {
    name: 'TELEGRAM_MESSAGES_PER_SECOND',
    meaning:
      "Bot API calls per second this replica sends at most (Telegram's flood limit is about 30 for the whole bot: with several replicas, give each its share)",
    default: '30',
  },
  {
    name: 'OUTBOX_MESSAGES_PER_SECOND',
    meaning:
      "Status messages, alerts and reports the Telegram outbox sends a second, all replicas together (the outbox's pace window, which its jobs and its status edits sent at once share; below Telegram's about 30, which the chat's own answers share)",
    default: '25',
  },
  {
    name: 'EXPORT_PART_MAX_BYTES',
    meaning:
      "largest CSV file /export and /statement send; a bigger export or statement is split into several files (Telegram's document limit is 50 MB; a self-hosted Bot API server allows more)",
    default: '50000000',
  },
] as const;

export const required = z.string({ error: 'is required' });

export function optionalWithDefault<T extends z.ZodType<unknown, string>>(schema: T, fallback: string) {
  return z.string().optional().default(fallback).pipe(schema);
}

export function parseUrl(value: string): URL | null {
  return URL.canParse(value) ? new URL(value) : null;
}

/** 127.0.0.0/8, localhost and ::1, as URL hostnames. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost') || host === '::1') return true;
  const parts = host.split('.');
  return (
    parts.length === 4 && parts[0] === '127' && parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255)
  );
}

export function noTrailingSlash(url: URL): string {
  return url.href.replace(/\/+$/, '');
}

export const httpUrl = (what: string) =>
  z.string().transform((value, ctx) => {
    const url = parseUrl(value);
    if (url === null || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
      ctx.addIssue({ code: 'custom', message: `must be an http(s) URL (${what})` });
      return z.NEVER;
    }
    if (url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '') {
      ctx.addIssue({ code: 'custom', message: 'must not contain credentials, a query or a fragment' });
      return z.NEVER;
    }
    return url;
  });

export const positiveInt = (max = Number.MAX_SAFE_INTEGER) =>
  z.string().transform((value, ctx) => {
    if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > max) {
      ctx.addIssue({
        code: 'custom',
        message:
          max === Number.MAX_SAFE_INTEGER
            ? 'must be a positive integer'
            : `must be an integer from 1 to ${max}`,
      });
      return z.NEVER;
    }
    return Number(value);
  });

export const port = positiveInt(65535);

/** Splits a comma-separated list; an empty entry is a problem (a stray comma hides a mistake). */
export const commaList = (itemProblem: (item: string) => string | null, noun: string) =>
  z.string().transform((value, ctx) => {
    const items = value.split(',').map((s) => s.trim());
    const problems: string[] = [];
    items.forEach((item, index) => {
      const problem = item === '' ? 'is empty' : itemProblem(item);
      if (problem !== null) problems.push(`${noun} ${index + 1} of ${items.length} ${problem}`);
    });
    if (problems.length > 0) {
      ctx.addIssue({ code: 'custom', message: problems.join('; ') });
      return z.NEVER;
    }
    return items;
  });

/** A non-negative decimal amount of money (up to 4 decimals, as the Merchant API writes them). */
export function moneyAmount() {
  return z.string().regex(/^\d{1,12}(?:\.\d{1,4})?$/, {
    error: 'must be an amount like 25 or 25.50 (digits, at most 4 decimals)',
  });
}

/** `host:port,host:port`: Sentinel or Cluster seed addresses. */
export function hostPortList() {
  return commaList((item) => {
    const match = /^(.+):(\d{1,5})$/.exec(item);
    const portNumber = match ? Number(match[2]) : 0;
    return match && portNumber > 0 && portNumber < 65_536 ? null : 'is not host:port';
  }, 'address').transform((items) =>
    items.map((item) => {
      const at = item.lastIndexOf(':');
      return { host: item.slice(0, at).replace(/^\[(.*)\]$/, '$1'), port: Number(item.slice(at + 1)) };
    }),
  );
}

/** Checks that need several variables; run on the raw values so they report even when others fail. */
export function crossChecks(env: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  const mode = env['BOT_MODE'] ?? 'polling';
  if (mode === 'webhook') {
    if (env['PUBLIC_URL'] === undefined) problems.push('PUBLIC_URL: is required when BOT_MODE is webhook');
    if (env['TELEGRAM_WEBHOOK_SECRET'] === undefined) {
      problems.push('TELEGRAM_WEBHOOK_SECRET: is required when BOT_MODE is webhook');
    }
  }
  if (env['REDIS_SENTINELS'] !== undefined && env['REDIS_SENTINEL_NAME'] === undefined) {
    problems.push('REDIS_SENTINEL_NAME: is required with REDIS_SENTINELS (the name of the monitored master)');
  }
  if (env['REDIS_SENTINEL_NAME'] !== undefined && env['REDIS_SENTINELS'] === undefined) {
    problems.push('REDIS_SENTINELS: is required with REDIS_SENTINEL_NAME (host:port of each Sentinel)');
  }
  if (env['REDIS_CLUSTER_NODES'] !== undefined && env['REDIS_SENTINELS'] !== undefined) {
    problems.push(
      'REDIS_CLUSTER_NODES: cannot be combined with REDIS_SENTINELS (choose a Cluster or Sentinel)',
    );
  }
  const publicUrl = env['PUBLIC_URL'] === undefined ? null : parseUrl(env['PUBLIC_URL']);
  if (publicUrl !== null && publicUrl.protocol === 'http:') {
    const root = parseUrl(env['TELEGRAM_API_ROOT'] ?? 'https://api.telegram.org');
    if (root === null || !isLoopbackHost(root.hostname)) {
      problems.push(
        'PUBLIC_URL: must be https (http is only allowed when TELEGRAM_API_ROOT is a loopback address)',
      );
    }
  }
  return problems;
}
