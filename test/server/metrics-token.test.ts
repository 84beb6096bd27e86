import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.ts';
import { startBotWorld, type BotWorld } from '../support/bot-world.ts';

const TOKEN = 'metrics-token-0123456789abcdef';

// METRICS_TOKEN over real HTTP: /metrics answers only `Authorization: Bearer <token>` when it is set, and
// anyone (as before) when it is not; the token never reaches a log line, whatever was sent.
describe('/metrics behind METRICS_TOKEN', () => {
  let world: BotWorld;
  let guarded: App;
  const logLines: string[] = [];

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(chunk.toString('utf8'));
        done();
      },
    });
    world = await startBotWorld({ env: { METRICS_TOKEN: TOKEN }, logger: pino({ level: 'trace' }, sink) });
    guarded = world.apps[0]!;
  }, 60_000);

  afterAll(async () => {
    await world?.close();
  });

  const url = (app: App, path = '/metrics') => `http://127.0.0.1:${app.address!.port}${path}`;
  const get = (app: App, authorization?: string, method = 'GET') =>
    fetch(url(app), { method, headers: authorization === undefined ? {} : { authorization } });

  it('with METRICS_TOKEN set, /metrics answers 401 without the bearer token, and the metrics with it', async () => {
    const refused = [
      undefined,
      '',
      'Bearer',
      `Bearer ${TOKEN.slice(0, -1)}`,
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.replace(/.$/, 'g')}`,
      `Basic ${Buffer.from(`metrics:${TOKEN}`).toString('base64')}`,
      TOKEN,
      `Bearer ${'a'.repeat(5000)}`,
    ];
    for (const header of refused) {
      const res = await get(guarded, header);
      expect(res.status, String(header)).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      expect(await res.text()).not.toContain('rb_');
    }
    expect((await get(guarded, undefined, 'HEAD')).status).toBe(401);
    const res = await get(guarded, `Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await res.text()).toMatch(/^# HELP /m);
    // The scheme is case-insensitive (RFC 9110); the token is not.
    expect((await get(guarded, `bearer ${TOKEN}`)).status).toBe(200);
    expect((await get(guarded, `Bearer ${TOKEN.toUpperCase()}`)).status).toBe(401);
  });

  it('the health routes stay open with METRICS_TOKEN set', async () => {
    expect((await fetch(url(guarded, '/healthz'))).status).toBe(200);
    expect([200, 503]).toContain((await fetch(url(guarded, '/readyz'))).status);
  });

  it('without METRICS_TOKEN, /metrics answers anyone, as before', async () => {
    // A worker replica: its HTTP server answers health and metrics, and it leaves getUpdates to the first one.
    const open = await world.startReplica({ METRICS_TOKEN: '', ROLE: 'worker' });
    const res = await get(open);
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/^# HELP /m);
  });

  it('the token never reaches a log line', () => {
    expect(logLines.length).toBeGreaterThan(0);
    for (const line of logLines) expect(line).not.toContain(TOKEN.slice(0, 16));
  });
});
