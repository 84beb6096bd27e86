import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The lint rules that encode the layers and the promise rules, run through the project's own eslint.config.js.
 * `npm run check` passing proves only that nothing breaks a rule; these prove each rule is switched on and matches
 * what it should (a boundary pattern that matches nothing would pass the check for ever).
 * Snippets are linted as if they were the text of real files, so the type-aware rules find them in tsconfig.json.
 */

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DOMAIN_FILE = 'src/domain/status.ts';
const MERCHANT_FILE = 'src/merchant/records.ts';
const SANDBOX_FILE = 'src/sandbox/merchant/core.ts';
const LIB_FILE = 'src/lib/loop.ts';
const LIB_REDIS_FILE = 'src/lib/redis/stream-consumer.ts';
const PRODUCT_FILE = 'src/orders/service.ts';

let eslint: ESLint;

beforeAll(async () => {
  eslint = new ESLint({
    cwd: ROOT,
    // With CI=true typescript-eslint assumes a one-off CLI run and types each file from disk, not from the
    // snippet given to lintText: the snippets would then be checked as the files' real text.
    overrideConfig: {
      files: ['**/*.ts'],
      languageOptions: { parserOptions: { disallowAutomaticSingleRunInference: true } },
    },
  });
  // The first lint builds the TypeScript program of the whole project (type-aware rules): about half a minute
  // alone, over a minute on a loaded machine. It is set-up, so it runs here with a set-up's time, not in a test.
  await eslint.lintText('export {};\n', { filePath: `${ROOT}${DOMAIN_FILE}` });
}, 300_000);

/** The rules that report on `code` linted as the file `filePath` (the snippet's unused imports aside). */
async function rulesHit(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${ROOT}${filePath}` });
  expect(result?.fatalErrorCount, JSON.stringify(result?.messages)).toBe(0);
  return (result?.messages ?? [])
    .map((m) => m.ruleId ?? 'none')
    .filter((rule) => rule !== '@typescript-eslint/no-unused-vars');
}

const importOf = (source: string) => `import { thing } from '${source}';\nexport { thing };\n`;

describe('import boundaries', () => {
  it('domain/ imports nothing of ours outside domain/, type-only imports included', async () => {
    expect(await rulesHit(DOMAIN_FILE, importOf('../merchant/types.ts'))).toEqual(['no-restricted-imports']);
    expect(
      await rulesHit(DOMAIN_FILE, `import type { Config } from '../config.ts';\nexport type { Config };\n`),
    ).toEqual(['no-restricted-imports']);
  });

  it('domain/ may import node: built-ins, packages and domain/ itself', async () => {
    expect(await rulesHit(DOMAIN_FILE, importOf('./money.ts'))).toEqual([]);
    expect(await rulesHit(DOMAIN_FILE, importOf('decimal.js'))).toEqual([]);
    expect(await rulesHit(DOMAIN_FILE, importOf('node:crypto'))).toEqual([]);
  });

  it('merchant/ imports nothing above it: not the product, nor config or logger', async () => {
    for (const source of [
      '../orders/store.ts',
      '../bot/bot.ts',
      '../notify/alerts.ts',
      '../server/server.ts',
      '../sandbox/merchant/index.ts',
      '../app.ts',
      '../main.ts',
      '../config.ts',
      '../logger.ts',
    ]) {
      expect(await rulesHit(MERCHANT_FILE, importOf(source)), source).toEqual(['no-restricted-imports']);
    }
  });

  it('merchant/ may import domain/, lib/ and itself', async () => {
    expect(await rulesHit(MERCHANT_FILE, importOf('../domain/status.ts'))).toEqual([]);
    expect(await rulesHit(MERCHANT_FILE, importOf('../lib/redis/redis-script.ts'))).toEqual([]);
    expect(await rulesHit(MERCHANT_FILE, importOf('./errors.ts'))).toEqual([]);
  });

  it('lib/ imports nothing of the product, from lib/ itself or one folder down', async () => {
    for (const [file, up] of [
      [LIB_FILE, '..'],
      [LIB_REDIS_FILE, '../..'],
    ] as const) {
      for (const target of [
        'orders/store.ts',
        'orders/hooks.ts',
        'notify/outbox.ts',
        'bot/bot.ts',
        'server/server.ts',
        'merchant/types.ts',
        'app.ts',
        'config.ts',
        'logger.ts',
      ]) {
        const source = `${up}/${target}`;
        expect(await rulesHit(file, importOf(source)), `${file}: ${source}`).toEqual([
          'no-restricted-imports',
        ]);
      }
    }
  });

  it('lib/ may import domain/ and lib/ itself', async () => {
    expect(await rulesHit(LIB_FILE, importOf('../domain/log.ts'))).toEqual([]);
    expect(await rulesHit(LIB_FILE, importOf('./redis/redis-script.ts'))).toEqual([]);
    expect(await rulesHit(LIB_REDIS_FILE, importOf('../../domain/log.ts'))).toEqual([]);
    expect(await rulesHit(LIB_REDIS_FILE, importOf('./redis-script.ts'))).toEqual([]);
    expect(await rulesHit(LIB_REDIS_FILE, importOf('../loop.ts'))).toEqual([]);
  });

  it('sandbox/ imports nothing of the product', async () => {
    for (const source of [
      '../../merchant/types.ts',
      '../../orders/store.ts',
      '../../bot/bot.ts',
      '../../domain/money.ts',
    ]) {
      expect(await rulesHit(SANDBOX_FILE, importOf(source)), source).toEqual(['no-restricted-imports']);
    }
  });

  it('sandbox/ may import the other stand-in and itself', async () => {
    expect(await rulesHit(SANDBOX_FILE, importOf('../telegram/index.ts'))).toEqual([]);
    expect(await rulesHit(SANDBOX_FILE, importOf('./clock.ts'))).toEqual([]);
  });

  it("bot/ reads orders through the store's interface, never its key names", async () => {
    expect(await rulesHit('src/bot/staff.ts', importOf('../orders/keys.ts'))).toEqual([
      'no-restricted-imports',
    ]);
    expect(
      await rulesHit(
        'src/bot/menus.ts',
        `import type { OrderKeys } from '../orders/keys.ts';\nexport type { OrderKeys };\n`,
      ),
    ).toEqual(['no-restricted-imports']);
    expect(await rulesHit('src/bot/staff.ts', importOf('../orders/record.ts'))).toEqual([
      'no-restricted-imports',
    ]);
    expect(await rulesHit('src/bot/features/orders.ts', importOf('../../orders/keys.ts'))).toEqual([
      'no-restricted-imports',
    ]);
    expect(await rulesHit('src/bot/staff.ts', importOf('../orders/reads.ts'))).toEqual([]);
  });

  it('orders/ never imports notify/: alerts go through the port orders/ declares', async () => {
    for (const source of ['../notify/alerts.ts', '../notify/outbox.ts', '../notify/notify.ts']) {
      expect(await rulesHit('src/orders/service.ts', importOf(source)), source).toEqual([
        'no-restricted-imports',
      ]);
    }
    expect(
      await rulesHit(
        'src/orders/system.ts',
        `import type { Outbox } from '../notify/outbox.ts';\nexport type { Outbox };\n`,
      ),
    ).toEqual(['no-restricted-imports']);
    expect(await rulesHit('src/orders/service.ts', importOf('./alerts.ts'))).toEqual([]);
  });

  it('bot/ never imports notify/: it takes the alert sink and the order callbacks as ports', async () => {
    expect(await rulesHit('src/bot/bot.ts', importOf('../notify/notify.ts'))).toEqual([
      'no-restricted-imports',
    ]);
    expect(await rulesHit('src/bot/features/reconcile.ts', importOf('../../notify/alerts.ts'))).toEqual([
      'no-restricted-imports',
    ]);
    expect(await rulesHit('src/bot/bot.ts', importOf('../orders/alerts.ts'))).toEqual([]);
  });

  it('notify/ reads the order changes through orders/changes.ts', async () => {
    expect(await rulesHit('src/notify/notices.ts', importOf('../orders/changes.ts'))).toEqual([]);
    expect(await rulesHit('src/notify/alerts.ts', importOf('../orders/alerts.ts'))).toEqual([]);
  });

  it('no part imports the composition root or an entry point', async () => {
    for (const [file, source] of [
      ['src/orders/service.ts', '../app.ts'],
      ['src/notify/alerts.ts', '../app.ts'],
      ['src/notify/notify.ts', '../lifecycle.ts'],
      ['src/orders/system.ts', '../core.ts'],
      ['src/bulk/runs.ts', '../app'],
      ['src/schedules/schedules.ts', '../main.ts'],
      ['src/server/server.ts', '../run-service.ts'],
      ['src/bot/bot.ts', '../app.ts'],
      ['src/bot/features/orders.ts', '../../app.ts'],
      ['src/bot/conversations/top-up/place.ts', '../../../demo.ts'],
    ] as const) {
      expect(await rulesHit(file, importOf(source)), `${file}: ${source}`).toEqual(['no-restricted-imports']);
    }
    expect(await rulesHit('src/run-service.ts', importOf('./app.ts'))).toEqual([]);
    expect(await rulesHit('src/app.ts', importOf('./lifecycle.ts'))).toEqual([]);
    expect(await rulesHit('src/app.ts', importOf('./core.ts'))).toEqual([]);
  });

  it('bot features and conversations never import Redis; they call services', async () => {
    for (const [file, source] of [
      ['src/bot/features/orders.ts', 'ioredis'],
      ['src/bot/features/orders.ts', '../../lib/redis/redis-script.ts'],
      ['src/bot/conversations/top-up/place.ts', '../../../lib/redis/stream-consumer.ts'],
      ['src/bot/conversations/top-up/place.ts', 'ioredis'],
    ] as const) {
      expect(await rulesHit(file, importOf(source)), `${file}: ${source}`).toEqual(['no-restricted-imports']);
    }
    // The rules of bot/ hold in its features too.
    expect(await rulesHit('src/bot/features/orders.ts', importOf('../../orders/keys.ts'))).toEqual([
      'no-restricted-imports',
    ]);
    expect(await rulesHit('src/bot/features/orders.ts', importOf('../../orders/reads.ts'))).toEqual([]);
  });

  it('the product above may import every layer', async () => {
    expect(await rulesHit(PRODUCT_FILE, importOf('../merchant/types.ts'))).toEqual([]);
    expect(await rulesHit(PRODUCT_FILE, importOf('../bot/bot.ts'))).toEqual([]);
    expect(await rulesHit(PRODUCT_FILE, importOf('../lib/redis/stream-consumer.ts'))).toEqual([]);
    expect(await rulesHit('src/notify/outbox.ts', importOf('../lib/hooks.ts'))).toEqual([]);
  });
});

describe('key names', () => {
  const built = (expression: string) =>
    `export function keyOf(deps: { prefix: string }, prefix: string, id: number): string {\n  return ${expression};\n}\n`;

  it('a key name built from the prefix outside a keys.ts is reported, as a template or a sum', async () => {
    expect(await rulesHit(PRODUCT_FILE, built('`${prefix}orders:o:${id}`'))).toEqual([
      'no-restricted-syntax',
    ]);
    expect(await rulesHit(PRODUCT_FILE, built('`${deps.prefix}orders:o:${id}`'))).toEqual([
      'no-restricted-syntax',
    ]);
    expect(await rulesHit(PRODUCT_FILE, built("deps.prefix + 'orders:o:' + id"))).toEqual([
      'no-restricted-syntax',
    ]);
    expect(await rulesHit('src/bot/waiting-line.ts', built("prefix + 'line:' + id"))).toEqual([
      'no-restricted-syntax',
    ]);
  });

  it("a part's keys.ts and the keyspace helper build names; other templates are free", async () => {
    expect(await rulesHit('src/orders/keys.ts', built('`${prefix}orders:o:${id}`'))).toEqual([]);
    expect(await rulesHit('src/lib/redis/keyspace.ts', built('deps.prefix + String(id)'))).toEqual([]);
    expect(await rulesHit(PRODUCT_FILE, built('`order ${id}`'))).toEqual([]);
  });

  it("bot/ never imports another part's keys.ts, and its features and conversations no keys.ts at all", async () => {
    expect(await rulesHit('src/bot/bot.ts', importOf('../accounts/keys.ts'))).toEqual([
      'no-restricted-imports',
    ]);
    expect(await rulesHit('src/bot/middleware/update-guard.ts', importOf('../../merchant/keys.ts'))).toEqual([
      'no-restricted-imports',
    ]);
    expect(await rulesHit('src/bot/features/orders.ts', importOf('../keys.ts'))).toEqual([
      'no-restricted-imports',
    ]);
    expect(await rulesHit('src/bot/waiting-line.ts', importOf('./keys.ts'))).toEqual([]);
    expect(await rulesHit('src/bot/middleware/update-guard.ts', importOf('../keys.ts'))).toEqual([]);
  });
});

describe('type-aware rules', () => {
  it('a promise that is neither awaited nor handled is reported', async () => {
    const code = `async function work(): Promise<void> {}\nexport function run(): void {\n  work();\n}\n`;
    expect(await rulesHit(PRODUCT_FILE, code)).toEqual(['@typescript-eslint/no-floating-promises']);
    const handled = `async function work(): Promise<void> {}\nexport async function run(): Promise<void> {\n  await work();\n  work().catch(() => undefined);\n}\n`;
    expect(await rulesHit(PRODUCT_FILE, handled)).toEqual([]);
  });

  it('an async function passed where a void callback is expected is reported', async () => {
    const code = `import { createServer } from 'node:http';\nexport const server = createServer(async () => {});\n`;
    expect(await rulesHit(PRODUCT_FILE, code)).toEqual(['@typescript-eslint/no-misused-promises']);
  });

  it('a type imported as a value is reported', async () => {
    const code = `import { Decimal } from 'decimal.js';\nexport function half(x: Decimal): Decimal {\n  return x;\n}\n`;
    expect(await rulesHit(PRODUCT_FILE, code)).toEqual(['@typescript-eslint/consistent-type-imports']);
  });

  it('a module imported twice is reported; a type-only import beside its value import is not', async () => {
    const twice = `import { randomBytes } from 'node:crypto';\nimport { randomUUID } from 'node:crypto';\nexport const id = (): string => randomUUID() + randomBytes(2).toString('hex');\n`;
    expect(await rulesHit(PRODUCT_FILE, twice)).toEqual(['no-duplicate-imports']);
    const typeBeside = `import { Decimal } from 'decimal.js';\nimport type { Decimal as D } from 'decimal.js';\nexport const one = (): D => new Decimal(1);\n`;
    expect(await rulesHit(PRODUCT_FILE, typeBeside)).toEqual([]);
  });
});

describe('size rules', () => {
  /** A function of `n` statements, each its own line, with a comment and a blank line between every two. */
  const functionOf = (n: number) =>
    `export function long(): number {\n  let x = 0;\n${Array.from({ length: n }, () => '  x += 1;\n  // one more\n\n').join('')}  return x;\n}\n`;

  it('a function over 80 lines of code is reported; blank lines and comments do not count', async () => {
    expect(await rulesHit(PRODUCT_FILE, functionOf(77))).toEqual(['max-lines-per-function']);
    expect(await rulesHit(PRODUCT_FILE, functionOf(76))).toEqual([]);
  });

  it('a file over 400 lines is reported, comments and blank lines included; the sandbox is exempt', async () => {
    const lines = (n: number) => `export const one = 1;\n${'// a comment\n'.repeat(n - 1)}`;
    expect(await rulesHit(PRODUCT_FILE, lines(401))).toEqual(['max-lines']);
    expect(await rulesHit(PRODUCT_FILE, lines(400))).toEqual([]);
    expect(await rulesHit(SANDBOX_FILE, functionOf(100) + lines(500))).toEqual([]);
  });
});
