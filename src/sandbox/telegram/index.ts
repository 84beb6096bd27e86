// The Telegram Bot API stand-in: a local server for tests and the demo. See server.ts.

export { createTelegramStandIn, DEFAULT_PAGE_USERS, DEFAULT_TOKEN } from './server.ts';
export type { ListeningAddress, TelegramStandIn, TelegramStandInOptions } from './server.ts';
export { DEFAULT_WAIT_MS } from './driver.ts';
export type {
  OpenedLink,
  StandInDriver,
  StandInGroup,
  StandInUser,
  Truthy,
  UserSummary,
  WaitOptions,
} from './driver.ts';
export type {
  ButtonMatcher,
  PressedButton,
  SendContactOptions,
  SendTextOptions,
  SentMessage,
} from './actions.ts';
export type { ChatSnapshot } from './control.ts';
export { BotApiError, StandInUsageError } from './errors.ts';
export type { FaultSpec, GroupInit, StandInUserInit } from './world.ts';
export type * from './types.ts';
