import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseConfig, secretsOf } from '../src/config.ts';
import { EXTRA_VARIABLES, isLoopbackHost } from '../src/config-fields.ts';
import type { Config, Env } from '../src/config.ts';

const SECRET_VALUES = {
  BOT_TOKEN: '123456789:AAHsecretBotTokenValue_abcdefghijkl',
  MERCHANT_API_KEY: 'sk_live_secretApiKeyValue',
  MERCHANT_WEBHOOK_SECRETS: 'whsec_firstSecretValue, whsec_secondSecretValue',
  TELEGRAM_WEBHOOK_SECRET: 'tgSecretTokenValue_1',
};
const REDIS_PASSWORD = 'redisPa55wordValue';

const MINIMAL: Env = {
  BOT_TOKEN: SECRET_VALUES.BOT_TOKEN,
  MERCHANT_API_BASE_URL: 'https://merchant.example.com/api/v1',
  MERCHANT_ID: 'M1001',
  MERCHANT_API_KEY: SECRET_VALUES.MERCHANT_API_KEY,
  MERCHANT_WEBHOOK_SECRETS: SECRET_VALUES.MERCHANT_WEBHOOK_SECRETS,
};

function ok(env: Env): Config {
  const result = parseConfig(env);
  if (!result.ok) throw new Error(`expected a valid config, got: ${result.problems.join('; ')}`);
  return result.config;
}

function problems(env: Env): string[] {
  const result = parseConfig(env);
  if (result.ok) throw new Error('expected problems');
  return result.problems;
}

describe('parseConfig', () => {
  it('applies every default of CONTRACT.md and the extra variables', () => {
    expect(ok(MINIMAL)).toEqual({
      botMode: 'polling',
      botToken: SECRET_VALUES.BOT_TOKEN,
      telegramApiRoot: 'https://api.telegram.org',
      merchant: {
        baseUrl: 'https://merchant.example.com/api/v1',
        merchantId: 'M1001',
        apiKey: SECRET_VALUES.MERCHANT_API_KEY,
        webhookSecrets: ['whsec_firstSecretValue', 'whsec_secondSecretValue'],
        rateLimitPerMinute: 60,
      },
      redis: { url: 'redis://127.0.0.1:6379', prefix: 'rb:' },
      http: { host: '0.0.0.0', port: 8080 },
      adminIds: [],
      alertChatId: null,
      defaultLocale: 'en',
      logLevel: 'info',
      catalogueTtlSeconds: 10800,
      orderStaleAlertSeconds: 3600,
      redisStartupWaitSeconds: 30,
      userUpdateLimit: 30,
      telegramMessagesPerSecond: 30,
      outboxMessagesPerSecond: 25,
      role: 'all',
      priceMarginPercent: '0',
      pinRequiredAbove: null,
      resellerStartCredit: '0',
      merchantLowBalance: null,
      reconcileAtMinutes: 180,
      exportPartMaxBytes: 50_000_000,
      metricsToken: null,
      quoteSharing: 'auto',
      networkMaxDepth: 2,
    });
    expect(EXTRA_VARIABLES.map((v) => [v.name, v.default])).toEqual([
      ['CATALOGUE_TTL_SECONDS', '10800'],
      ['ORDER_STALE_ALERT_SECONDS', '3600'],
      ['REDIS_STARTUP_WAIT_SECONDS', '30'],
      ['USER_UPDATE_LIMIT', '30'],
      ['TELEGRAM_MESSAGES_PER_SECOND', '30'],
      ['OUTBOX_MESSAGES_PER_SECOND', '25'],
      ['EXPORT_PART_MAX_BYTES', '50000000'],
    ]);
  });

  it('reads every variable', () => {
    const config = ok({
      ...MINIMAL,
      TELEGRAM_API_ROOT: 'http://127.0.0.1:8081/',
      BOT_MODE: 'webhook',
      PUBLIC_URL: 'http://127.0.0.1:9000/',
      TELEGRAM_WEBHOOK_SECRET: SECRET_VALUES.TELEGRAM_WEBHOOK_SECRET,
      MERCHANT_API_BASE_URL: 'http://127.0.0.1:7000/api/v1/',
      MERCHANT_RATE_LIMIT_PER_MINUTE: '120',
      REDIS_URL: `redis://:${REDIS_PASSWORD}@10.0.0.5:6380/2`,
      REDIS_PREFIX: 'bot1:',
      HTTP_HOST: '127.0.0.1',
      HTTP_PORT: '3000',
      ADMIN_IDS: ' 11, 22 ,33',
      ALERT_CHAT_ID: '-1001234567890',
      DEFAULT_LOCALE: 'ru',
      LOG_LEVEL: 'debug',
      CATALOGUE_TTL_SECONDS: '60',
      ORDER_STALE_ALERT_SECONDS: '120',
      USER_UPDATE_LIMIT: '100',
      TELEGRAM_MESSAGES_PER_SECOND: '10',
      PRICE_MARGIN_PERCENT: '2.5',
      PIN_REQUIRED_ABOVE: '25.50',
      RESELLER_START_CREDIT: '12.50',
      MERCHANT_LOW_BALANCE: '100',
      UNRELATED: 'ignored',
    });
    expect(config).toMatchObject({
      botMode: 'webhook',
      publicUrl: 'http://127.0.0.1:9000',
      webhookSecret: SECRET_VALUES.TELEGRAM_WEBHOOK_SECRET,
      telegramApiRoot: 'http://127.0.0.1:8081',
      merchant: { baseUrl: 'http://127.0.0.1:7000/api/v1', rateLimitPerMinute: 120 },
      redis: { url: `redis://:${REDIS_PASSWORD}@10.0.0.5:6380/2`, prefix: 'bot1:' },
      http: { host: '127.0.0.1', port: 3000 },
      adminIds: [11, 22, 33],
      alertChatId: -1001234567890,
      defaultLocale: 'ru',
      logLevel: 'debug',
      catalogueTtlSeconds: 60,
      orderStaleAlertSeconds: 120,
      redisStartupWaitSeconds: 30,
      userUpdateLimit: 100,
      telegramMessagesPerSecond: 10,
      priceMarginPercent: '2.5',
      pinRequiredAbove: '25.5',
      resellerStartCredit: '12.50',
      merchantLowBalance: '100',
    });
    if (config.botMode === 'webhook') expect(config.publicUrl).toBe('http://127.0.0.1:9000');
  });

  it('reads Redis through Sentinel: the Sentinels, the master name, and the URL for credentials', () => {
    const config = ok({
      ...MINIMAL,
      REDIS_URL: 'redis://:pw@ignored:6379/2',
      REDIS_SENTINELS: '10.0.0.1:26379, [::1]:26380',
      REDIS_SENTINEL_NAME: 'rb-master',
    });
    expect(config.redis).toEqual({
      url: 'redis://:pw@ignored:6379/2',
      prefix: 'rb:',
      sentinel: {
        name: 'rb-master',
        nodes: [
          { host: '10.0.0.1', port: 26379 },
          { host: '::1', port: 26380 },
        ],
      },
    });
  });

  it('reads a Redis Cluster: the seed nodes, and every key under one hash tag made of the prefix', () => {
    const config = ok({ ...MINIMAL, REDIS_CLUSTER_NODES: '10.0.0.1:7000,10.0.0.2:7001' });
    expect(config.redis).toEqual({
      url: 'redis://127.0.0.1:6379',
      prefix: '{rb:}',
      cluster: {
        nodes: [
          { host: '10.0.0.1', port: 7000 },
          { host: '10.0.0.2', port: 7001 },
        ],
      },
    });
    // A prefix that already names its hash tag is kept as it is.
    expect(
      ok({ ...MINIMAL, REDIS_CLUSTER_NODES: '10.0.0.1:7000', REDIS_PREFIX: '{shop}:rb:' }).redis.prefix,
    ).toBe('{shop}:rb:');
  });

  it('PIN_REQUIRED_ABOVE: off by default and with "off"; an amount with at most 4 decimals, else one clear problem', () => {
    expect(ok({ ...MINIMAL, PIN_REQUIRED_ABOVE: 'OFF' }).pinRequiredAbove).toBeNull();
    expect(ok({ ...MINIMAL, PIN_REQUIRED_ABOVE: '50' }).pinRequiredAbove).toBe('50');
    expect(ok({ ...MINIMAL, PIN_REQUIRED_ABOVE: '0.0001' }).pinRequiredAbove).toBe('0.0001');
    for (const bad of ['-5', '1e3', '12.34567', 'fifty', '1,5']) {
      const found = problems({ ...MINIMAL, PIN_REQUIRED_ABOVE: bad });
      expect(found).toHaveLength(1);
      expect(found[0]).toMatch(/^PIN_REQUIRED_ABOVE: must be "off" or an amount/);
    }
  });

  it('RECONCILE_AT: UTC HH:MM, 03:00 by default, or off; anything else is one clear problem', () => {
    expect(ok({ ...MINIMAL }).reconcileAtMinutes).toBe(180);
    expect(ok({ ...MINIMAL, RECONCILE_AT: 'off' }).reconcileAtMinutes).toBeNull();
    expect(ok({ ...MINIMAL, RECONCILE_AT: '23:59' }).reconcileAtMinutes).toBe(23 * 60 + 59);
    expect(ok({ ...MINIMAL, RECONCILE_AT: '00:00' }).reconcileAtMinutes).toBe(0);
    for (const bad of ['24:00', '3:00', '03:60', '03-00', 'noon']) {
      const found = problems({ ...MINIMAL, RECONCILE_AT: bad });
      expect(found).toHaveLength(1);
      expect(found[0]).toMatch(/^RECONCILE_AT: must be a UTC time of day as HH:MM/);
    }
  });

  it('EXPORT_PART_MAX_BYTES: a positive byte count', () => {
    expect(ok({ ...MINIMAL, EXPORT_PART_MAX_BYTES: '4096' }).exportPartMaxBytes).toBe(4096);
    expect(problems({ ...MINIMAL, EXPORT_PART_MAX_BYTES: '0' })[0]).toMatch(/^EXPORT_PART_MAX_BYTES: /);
  });

  it('QUOTE_SHARING: auto by default, on or off; anything else is named as a problem', () => {
    expect(ok({ ...MINIMAL, QUOTE_SHARING: 'off' }).quoteSharing).toBe('off');
    expect(ok({ ...MINIMAL, QUOTE_SHARING: ' on ' }).quoteSharing).toBe('on');
    expect(problems({ ...MINIMAL, QUOTE_SHARING: 'sometimes' })).toEqual([
      'QUOTE_SHARING: must be "auto", "on" or "off"',
    ]);
  });

  it('NETWORK_MAX_DEPTH: 2 by default, 1 to 4; anything else is named as a problem', () => {
    expect(ok(MINIMAL).networkMaxDepth).toBe(2);
    expect(ok({ ...MINIMAL, NETWORK_MAX_DEPTH: '1' }).networkMaxDepth).toBe(1);
    expect(ok({ ...MINIMAL, NETWORK_MAX_DEPTH: '4' }).networkMaxDepth).toBe(4);
    for (const bad of ['0', '5', 'two', '2.5'])
      expect(problems({ ...MINIMAL, NETWORK_MAX_DEPTH: bad })).toEqual([
        'NETWORK_MAX_DEPTH: must be an integer from 1 to 4',
      ]);
  });

  it('METRICS_TOKEN: unset or empty leaves /metrics open; a token is at least 16 characters with no spaces, never echoed', () => {
    expect(ok(MINIMAL).metricsToken).toBeNull();
    expect(ok({ ...MINIMAL, METRICS_TOKEN: '  ' }).metricsToken).toBeNull();
    expect(ok({ ...MINIMAL, METRICS_TOKEN: 'mtok_0123456789abcdef' }).metricsToken).toBe(
      'mtok_0123456789abcdef',
    );
    for (const bad of ['short_mtok', 'mtok 0123456789 abcdef']) {
      const found = problems({ ...MINIMAL, METRICS_TOKEN: bad });
      expect(found).toEqual([expect.stringMatching(/^METRICS_TOKEN: must be at least 16 characters/)]);
      expect(found.join(' ')).not.toContain('mtok');
    }
  });

  it('treats empty and blank values as unset', () => {
    expect(ok({ ...MINIMAL, MERCHANT_LOW_BALANCE: 'off' }).merchantLowBalance).toBeNull();
    expect(ok({ ...MINIMAL, HTTP_PORT: '', LOG_LEVEL: '  ', ADMIN_IDS: '' })).toMatchObject({
      http: { port: 8080 },
      logLevel: 'info',
      adminIds: [],
    });
  });

  it('reports every problem at once, each naming its variable, and never a secret value', () => {
    const env: Env = {
      BOT_TOKEN: 'not a token AAHsecretBotTokenValue',
      TELEGRAM_API_ROOT: 'ftp://example.com',
      BOT_MODE: 'webhook',
      PUBLIC_URL: 'http://bot.example.com',
      TELEGRAM_WEBHOOK_SECRET: 'tg secret with spaces tgSecretTokenValue',
      MERCHANT_API_BASE_URL: 'https://merchant.example.com/api/v2',
      MERCHANT_ID: 'X1001',
      MERCHANT_WEBHOOK_SECRETS: 'whsec_firstSecretValue,,whsec_secondSecretValue',
      MERCHANT_RATE_LIMIT_PER_MINUTE: '0',
      REDIS_URL: `http://:${REDIS_PASSWORD}@host`,
      HTTP_PORT: '70000',
      ADMIN_IDS: '1,abc,-3',
      ALERT_CHAT_ID: '12.5',
      DEFAULT_LOCALE: 'de',
      LOG_LEVEL: 'verbose',
      CATALOGUE_TTL_SECONDS: '-1',
      ORDER_STALE_ALERT_SECONDS: 'soon',
      USER_UPDATE_LIMIT: '0',
      TELEGRAM_MESSAGES_PER_SECOND: 'many',
      PRICE_MARGIN_PERCENT: '-1',
    };
    const found = problems(env);
    const named = (variable: string) => found.filter((p) => p.startsWith(`${variable}: `));
    for (const variable of [
      'BOT_TOKEN',
      'TELEGRAM_API_ROOT',
      'PUBLIC_URL',
      'TELEGRAM_WEBHOOK_SECRET',
      'MERCHANT_API_BASE_URL',
      'MERCHANT_ID',
      'MERCHANT_API_KEY',
      'MERCHANT_WEBHOOK_SECRETS',
      'MERCHANT_RATE_LIMIT_PER_MINUTE',
      'REDIS_URL',
      'HTTP_PORT',
      'ADMIN_IDS',
      'ALERT_CHAT_ID',
      'DEFAULT_LOCALE',
      'LOG_LEVEL',
      'CATALOGUE_TTL_SECONDS',
      'ORDER_STALE_ALERT_SECONDS',
      'USER_UPDATE_LIMIT',
      'TELEGRAM_MESSAGES_PER_SECOND',
      'PRICE_MARGIN_PERCENT',
    ]) {
      expect(named(variable), variable).not.toHaveLength(0);
    }
    expect(named('MERCHANT_API_KEY')).toEqual(['MERCHANT_API_KEY: is required']);
    expect(named('PUBLIC_URL').join(' ')).toMatch(/https/);
    expect(named('MERCHANT_WEBHOOK_SECRETS').join(' ')).toMatch(/secret 2 of 3 is empty/);
    expect(named('ADMIN_IDS').join(' ')).toMatch(/entry 2 of 3 is not a positive integer; entry 3 of 3/);
    const text = found.join('\n');
    for (const secret of [
      'AAHsecretBotTokenValue',
      'tgSecretTokenValue',
      'whsec_firstSecretValue',
      'whsec_secondSecretValue',
      REDIS_PASSWORD,
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it.each<[string, Env, RegExp]>([
    ['BOT_TOKEN', { BOT_TOKEN: undefined }, /^BOT_TOKEN: is required$/],
    ['MERCHANT_API_BASE_URL', { MERCHANT_API_BASE_URL: 'merchant.example.com/api/v1' }, /http\(s\) URL/],
    ['MERCHANT_API_BASE_URL', { MERCHANT_API_BASE_URL: 'https://merchant.example.com/api/v1?x=1' }, /query/],
    ['MERCHANT_API_BASE_URL', { MERCHANT_API_BASE_URL: 'https://merchant.example.com' }, /\/api\/v1/],
    ['MERCHANT_ID', { MERCHANT_ID: 'M' }, /letter M followed by digits/],
    ['MERCHANT_ID', { MERCHANT_ID: 'm1001' }, /letter M followed by digits/],
    ['MERCHANT_WEBHOOK_SECRETS', { MERCHANT_WEBHOOK_SECRETS: ' , ' }, /secret 1 of 2 is empty/],
    ['BOT_MODE', { BOT_MODE: 'push' }, /"polling" or "webhook"/],
    ['ROLE', { ROLE: 'jobs' }, /"all", "bot" or "worker"/],
    [
      'REDIS_SENTINELS',
      { REDIS_SENTINELS: '10.0.0.1', REDIS_SENTINEL_NAME: 'm' },
      /address 1 of 1 is not host:port/,
    ],
    ['REDIS_SENTINEL_NAME', { REDIS_SENTINELS: '10.0.0.1:26379' }, /required with REDIS_SENTINELS/],
    ['REDIS_SENTINELS', { REDIS_SENTINEL_NAME: 'm' }, /required with REDIS_SENTINEL_NAME/],
    ['REDIS_CLUSTER_NODES', { REDIS_CLUSTER_NODES: '10.0.0.1' }, /address 1 of 1 is not host:port/],
    [
      'REDIS_CLUSTER_NODES',
      { REDIS_CLUSTER_NODES: '10.0.0.1:7000', REDIS_SENTINELS: '10.0.0.1:26379', REDIS_SENTINEL_NAME: 'm' },
      /cannot be combined with REDIS_SENTINELS/,
    ],
    [
      'PUBLIC_URL',
      { BOT_MODE: 'webhook', TELEGRAM_WEBHOOK_SECRET: 'abc' },
      /required when BOT_MODE is webhook/,
    ],
    [
      'TELEGRAM_WEBHOOK_SECRET',
      { BOT_MODE: 'webhook', PUBLIC_URL: 'https://bot.example.com' },
      /required when BOT_MODE/,
    ],
    ['PUBLIC_URL', { PUBLIC_URL: 'http://bot.example.com' }, /must be https/],
    [
      'PUBLIC_URL',
      { PUBLIC_URL: 'http://bot.example.com', TELEGRAM_API_ROOT: 'http://10.0.0.1:8081' },
      /must be https/,
    ],
    ['HTTP_PORT', { HTTP_PORT: '0' }, /from 1 to 65535/],
    ['HTTP_PORT', { HTTP_PORT: '80.5' }, /from 1 to 65535/],
    ['MERCHANT_RATE_LIMIT_PER_MINUTE', { MERCHANT_RATE_LIMIT_PER_MINUTE: '1e3' }, /positive integer/],
    ['ADMIN_IDS', { ADMIN_IDS: '12,' }, /entry 2 of 2 is empty/],
    ['ADMIN_IDS', { ADMIN_IDS: '0' }, /not a positive integer/],
    ['ALERT_CHAT_ID', { ALERT_CHAT_ID: '99999999999999999999' }, /too large/],
    ['REDIS_URL', { REDIS_URL: 'redis://' }, /redis:\/\/ or rediss:\/\//],
  ])('%s: %j', (variable, change, message) => {
    const found = problems({ ...MINIMAL, ...change }).filter((p) => p.startsWith(`${variable}: `));
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(message);
  });

  it.each([
    ['http://127.0.0.1:8081', 'http://localhost:9000'],
    ['http://127.5.6.7', 'http://bot.internal'],
    ['http://localhost:8081', 'http://10.0.0.2:9000'],
    ['http://[::1]:8081', 'http://bot.internal'],
  ])('allows an http PUBLIC_URL when TELEGRAM_API_ROOT is loopback (%s)', (root, publicUrl) => {
    const config = ok({
      ...MINIMAL,
      TELEGRAM_API_ROOT: root,
      BOT_MODE: 'webhook',
      PUBLIC_URL: publicUrl,
      TELEGRAM_WEBHOOK_SECRET: 's',
    });
    expect(config.botMode).toBe('webhook');
  });

  it('knows loopback hosts', () => {
    expect(
      ['127.0.0.1', '127.255.0.9', 'localhost', 'LOCALHOST', '[::1]', '::1', 'a.localhost'].every(
        isLoopbackHost,
      ),
    ).toBe(true);
    expect(
      ['128.0.0.1', '127.0.0', '127.0.0.256', '10.0.0.1', 'localhost.example.com', '::2', 'example.com'].some(
        isLoopbackHost,
      ),
    ).toBe(false);
  });

  it('is pure: it reads only what it is given', () => {
    const before = { ...process.env };
    problems({});
    expect(process.env).toEqual(before);
    expect(problems({}).map((p) => p.split(':')[0])).toEqual([
      'BOT_TOKEN',
      'MERCHANT_API_BASE_URL',
      'MERCHANT_ID',
      'MERCHANT_API_KEY',
      'MERCHANT_WEBHOOK_SECRETS',
    ]);
  });
});

describe('secretsOf', () => {
  it('lists the bot token, API key, webhook secrets, Telegram secret and the Redis password', () => {
    const config = ok({
      ...MINIMAL,
      BOT_MODE: 'webhook',
      PUBLIC_URL: 'https://bot.example.com',
      TELEGRAM_WEBHOOK_SECRET: SECRET_VALUES.TELEGRAM_WEBHOOK_SECRET,
      REDIS_URL: 'rediss://user:p%40ss@redis.example.com:6380',
    });
    expect(secretsOf(config).sort()).toEqual(
      [
        SECRET_VALUES.BOT_TOKEN,
        SECRET_VALUES.MERCHANT_API_KEY,
        'whsec_firstSecretValue',
        'whsec_secondSecretValue',
        SECRET_VALUES.TELEGRAM_WEBHOOK_SECRET,
        'p%40ss',
        'p@ss',
      ].sort(),
    );
    expect(secretsOf(ok(MINIMAL))).toHaveLength(4);
    expect(secretsOf(ok({ ...MINIMAL, METRICS_TOKEN: 'mtok_0123456789abcdef' }))).toContain(
      'mtok_0123456789abcdef',
    );
  });
});

describe('loadConfig', () => {
  const dirs: string[] = [];
  const dirWith = (dotenv?: string) => {
    const dir = mkdtempSync(join(tmpdir(), 'rb-config-'));
    dirs.push(dir);
    if (dotenv !== undefined) writeFileSync(join(dir, '.env'), dotenv);
    return dir;
  };
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('reads .env from the working directory; real variables win', () => {
    const dir = dirWith(
      [
        `BOT_TOKEN=${SECRET_VALUES.BOT_TOKEN}`,
        'MERCHANT_API_BASE_URL=https://from-file.example.com/api/v1',
        'MERCHANT_ID=M7',
        `MERCHANT_API_KEY="${SECRET_VALUES.MERCHANT_API_KEY}"`,
        `MERCHANT_WEBHOOK_SECRETS=${SECRET_VALUES.MERCHANT_WEBHOOK_SECRETS}`,
        '# a comment',
        'HTTP_PORT=9999',
      ].join('\n'),
    );
    const config = loadConfig({ MERCHANT_ID: 'M8', HTTP_PORT: undefined }, dir);
    expect(config.merchant.merchantId).toBe('M8');
    expect(config.merchant.baseUrl).toBe('https://from-file.example.com/api/v1');
    expect(config.merchant.apiKey).toBe(SECRET_VALUES.MERCHANT_API_KEY);
    expect(config.http.port).toBe(9999);
  });

  it('works without a .env file', () => {
    expect(loadConfig(MINIMAL, dirWith()).merchant.merchantId).toBe('M1001');
  });

  it('throws one ConfigError listing every problem, with no secret in it', () => {
    const dir = dirWith(`MERCHANT_API_KEY=${SECRET_VALUES.MERCHANT_API_KEY}\nHTTP_PORT=nope\n`);
    let error: unknown;
    try {
      loadConfig({ BOT_TOKEN: 'bad AAHsecretBotTokenValue', LOG_LEVEL: 'loud' }, dir);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const configError = error as ConfigError;
    expect(configError.kind).toBe('config-invalid');
    expect(configError.problems.length).toBeGreaterThanOrEqual(6);
    for (const variable of [
      'BOT_TOKEN',
      'HTTP_PORT',
      'LOG_LEVEL',
      'MERCHANT_ID',
      'MERCHANT_WEBHOOK_SECRETS',
      'MERCHANT_API_BASE_URL',
    ]) {
      expect(configError.message).toContain(`${variable}: `);
    }
    expect(configError.message).not.toContain('AAHsecretBotTokenValue');
    expect(configError.message).not.toContain(SECRET_VALUES.MERCHANT_API_KEY);
  });

  it('reports an unreadable .env file', () => {
    const dir = dirWith();
    mkdirSync(join(dir, '.env'));
    expect(() => loadConfig(MINIMAL, dir)).toThrow(/\.env: cannot be read/);
  });
});
