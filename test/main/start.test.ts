import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/ports.ts';
import { startLocalParts, type LocalParts } from '../support/local-parts.ts';

const MAIN = resolve('src/main.ts');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `node src/main.ts` from an empty directory (no .env) with exactly this environment. */
async function runMain(env: Record<string, string>, cwd: string): Promise<Run> {
  const proc = spawn(process.execPath, [MAIN], {
    cwd,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  proc.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
  proc.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  const code = await new Promise<number | null>((done) => proc.once('exit', (c) => done(c)));
  return { code, stdout, stderr };
}

describe('npm start (node src/main.ts)', () => {
  let cwd = '';
  beforeAll(async () => {
    cwd = await mkdtemp(join(tmpdir(), 'rb-main-'));
  });
  afterAll(async () => {
    await rm(cwd, { recursive: true, force: true });
  });

  it('stops at once with one message listing every configuration problem, and no secret', async () => {
    const run = await runMain(
      {
        BOT_TOKEN: 'not a token SECRET-TOKEN-VALUE',
        BOT_MODE: 'webhook',
        MERCHANT_API_BASE_URL: 'ftp://example.com/api/v2',
        MERCHANT_ID: 'X1',
        MERCHANT_API_KEY: 'SECRET-API-KEY-VALUE',
        TELEGRAM_WEBHOOK_SECRET: 'bad secret with spaces SECRET-WEBHOOK-VALUE',
        HTTP_PORT: '99999',
      },
      cwd,
    );
    expect(run.code).not.toBe(0);
    expect(run.code).not.toBeNull();
    const all = run.stdout + run.stderr;
    for (const name of [
      'BOT_TOKEN',
      'MERCHANT_API_BASE_URL',
      'MERCHANT_ID',
      'MERCHANT_WEBHOOK_SECRETS',
      'PUBLIC_URL',
      'TELEGRAM_WEBHOOK_SECRET',
      'HTTP_PORT',
    ]) {
      expect(all).toContain(name);
    }
    expect(all.match(/Invalid configuration/g)).toHaveLength(1);
    expect(all).not.toContain('SECRET-TOKEN-VALUE');
    expect(all).not.toContain('SECRET-API-KEY-VALUE');
    expect(all).not.toContain('SECRET-WEBHOOK-VALUE');
  });

  it('stops with a message naming REDIS_URL when Redis is not reachable', async () => {
    const run = await runMain(
      {
        BOT_TOKEN: '123456:ABCdef',
        MERCHANT_API_BASE_URL: 'http://127.0.0.1:9/api/v1',
        MERCHANT_ID: 'M1000001',
        MERCHANT_API_KEY: 'SECRET-API-KEY-VALUE',
        MERCHANT_WEBHOOK_SECRETS: 'SECRET-WEBHOOK-VALUE',
        // Not a port freePort() hands out: another file's private Redis, started meanwhile on a port this test
        // had been given as free, once answered here (CI, a81d25c).
        REDIS_URL: 'redis://127.0.0.1:9',
        REDIS_STARTUP_WAIT_SECONDS: '1',
        HTTP_PORT: String(await freePort()),
      },
      cwd,
    );
    expect(run.code).toBe(1);
    expect(run.stdout + run.stderr).toContain('Redis (REDIS_URL) is not reachable');
    expect(run.stdout + run.stderr).not.toContain('SECRET-');
  });

  describe('with Redis, the sandbox and the stand-in', () => {
    let parts: LocalParts;
    let env: Record<string, string> = {};

    beforeAll(async () => {
      parts = await startLocalParts();
      env = { ...parts.env, LOG_LEVEL: 'info' };
    });
    afterAll(async () => {
      await parts?.close();
    });

    it('stops with a message naming BOT_TOKEN when the Bot API refuses the token', async () => {
      const run = await runMain(
        { ...env, BOT_TOKEN: '999999:WRONG-TOKEN-VALUE', HTTP_PORT: String(await freePort()) },
        cwd,
      );
      expect(run.code).toBe(1);
      expect(run.stdout + run.stderr).toContain('(TELEGRAM_API_ROOT, BOT_TOKEN) did not answer getMe');
      expect(run.stdout + run.stderr).toContain('401');
      expect(run.stdout + run.stderr).not.toContain('WRONG-TOKEN-VALUE');
    });

    it('waits for a Redis that is restarting at start-up (REDIS_STARTUP_WAIT_SECONDS) and then starts', async () => {
      await parts.redis.stop(true);
      const proc = spawn(process.execPath, [MAIN], {
        cwd,
        env: { PATH: process.env.PATH ?? '', ...env, HTTP_PORT: String(await freePort()) },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      proc.stdout.on('data', (c: Buffer) => (output += c.toString('utf8')));
      proc.stderr.on('data', (c: Buffer) => (output += c.toString('utf8')));
      const exited = new Promise<number | null>((done) => proc.once('exit', (c) => done(c)));
      let restarted = false;
      try {
        // Redis comes back only once the bot has said it is waiting for it.
        const deadline = Date.now() + 30_000;
        while (!output.includes('Redis not reachable yet; waiting for it')) {
          if (Date.now() > deadline || proc.exitCode !== null) throw new Error(`no wait: ${output}`);
          await new Promise((r) => setTimeout(r, 50));
        }
        await parts.redis.start();
        restarted = true;
        while (!output.includes('recharge-bot started')) {
          if (Date.now() > deadline + 30_000 || proc.exitCode !== null)
            throw new Error(`no start: ${output}`);
          await new Promise((r) => setTimeout(r, 100));
        }
        expect(proc.exitCode).toBeNull();
      } finally {
        proc.kill('SIGTERM');
        await exited;
        if (!restarted) await parts.redis.start();
      }
      expect(output).not.toContain('start-up failed');
    });

    it('in webhook mode: warns about the Redis policy, listens, registers the webhook with its secret_token, stops on SIGTERM', async () => {
      // This private Redis evicts nothing; an allkeys-lru one must be warned about.
      const admin = new Redis(parts.redis.url);
      await admin.config('SET', 'maxmemory-policy', 'allkeys-lru');
      await admin.quit();

      const port = await freePort();
      const proc = spawn(process.execPath, [MAIN], {
        cwd,
        env: {
          PATH: process.env.PATH ?? '',
          ...env,
          BOT_MODE: 'webhook',
          PUBLIC_URL: `http://127.0.0.1:${port}`,
          TELEGRAM_WEBHOOK_SECRET: 'webhook-secret-123',
          HTTP_PORT: String(port),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      proc.stdout.on('data', (c: Buffer) => (output += c.toString('utf8')));
      proc.stderr.on('data', (c: Buffer) => (output += c.toString('utf8')));
      const exited = new Promise<number | null>((done) => proc.once('exit', (c) => done(c)));
      try {
        const deadline = Date.now() + 60_000;
        while (!output.includes('recharge-bot started')) {
          if (Date.now() > deadline || proc.exitCode !== null) throw new Error(`no start: ${output}`);
          await new Promise((r) => setTimeout(r, 100));
        }
        const info = await (await fetch(`${env.TELEGRAM_API_ROOT}/_standin/webhook`)).json();
        expect(info).toMatchObject({ url: `http://127.0.0.1:${port}/webhooks/telegram` });
        const calls = await (await fetch(`${env.TELEGRAM_API_ROOT}/_standin/calls?method=setWebhook`)).text();
        expect(JSON.parse(calls)).toMatchObject([{ params: { secret_token: expect.any(String) } }]);
        // The stand-in delivers a user's message with the registered secret_token; the bot accepts and answers.
        const stranger = parts.standIn.driver.user({ id: 4242, firstName: 'Sam', languageCode: 'en' });
        const sent = stranger.sendCommand('/start');
        const refusal = await stranger.waitForBotMessage((m) => m.text.includes('4242'), {
          after: sent.messageId,
        });
        expect(refusal.text).toContain('4242');
        expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
        // Updates without the secret_token are refused.
        const forged = await fetch(`http://127.0.0.1:${port}/webhooks/telegram`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ update_id: 1 }),
        });
        expect(forged.status).toBe(401);

        // Start-up order, as the log tells it: Redis policy warning before "started".
        const warnAt = output.indexOf('maxmemory-policy is not noeviction');
        expect(warnAt).toBeGreaterThanOrEqual(0);
        expect(warnAt).toBeLessThan(output.indexOf('recharge-bot started'));
        expect(output).not.toContain('webhook-secret-123');
        expect(output).not.toContain(parts.sandbox.apiKey);
      } finally {
        proc.kill('SIGTERM');
      }
      expect(await exited).toBe(0);
      expect(output).toContain('"stopped"');
    });
  });
});
