// The environment variables that point the service at the local stand-ins: one place for the demo, the tests,
// the bench and the soak, so that none of them can drift from the others when a variable is added.

/** The credentials of a Merchant API sandbox (or any merchant account). */
export interface LocalMerchant {
  merchantId: string;
  apiKey: string;
  webhookSecrets: readonly string[];
}

/** The Telegram and Merchant API variables for a bot token on a Bot API root and a sandbox. */
export function localServiceEnv(parts: {
  botToken: string;
  apiRoot: string;
  merchant: LocalMerchant;
  /** The sandbox's address up to and including `/api/v1`. */
  baseUrl: string;
  redisUrl: string;
}): Record<string, string> {
  return {
    BOT_TOKEN: parts.botToken,
    TELEGRAM_API_ROOT: parts.apiRoot,
    MERCHANT_API_BASE_URL: parts.baseUrl,
    MERCHANT_ID: parts.merchant.merchantId,
    MERCHANT_API_KEY: parts.merchant.apiKey,
    // A sandbox told to sign nothing still needs a value: the service refuses to start without one.
    MERCHANT_WEBHOOK_SECRETS: parts.merchant.webhookSecrets.join(',') || 'unused-secret',
    REDIS_URL: parts.redisUrl,
  };
}
