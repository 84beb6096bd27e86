// The Telegram Bot API stand-in: a local server for tests and the demo. See server.ts.

export { createTelegramStandIn, DEFAULT_PAGE_USERS, DEFAULT_TOKEN } from './server.ts';
export type { TelegramStandIn, TelegramStandInOptions } from './server.ts';
export type { StandInGroup, StandInUser, UserSummary } from './driver.ts';
export type { ChatSnapshot } from './control.ts';
export type * from './types.ts';
