/**
 * `npm run sandbox`: the Merchant API sandbox alone. Prints the four lines a bot's .env needs on stdout
 * (and nothing else there, so `npm run -s sandbox > .env.sandbox` works); notes go to stderr.
 *
 * Environment: SANDBOX_PORT (default 8090), SANDBOX_HOST (default 127.0.0.1), SANDBOX_WEBHOOK_URL (one URL or a
 * comma-separated list; each target gets its own secret), SANDBOX_TIME_SCALE (default 1), SANDBOX_SEED.
 */
import { createMerchantSandbox, renderMagicTable } from './index.ts';

function fail(message: string): never {
  console.error(`sandbox: ${message}`);
  process.exit(1);
}

const port = Number(process.env.SANDBOX_PORT ?? '8090');
if (!Number.isInteger(port) || port < 0 || port > 65535) fail('SANDBOX_PORT must be a port number');
const host = process.env.SANDBOX_HOST ?? '127.0.0.1';
const timeScale = Number(process.env.SANDBOX_TIME_SCALE ?? '1');
if (!Number.isFinite(timeScale) || timeScale <= 0) fail('SANDBOX_TIME_SCALE must be a number above 0');
const seed = Number(process.env.SANDBOX_SEED ?? '1');
if (!Number.isInteger(seed)) fail('SANDBOX_SEED must be an integer');
const webhookUrls = (process.env.SANDBOX_WEBHOOK_URL ?? '')
  .split(',')
  .map((url) => url.trim())
  .filter((url) => url !== '');
for (const url of webhookUrls) if (!/^https?:\/\/[^\s]+$/.test(url)) fail(`not an http(s) URL: ${url}`);

const sandbox = createMerchantSandbox({ timeScale, seed, webhooks: webhookUrls.map((url) => ({ url })) });
const address = await sandbox.listen(port, host).catch((error: Error) => fail(error.message));

console.log(`MERCHANT_API_BASE_URL=${address.baseUrl}`);
console.log(`MERCHANT_ID=${sandbox.merchantId}`);
console.log(`MERCHANT_API_KEY=${sandbox.apiKey}`);
console.log(`MERCHANT_WEBHOOK_SECRETS=${sandbox.webhookSecrets.join(',')}`);

console.error(`# Merchant API sandbox on ${address.baseUrl} (time scale ${timeScale})`);
console.error(`# control API: ${address.controlUrl}/state`);
console.error(
  webhookUrls.length > 0
    ? `# webhooks to: ${webhookUrls.join(', ')}`
    : '# no webhook target (set SANDBOX_WEBHOOK_URL, or POST /_sandbox/webhooks)',
);
console.error(`# magic phone-number endings:\n${renderMagicTable('markdown')}`);

let stopping = false;
const stop = (signal: string): void => {
  if (stopping) return;
  stopping = true;
  console.error(`# ${signal}: stopping`);
  sandbox.close().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error('sandbox: close failed', error);
      process.exit(1);
    },
  );
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
