// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/**
 * One no-restricted-imports rule forbidding the import sources that match `regex`, and those of `more` ([regex,
 * message] pairs). A file gets the rule of the last block that matches it, so a block adds what the blocks before
 * it forbid too.
 * @param {string} regex
 * @param {string} message
 * @param {Array<[string, string]>} more
 */
function boundary(regex, message, ...more) {
  const patterns = [{ regex, message }, ...more.map(([r, m]) => ({ regex: r, message: m }))];
  return { 'no-restricted-imports': ['error', { patterns }] };
}

/** @type {[string, string]} No part imports the composition root or an entry point: they import the parts. */
const NO_ROOT = [
  '^(\\.\\./)+(app|core|lifecycle|main|run-service|demo)(\\.ts)?$',
  'No part imports the composition root (app.ts, core.ts) or an entry point; they import the parts.',
];
/** @type {[string, string]} notify/ sits above bot/: it uses the bot's callback data, the bot takes ports. */
const NO_NOTIFY_IN_BOT = [
  '^(\\.\\./)+notify(/|$)',
  'bot/ sits below notify/: it takes the alert sink and the order callbacks as ports, never imports notify/.',
];
/** Another part's key names (its keys.ts, from any depth in bot/) or the order record's stored form. */
const BOT_READS_SERVICES = '^(\\.\\./)+orders/record(\\.ts)?$|^\\.\\./(\\.\\./)*[a-z-]+/keys(\\.ts)?$';
/** @type {[string, string]} */
const NO_REDIS = [
  '^ioredis$|(^|/)lib/redis/|^(\\.\\./)+keys(\\.ts)?$',
  'Bot features and conversations call services, never Redis: a part that owns keys exports the service.',
];

const KEYS_AT_HOME =
  "Redis key names are built in the owning part's keys.ts (through lib/redis/keyspace.ts), never from the prefix here.";

export default tseslint.config(
  { ignores: ['node_modules/', '.tools/', 'coverage/', 'dist/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['error', 'warn'] }],
      eqeqeq: ['error', 'always'],
      // One import per module (a type-only import beside it is allowed: consistent-type-imports writes them so).
      'no-duplicate-imports': ['error', { allowSeparateTypeImports: true }],
    },
  },
  {
    // Type-aware rules, on the one program `tsc -p tsconfig.json` builds: it includes every .ts file of the tree
    // (src, test, bench, soak, vitest.config.ts; soak/tsconfig.json only extends it), so the block is scoped to .ts
    // and scripts/*.mjs and this file keep the syntax-only rules above. One program is faster than projectService's
    // one per nearest tsconfig.
    files: ['**/*.ts'],
    languageOptions: {
      parserOptions: { project: './tsconfig.json', tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // A promise nobody awaits loses its ordering and its rejection (an unhandled rejection ends the process).
      '@typescript-eslint/no-floating-promises': 'error',
      // An async function where a void callback is expected (emitters, timers, handlers) drops its errors.
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },

  // Import boundaries that encode the layers (STYLE.md, "Shape of the house"), lowest first:
  //   domain/    pure rules: node: built-ins and packages, nothing of ours outside domain/;
  //   merchant/  the Merchant API client: domain/ and lib/, nothing else of ours. config.ts and logger.ts are not
  //              "below" it: the client gets key, URLs, clock and logger as deps of its factory (STYLE.md habit 2);
  //   lib/       what every part needs (Redis scripts, stream consumers, the worker loop, the
  //              crash-point hooks): domain/ and nothing else of ours, so two features share plumbing without
  //              importing each other;
  //   orders/    the order lifecycle: it raises alerts through a port it declares (orders/alerts.ts) and writes
  //              the change stream (orders/changes.ts); it never imports notify/;
  //   notify/    the outbox, notices and alerts: above orders/, it reads their changes through orders/changes.ts;
  //   bot/, bulk/, schedules/, server/: the product; bot features and conversations call services, never Redis;
  //              bot/ sits below notify/ (notify/ uses the bot's callback data; the bot takes the alert port);
  //   app.ts     the composition root, imported by the entry points (main.ts, run-service.ts, demo.ts) only;
  //   sandbox/   stand-ins for the outside world: nothing outside sandbox/, domain/ included, so a stand-in
  //              follows the spec on its own and never shares a bug with the code it tests.
  // The rule matches the import text, so each pattern is relative to where the files sit today (directly in domain/
  // and merchant/, directly in lib/ and one level down, one level down in sandbox/); a new subfolder needs its own
  // block. Type-only imports count too; dynamic import() is not checked. test/lint-rules.test.ts proves every
  // pattern still matches.
  {
    files: ['src/domain/**/*.ts'],
    rules: boundary(
      '^\\.\\.(/|$)',
      'domain/ holds pure rules: only node: built-ins, packages and domain/ itself.',
    ),
  },
  {
    files: ['src/merchant/**/*.ts'],
    rules: boundary(
      '^\\.\\.(/(?!domain/|lib/)|$)',
      'merchant/ may import domain/ and lib/ only, nothing above it; take config and logger as factory deps.',
    ),
  },
  {
    files: ['src/accounts/**/*.ts'],
    rules: boundary(
      '^\\.\\.(/(?!domain/|lib/)|$)',
      'accounts/ (the credit ledger) may import domain/ and lib/ only; the bot and the orders use it, not the reverse.',
    ),
  },
  {
    files: ['src/lib/*.ts'],
    rules: boundary(
      '^\\.\\.(/(?!domain/)|$)',
      'lib/ is plumbing below every part: it may import domain/ only, nothing of the product.',
    ),
  },
  {
    files: ['src/lib/*/**/*.ts'],
    rules: boundary(
      '^\\.\\./\\.\\.(/(?!domain/)|$)',
      'lib/ is plumbing below every part: it may import domain/ only, nothing of the product.',
    ),
  },
  {
    files: ['src/sandbox/*/**/*.ts'],
    rules: boundary(
      '^\\.\\./\\.\\.(/|$)',
      'sandbox/ stands in for the outside world: it imports nothing of the product.',
    ),
  },
  {
    files: ['src/sandbox/*.ts'],
    rules: boundary(
      '^\\.\\.(/|$)',
      'sandbox/ stands in for the outside world: it imports nothing of the product.',
    ),
  },

  {
    files: ['src/orders/**/*.ts'],
    rules: boundary(
      '^(\\.\\./)+notify(/|$)',
      'orders/ sits below notify/: it raises alerts through its port (orders/alerts.ts) and never imports notify/.',
      NO_ROOT,
    ),
  },
  {
    files: ['src/{notify,bulk,schedules,server,receipts,render,jobs}/**/*.ts'],
    rules: boundary(...NO_ROOT),
  },
  {
    // Features read orders, stats and health through the order store's interface (orders/reads.ts), never
    // through its Redis key names, indexes and streams.
    files: ['src/bot/**/*.ts'],
    rules: boundary(
      BOT_READS_SERVICES,
      'bot/ reads the other parts through their services, never their key names (their keys.ts) or the order record.',
      NO_ROOT,
      NO_NOTIFY_IN_BOT,
    ),
  },
  {
    files: ['src/bot/features/**/*.ts', 'src/bot/conversations/**/*.ts'],
    rules: boundary(
      BOT_READS_SERVICES,
      'bot/ reads the other parts through their services, never their key names (their keys.ts) or the order record.',
      NO_ROOT,
      NO_NOTIFY_IN_BOT,
      NO_REDIS,
    ),
  },
  {
    // One home for key names: a part's keys are read in its keys.ts, and no two files can spell a name apart.
    files: ['src/**/*.ts'],
    ignores: ['src/**/keys.ts', 'src/lib/redis/keyspace.ts', 'src/sandbox/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['TemplateLiteral', "BinaryExpression[operator='+']"].flatMap((parent) => [
          { selector: `${parent} > Identifier[name='prefix']`, message: KEYS_AT_HOME },
          { selector: `${parent} > MemberExpression[property.name='prefix']`, message: KEYS_AT_HOME },
        ]),
      ],
    },
  },
  {
    // Small enough to read: a function fits a screen, a file a sitting (the sandbox's stand-ins aside).
    files: ['src/**/*.ts'],
    ignores: ['src/sandbox/**'],
    rules: {
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }],
      'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }],
    },
  },
  {
    files: ['test/**', 'bench/**', 'src/sandbox/**/cli.ts', 'src/demo.ts'],
    rules: { 'no-console': 'off' },
  },
);
