import { execFile } from 'node:child_process';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bodyHash, fullPath, newNonce, sign, stringToSign } from '../../src/merchant/signer.ts';

/**
 * Runs `sh -c` with every value passed as a positional argument (never interpolated into the script), so
 * arbitrary keys, paths and bodies are safe. The body goes through stdin to `openssl dgst -sha256`, the five
 * lines are built by `printf` with no trailing line feed and MACed by `openssl dgst -sha256 -hmac`.
 */
function opensslSignature(input: {
  path: string;
  timestamp: string;
  nonce: string;
  body: Buffer;
  apiKey: string;
}): Promise<string> {
  const script =
    'hash=$(openssl dgst -sha256 -r | cut -d" " -f1) && ' +
    'printf "%s\\n%s\\n%s\\n%s\\n%s" POST "$1" "$2" "$3" "$hash" | openssl dgst -sha256 -hmac "$4" -r';
  return new Promise((resolve, reject) => {
    const child = execFile(
      'sh',
      ['-c', script, 'sh', input.path, input.timestamp, input.nonce, input.apiKey],
      { encoding: 'utf8' },
      (error, stdout) => {
        if (error) {
          reject(error);
          return;
        }
        const match = /^([0-9a-f]{64})/.exec(stdout.trim());
        if (!match?.[1]) reject(new Error(`unexpected openssl output: ${stdout}`));
        else resolve(match[1]);
      },
    );
    child.stdin?.end(input.body);
  });
}

// Printable ASCII without NUL (argv cannot carry NUL); includes quotes, $, backticks and backslashes.
const apiKeyArb = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
  minLength: 1,
  maxLength: 64,
});
const pathArb = fc
  .array(fc.stringMatching(/^[A-Za-z0-9_.~-]{1,12}$/), { minLength: 0, maxLength: 3 })
  .map((parts) => ['/api/v1', ...parts].join('/'));
const bodyArb = fc.oneof(
  fc.json().map((json) => Buffer.from(json, 'utf8')),
  fc
    .string({ unit: 'grapheme', maxLength: 200 })
    .map((text) => Buffer.from(JSON.stringify({ text }), 'utf8')),
);

describe('signer', () => {
  it('matches a hand-computed vector (five LF-joined lines, no trailing LF)', () => {
    const body = '{"a":1}';
    const text = stringToSign({
      method: 'post',
      path: '/api/v1/recharge/quote',
      body,
      timestamp: 1700000000,
      nonce: 'ab',
    });
    expect(text).toBe(`POST\n/api/v1/recharge/quote\n1700000000\nab\n${bodyHash(body)}`);
    expect(text.endsWith('\n')).toBe(false);
    expect(bodyHash('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });

  it('agrees with openssl dgst -sha256 -hmac over printf-built lines', async () => {
    await fc.assert(
      fc.asyncProperty(
        apiKeyArb,
        pathArb,
        fc.integer({ min: 0, max: 4_000_000_000 }),
        fc.stringMatching(/^[0-9a-f]{32}$/),
        bodyArb,
        async (apiKey, path, timestamp, nonce, body) => {
          const ours = sign({ method: 'POST', path, body, timestamp, nonce, apiKey });
          const theirs = await opensslSignature({ path, timestamp: String(timestamp), nonce, body, apiKey });
          expect(ours).toBe(theirs);
          expect(ours).toMatch(/^[0-9a-f]{64}$/);
        },
      ),
      { numRuns: 50 },
    );
  });

  it('signs the body bytes exactly: one changed space changes the signature', () => {
    const base = { method: 'POST', path: '/api/v1/orders', timestamp: 1, nonce: 'n', apiKey: 'k' };
    expect(sign({ ...base, body: '{"a":1}' })).not.toBe(sign({ ...base, body: '{"a": 1}' }));
    expect(sign({ ...base, body: 'é' })).toBe(sign({ ...base, body: Buffer.from('é', 'utf8') }));
  });

  it('makes 32-hex-character nonces that do not repeat', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const nonce = newNonce();
      expect(nonce).toMatch(/^[0-9a-f]{32}$/);
      seen.add(nonce);
    }
    expect(seen.size).toBe(2000);
  });

  it('keeps the base URL path prefix in the signed path', () => {
    expect(fullPath('https://svc.example/api/v1', '/recharge/quote')).toBe('/api/v1/recharge/quote');
    expect(fullPath('https://svc.example/gw/merchant/api/v1/', 'recharge/orders')).toBe(
      '/gw/merchant/api/v1/recharge/orders',
    );
  });
});
