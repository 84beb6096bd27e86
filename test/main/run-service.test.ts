import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisWentAway } from '../../src/run-service.ts';

// The two ways the service is started (npm start, a soak replica) share runService: what main.ts does with a bad
// configuration, the soak's replica does too.
const ENTRY_POINTS = ['src/main.ts', 'soak/bot-process.ts'];

interface Run {
  code: number | null;
  output: string;
}

async function run(script: string, env: Record<string, string>, cwd: string): Promise<Run> {
  const proc = spawn(process.execPath, [resolve(script)], {
    cwd,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  proc.stdout.on('data', (c: Buffer) => (output += c.toString('utf8')));
  proc.stderr.on('data', (c: Buffer) => (output += c.toString('utf8')));
  const code = await new Promise<number | null>((done) => proc.once('exit', (c) => done(c)));
  return { code, output };
}

describe('runService: one start-up for every entry point', () => {
  let cwd = '';
  beforeAll(async () => {
    cwd = await mkdtemp(join(tmpdir(), 'rb-run-service-'));
  });
  afterAll(async () => {
    await rm(cwd, { recursive: true, force: true });
  });

  it.each(ENTRY_POINTS)(
    '%s with a bad configuration exits 2 with the one list of problems, no stack trace and no secret',
    async (script) => {
      const result = await run(
        script,
        { BOT_TOKEN: 'not a token SECRET-TOKEN-VALUE', MERCHANT_API_KEY: 'SECRET-API-KEY-VALUE' },
        cwd,
      );
      expect(result.code).toBe(2);
      expect(result.output.match(/Invalid configuration/g)).toHaveLength(1);
      expect(result.output).toContain('BOT_TOKEN');
      expect(result.output).not.toMatch(/^\s+at /m);
      expect(result.output).not.toContain('SECRET-TOKEN-VALUE');
      expect(result.output).not.toContain('SECRET-API-KEY-VALUE');
    },
    60_000,
  );
});

describe('runService: Redis away at start-up is waited out, a real fault is not', () => {
  // As ioredis words them (cluster/index.js handleError; the replies are Redis' own).
  const redirected = (last: string) =>
    new Error(`Too many Cluster redirections. Last error: ReplyError: ${last}`);

  it('counts a Cluster changing its mind while a master restarts as Redis away', () => {
    expect(redisWentAway(redirected('MOVED 3129 127.0.0.1:34299'))).toBe(true);
    expect(redisWentAway(redirected('CLUSTERDOWN The cluster is down'))).toBe(true);
    expect(
      redisWentAway(new Error('start-up step failed', { cause: redirected('MOVED 1 127.0.0.1:1') })),
    ).toBe(true);
  });

  it('does not wait out what a person must fix', () => {
    expect(redisWentAway(new Error('WRONGPASS invalid username-password pair or user is disabled.'))).toBe(
      false,
    );
    expect(redisWentAway(new Error('the Bot API (TELEGRAM_API_ROOT, BOT_TOKEN) did not answer getMe'))).toBe(
      false,
    );
  });
});
