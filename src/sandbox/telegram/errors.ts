// Errors answered to the bot exactly as the Bot API answers them:
// {"ok":false,"error_code":N,"description":"…","parameters":{…}}.

export interface ResponseParameters {
  retry_after?: number;
  migrate_to_chat_id?: number;
}

export class BotApiError extends Error {
  readonly kind = 'bot-api-error' as const;
  readonly errorCode: number;
  readonly description: string;
  readonly parameters: ResponseParameters | undefined;

  constructor(errorCode: number, description: string, parameters?: ResponseParameters) {
    super(description);
    this.name = 'BotApiError';
    this.errorCode = errorCode;
    this.description = description;
    this.parameters = parameters;
  }

  toJSON(): Record<string, unknown> {
    const body: Record<string, unknown> = {
      ok: false,
      error_code: this.errorCode,
      description: this.description,
    };
    if (this.parameters !== undefined) body['parameters'] = this.parameters;
    return body;
  }
}

export const badRequest = (what: string): BotApiError => new BotApiError(400, `Bad Request: ${what}`);
export const forbidden = (what: string): BotApiError => new BotApiError(403, `Forbidden: ${what}`);
export const conflict = (what: string): BotApiError => new BotApiError(409, `Conflict: ${what}`);
export const tooManyRequests = (retryAfter: number): BotApiError =>
  new BotApiError(429, `Too Many Requests: retry after ${retryAfter}`, { retry_after: retryAfter });
export const unauthorized = (): BotApiError => new BotApiError(401, 'Unauthorized');
export const notFound = (): BotApiError => new BotApiError(404, 'Not Found');

/** Errors of the driver and the control API: a test asked for something a user cannot do. */
export class StandInUsageError extends Error {
  readonly kind = 'stand-in-usage' as const;
  constructor(message: string) {
    super(message);
    this.name = 'StandInUsageError';
  }
}
