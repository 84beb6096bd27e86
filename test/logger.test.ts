import { createServer } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createLogger, createScrubber, maskDigitsKeepLast4 } from '../src/logger.ts';
import { freePort } from './support/ports.ts';
import { listenOnLoopback } from './support/http.ts';

const BOT_TOKEN = '7123456789:AAH4xQz-Secret_BotTokenValue_0123456789';
const API_KEY = 'mk_live_Zx81secretApiKeyValue';
const WEBHOOK_SECRETS = ['whsec_oldSecretValue_111', 'whsec_newSecretValue_222', 'we"ird\\secretValue'];
const TELEGRAM_SECRET = 'tgWebhookSecretValue_9';
const REDIS_PASSWORD = 'redisPasswordValue77';
const SECRETS = [BOT_TOKEN, API_KEY, ...WEBHOOK_SECRETS, TELEGRAM_SECRET, REDIS_PASSWORD];

/** Full phone numbers in the shapes they come in; none may survive. */
const PHONES = [
  '+234 803 123 4567',
  '+2348031234567',
  '2348031234567',
  '08031234567',
  '0803 123 4567',
  '(0803) 123-4567',
];

function capture(level = 'trace') {
  const lines: string[] = [];
  const logger = createLogger({
    level,
    secrets: SECRETS,
    destination: { write: (line: string) => void lines.push(line) },
  });
  return { logger, lines };
}

function assertClean(lines: readonly string[]) {
  expect(lines.length).toBeGreaterThan(0);
  const output = lines.join('');
  for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
  for (const secret of SECRETS) {
    expect(output).not.toContain(secret);
    expect(output).not.toContain(encodeURIComponent(secret));
    expect(output).not.toContain(JSON.stringify(secret).slice(1, -1));
  }
  // The secret part of the token, on its own, and the middle digits of the phone number.
  expect(output).not.toContain('AAH4xQz-Secret_BotTokenValue');
  expect(output.replace(/[\s().-]/g, '')).not.toContain('8031234');
}

class FetchStyleError extends Error {
  url: string;
  config: unknown;
  constructor(url: string, cause: unknown) {
    super(`request to ${url} failed, reason: socket hang up`, { cause });
    this.name = 'FetchError';
    this.url = url;
    this.config = {
      method: 'POST',
      headers: { 'X-Api-Key': API_KEY, 'X-Merchant-Id': 'M1', Authorization: `Bearer ${API_KEY}` },
      data: JSON.stringify({ account: '2348031234567', amount: '500.0000' }),
    };
  }
}

describe('createLogger redaction', () => {
  it('scrubs secrets and phone numbers from messages and format arguments', () => {
    const { logger, lines } = capture();
    logger.info(`calling with key ${API_KEY} for ${PHONES[0]}`);
    logger.info('token %s secret %s phone %s', BOT_TOKEN, WEBHOOK_SECRETS[0], PHONES[1]);
    logger.info(
      'as json %j and object %o',
      { apiKey: API_KEY, note: PHONES[2] },
      { nested: { s: WEBHOOK_SECRETS[1] } },
    );
    logger.warn(
      { phone: PHONES[3] },
      `message mentions ${PHONES[4]} and ${PHONES[5]} and ${WEBHOOK_SECRETS[2]}`,
    );
    logger.debug(`https://api.telegram.org/bot${BOT_TOKEN}/sendMessage`);
    assertClean(lines);
    expect(lines.join('')).toContain('[REDACTED]');
    expect(lines.join('')).toContain('4567');
  });

  it('scrubs object fields at any depth, headers, arrays, maps, URLs and buffers', () => {
    const { logger, lines } = capture();
    logger.info({
      apiKey: API_KEY,
      merchant: { apiKey: API_KEY, webhookSecrets: WEBHOOK_SECRETS, deeper: { more: { token: BOT_TOKEN } } },
      headers: {
        'x-api-key': API_KEY,
        authorization: `Bearer ${API_KEY}`,
        'x-signature': 'abcdef0123',
        'x-telegram-bot-api-secret-token': TELEGRAM_SECRET,
        cookie: `session=${API_KEY}`,
      },
      request: { headers: { 'X-Api-Key': API_KEY }, body: `{"account":"2348031234567","note":"${API_KEY}"}` },
      list: [API_KEY, { secret: WEBHOOK_SECRETS[0] }, [[BOT_TOKEN]], PHONES[0]],
      map: new Map([
        ['x-api-key', API_KEY],
        ['other', `has ${WEBHOOK_SECRETS[1]}`],
      ]),
      fetchHeaders: new Headers({ 'x-api-key': API_KEY, 'x-telegram-bot-api-secret-token': TELEGRAM_SECRET }),
      url: new URL(`https://api.telegram.org/bot${BOT_TOKEN}/getUpdates?offset=1`),
      redis: `redis://:${REDIS_PASSWORD}@10.0.0.5:6379`,
      raw: Buffer.from(`t=1,${WEBHOOK_SECRETS[0]}`),
      order: {
        account: '2348031234567',
        phone: 2348031234567,
        e164Digits: '2348031234567',
        international: PHONES[0],
      },
      contact: { phone_number: PHONES[1] },
    });
    assertClean(lines);
    const line = JSON.parse(lines[0] ?? '{}') as Record<string, unknown>;
    expect(line['headers']).toMatchObject({ 'x-api-key': '[REDACTED]', 'x-signature': '[REDACTED]' });
    expect(line['order']).toEqual({
      account: '***4567',
      phone: '***4567',
      e164Digits: '***4567',
      international: '***4567',
    });
    expect(line['raw']).toMatch(/^\[binary \d+ bytes\]$/);
  });

  it('scrubs errors logged every way: message, stack, causes, custom fields, aggregate errors', () => {
    const { logger, lines } = capture();
    const inner = new Error(`inner failure with ${WEBHOOK_SECRETS[1]} for ${PHONES[1]}`);
    const outer = new Error(`outer failure key=${API_KEY}`, { cause: inner });
    Object.assign(outer, {
      apiKey: API_KEY,
      response: { headers: { authorization: API_KEY } },
      phone: PHONES[2],
    });
    const fetchStyle = new FetchStyleError(`https://api.telegram.org/bot${BOT_TOKEN}/getMe`, inner);
    const aggregate = new AggregateError(
      [outer, new Error(`second ${BOT_TOKEN}`)],
      `all failed ${REDIS_PASSWORD}`,
    );

    logger.error(outer);
    logger.error(outer, `while placing order for ${PHONES[0]}`);
    logger.error({ err: fetchStyle }, 'fetch failed');
    logger.warn({ err: fetchStyle });
    logger.info({ error: outer, context: { cause: inner } });
    logger.error(aggregate);
    logger.error({ errors: [outer, fetchStyle] }, 'many');
    logger.fatal(new TypeError(`bad token ${BOT_TOKEN}`), 'fatal %s', API_KEY);
    assertClean(lines);

    const first = JSON.parse(lines[0] ?? '{}') as { msg: string; err: Record<string, unknown> };
    expect(first.msg).toBe('outer failure key=[REDACTED]');
    expect(first.err['type']).toBe('Error');
    expect(String(first.err['stack'])).toContain('outer failure key=[REDACTED]');
    expect((first.err['cause'] as Record<string, unknown>)['message']).toMatch(
      /inner failure with \[REDACTED\] for \+\*\*\*4567/,
    );
    const third = JSON.parse(lines[2] ?? '{}') as { err: Record<string, unknown> };
    expect(third.err['type']).toBe('FetchStyleError');
    expect(third.err['message']).toBe(
      'request to https://api.telegram.org/bot[REDACTED]/getMe failed, reason: socket hang up',
    );
  });

  it("hides the PIN a keypad button's data carries, in messages and in a failed Bot API call's payload", () => {
    const { logger, lines } = capture();
    const keypad = {
      inline_keyboard: [
        [{ text: '1', callback_data: 't:k3x9q1:8:pk:86420135' }],
        [{ text: '✅ OK', callback_data: 't:k3x9q1:8:po:86420135' }],
      ],
    };
    const failed = Object.assign(new Error("Call to 'editMessageText' failed! (400: Bad Request)"), {
      method: 'editMessageText',
      payload: { chat_id: 42, message_id: 7, text: '••••••••', reply_markup: keypad },
    });
    logger.error({ err: failed }, 'keypad not shown');
    logger.warn({ update: { callback_query: { data: 't:k3x9q1:8:po:86420135' } } }, 'a resumed wait failed');
    logger.info('pressed t:k3x9q1:8:pk:8642013');
    // A bulk run's keypad (callback-data/bulk.ts).
    logger.warn({ update: { callback_query: { data: 'bk:pin:AbC-12_xYz09:po:86420135' } } }, 'bulk keypad');
    assertClean(lines);
    const output = lines.join('');
    expect(output).not.toContain('8642013');
    expect(output).toContain('t:k3x9q1:8:po:[REDACTED]');
    expect(output).toContain('bk:pin:AbC-12_xYz09:po:[REDACTED]');
  });

  it('scrubs a real fetch (undici) error for a URL carrying the bot token', async () => {
    const port = await freePort(); // nothing listens there
    const { logger, lines } = capture();
    const url = `http://127.0.0.1:${port}/bot${BOT_TOKEN}/getMe`;
    const error = await fetch(url).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(Error);
    logger.error({ err: error, url }, `request to ${url} failed`);
    logger.error(error);
    assertClean(lines);
    expect(lines.join('')).toContain('ECONNREFUSED');
  });

  it('scrubs what an HTTP server logs about a request carrying secret headers', async () => {
    const { logger, lines } = capture();
    const server = await listenOnLoopback(
      createServer((req, res) => {
        logger.info({ req }, 'incoming');
        logger.info(req);
        res.end('ok');
      }),
    );
    try {
      await fetch(`${server.url}/webhooks/telegram?n=${encodeURIComponent(PHONES[0] ?? '')}`, {
        method: 'POST',
        headers: {
          'x-telegram-bot-api-secret-token': TELEGRAM_SECRET,
          'x-api-key': API_KEY,
          cookie: `a=${API_KEY}`,
        },
        body: '{}',
      });
    } finally {
      await server.close();
    }
    assertClean(lines);
    expect(lines.join('')).toContain('/webhooks/telegram');
  });

  it('scrubs child logger bindings and survives cycles', () => {
    const { logger, lines } = capture();
    const child = logger.child({ token: BOT_TOKEN, note: `bot url /bot${BOT_TOKEN}/`, phone: PHONES[0] });
    const cyclic: Record<string, unknown> = { apiKey: API_KEY, name: 'loop' };
    cyclic['self'] = cyclic;
    child.info({ cyclic }, 'child line');
    child.child({ secret: WEBHOOK_SECRETS[0] }).info(`grandchild ${WEBHOOK_SECRETS[0]}`);
    assertClean(lines);
    expect(lines[0]).toContain('[Circular]');
  });

  it('respects the level and writes nothing below it', () => {
    const { logger, lines } = capture('warn');
    logger.info(`ignored ${API_KEY}`);
    logger.warn('kept');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({ level: 'warn', msg: 'kept' });
  });
});

describe('createScrubber text rule', () => {
  const scrub = createScrubber(SECRETS);
  it.each([
    ['+234 803 123 4567', '+***4567'],
    ['+2348031234567', '+***4567'],
    ['2348031234567', '***4567'],
    ['08031234567', '***4567'],
    ['0803 123 4567', '***4567'],
    ['(0803) 123-4567', '***4567'],
    ['8 (916) 123-45-67', '***4567'],
    ['+1 (416) 555-0123.', '+***0123.'],
    ['phone: 2348031234567, ok', 'phone: ***4567, ok'],
    ['+44 20 7946 0958 called', '+***0958 called'],
  ])('masks %j', (input, expected) => {
    expect(scrub.text(input)).toBe(expected);
  });

  it.each([
    'O-1234567890123',
    'order O-123456789 for rb-20261122-101112345-k3kd8234567890123',
    'chat -1001234567890',
    'user 12345678',
    'amount 123456.7890',
    '2026-11-22T10:11:12.345Z',
    'uuid 550e8400-e29b-41d4-a716-446655440000',
    'port 127.0.0.1:6379',
    'x_2348031234567',
    '+1 2',
  ])('leaves %j alone', (input) => {
    expect(scrub.text(input)).toBe(input);
  });

  it('redacts any bot-token-shaped text, even an unknown token', () => {
    expect(scrub.text('GET /bot999999:AAAbbbCCCdddEEEfffGGGhhhIIIjjjKKKlll/getMe')).toBe(
      'GET /bot[REDACTED]/getMe',
    );
    expect(scrub.text('token 999999:AAAbbbCCCdddEEEfffGGGhhhIIIjjjKKKlll')).toBe('token [REDACTED]');
  });

  it('masks phone fields idempotently', () => {
    expect(maskDigitsKeepLast4('+234 803 123 4567')).toBe('***4567');
    expect(maskDigitsKeepLast4('***4567')).toBe('***4567');
    expect(maskDigitsKeepLast4('12')).toBe('***');
  });
});
