import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../../support/ports.ts';
import { MTN_500, ngNumber, quoteAndOrder, rawClient, startReceiver, waitFor } from './raw-http.ts';

interface Started {
  child: ChildProcess;
  stdout: () => string;
  lines: Record<string, string>;
}

async function startCli(env: Record<string, string>): Promise<Started> {
  const child = spawn(process.execPath, ['src/sandbox/merchant/cli.ts'], {
    cwd: process.cwd(),
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout?.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (err += c.toString()));
  await waitFor(
    () => {
      if (child.exitCode !== null) throw new Error(`cli exited ${child.exitCode}: ${err}`);
      return out.split('\n').filter((l) => l.includes('=')).length >= 4;
    },
    30_000,
    'the four .env lines',
  );
  const lines = Object.fromEntries(
    out
      .trim()
      .split('\n')
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
  return { child, stdout: () => out, lines };
}

describe('npm run sandbox (src/sandbox/merchant/cli.ts)', () => {
  let running: ChildProcess | undefined;
  afterEach(() => {
    if (running && running.exitCode === null) running.kill('SIGKILL');
    running = undefined;
  });

  it('prints exactly the four .env lines, which work, and stops on SIGTERM', async () => {
    const port = await freePort();
    const started = await startCli({ SANDBOX_PORT: String(port) });
    running = started.child;
    expect(started.stdout().trim().split('\n')).toHaveLength(4);
    expect(Object.keys(started.lines)).toEqual([
      'MERCHANT_API_BASE_URL',
      'MERCHANT_ID',
      'MERCHANT_API_KEY',
      'MERCHANT_WEBHOOK_SECRETS',
    ]);
    const { MERCHANT_API_BASE_URL: base, MERCHANT_ID: id, MERCHANT_API_KEY: key } = started.lines;
    expect(base).toBe(`http://127.0.0.1:${port}/api/v1`);
    expect(started.lines.MERCHANT_WEBHOOK_SECRETS).not.toBe('');
    const account = await fetch(`${base}/account`, {
      headers: { 'x-merchant-id': id ?? '', 'x-api-key': key ?? '' },
    });
    expect(account.status).toBe(200);
    expect(((await account.json()) as { api_access_enabled: boolean }).api_access_enabled).toBe(true);

    started.child.kill('SIGTERM');
    const [code] = await once(started.child, 'exit');
    expect(code).toBe(0);
  });

  it('sends webhooks to every SANDBOX_WEBHOOK_URL, each signed with the secret it printed', async () => {
    // Filled in from the printed line: the receivers only learn the secrets the way an operator would.
    const secretsA: string[] = [];
    const secretsB: string[] = [];
    const a = await startReceiver(secretsA);
    const b = await startReceiver(secretsB);
    try {
      const started = await startCli({
        SANDBOX_PORT: String(await freePort()),
        SANDBOX_TIME_SCALE: '0.01',
        SANDBOX_WEBHOOK_URL: `${a.url}, ${b.url}`,
      });
      running = started.child;
      const secrets = (started.lines.MERCHANT_WEBHOOK_SECRETS ?? '').split(',');
      expect(secrets).toHaveLength(2);
      expect(secrets[0]).not.toBe(secrets[1]);
      secretsA.push(secrets[0] ?? '');
      secretsB.push(secrets[1] ?? '');
      const client = rawClient(started.lines.MERCHANT_API_BASE_URL ?? '', {
        merchantId: started.lines.MERCHANT_ID ?? '',
        apiKey: started.lines.MERCHANT_API_KEY ?? '',
      });
      const { order } = await quoteAndOrder(client, MTN_500, ngNumber('4567'), `cli-${Date.now()}`);
      expect(order.status).toBe(201);
      await waitFor(() => a.received.length === 1 && b.received.length === 1);
      expect(a.received[0]?.verified).toBe(true);
      expect(b.received[0]?.verified).toBe(true);
      expect(a.received[0]?.body.order.order_id).toBe(order.body.order.order_id);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('refuses a bad setting with a message and exit code 1', async () => {
    const child = spawn(process.execPath, ['src/sandbox/merchant/cli.ts'], {
      env: { ...process.env, SANDBOX_PORT: 'eighty' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    const [code] = await once(child, 'exit');
    expect(code).toBe(1);
    expect(err).toMatch(/SANDBOX_PORT/);
  });
});
