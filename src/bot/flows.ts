import {
  conversations,
  createConversation,
  type ConversationData,
  type VersionedState,
} from '@grammyjs/conversations';
import type { Bot, Context } from 'grammy';
import type { Redis } from 'ioredis';
import type { TranslationVars } from '../lib/html.ts';
import type { PinGate } from '../accounts/pin.ts';
import { createPinPasses, pinGateOfUpdates } from '../accounts/pin-pass.ts';
import type { Locale } from '../config.ts';
import type { ReceiptProfiles } from '../receipts/profile.ts';
import type { Schedules } from '../schedules/schedules.ts';
import { flowApi } from './bot-api.ts';
import type { BotContext } from './context.ts';
import { compactingAdapter } from './conversations/compact-replay.ts';
import { keepStepOnBotApiFailure } from './conversations/keep-step.ts';
import { PIN_SETUP, createPinSetupConversation, type PinSetupDeps } from './conversations/pin-setup.ts';
import { SCHEDULE, createScheduleConversation } from './conversations/schedule.ts';
import { TOP_UP, TOP_UP_VERSION, createTopUpConversation, type TopUpDeps } from './conversations/top-up.ts';
import { matchLocale } from './i18n.ts';
import type { IdleFlows } from './idle-flows.ts';
import type { RedisStorage } from './redis-storage.ts';

/** What the conversations need (a part of BotDeps). */
export interface FlowsDeps {
  redis: Redis;
  prefix: string;
  defaultLocale: Locale;
  /** The flows' world; their PIN tries are tied to the update that carried them here (accounts/pin-pass.ts). */
  topUp: Omit<TopUpDeps, 'translate' | 'defaultLocale' | 'idleMs' | 'pins'> & {
    pins: Pick<PinGate, 'need' | 'check'>;
  };
  schedules: {
    service: Pick<Schedules, 'create' | 'list' | 'get' | 'pause' | 'resume' | 'remove'>;
    now(): number;
  };
  receiptProfiles: Pick<ReceiptProfiles, 'get'>;
  pins: { store: PinSetupDeps['pins'] };
}

/** The conversations (top-up, schedule, PIN set-up), their storage and their idle endings. */
export function useFlows(
  bot: Bot<BotContext>,
  deps: FlowsDeps,
  parts: {
    flows: RedisStorage<Buffer>;
    idle: IdleFlows;
    translate: (locale: string, key: string, vars?: TranslationVars) => string;
    idleMs: number;
    /** The language a chat chose (/language), if any. */
    chosenLocale: (chatId: number) => Promise<string | undefined>;
  },
): void {
  const { idle, translate } = parts;
  const flowDeps = {
    ...deps.topUp,
    pins: pinGateOfUpdates(deps.topUp.pins, createPinPasses(deps.redis, deps.prefix)),
    translate,
    defaultLocale: deps.defaultLocale,
    idleMs: parts.idleMs,
  };
  bot.use(
    conversations<BotContext, Context>({
      storage: {
        type: 'key',
        version: TOP_UP_VERSION,
        prefix: '',
        getStorageKey: (ctx) => ctx.chatId?.toString(),
        adapter: compactingAdapter<VersionedState<ConversationData>>(parts.flows),
      },
      // Idle top-ups end by their idle job (idle-flows.ts); the PIN set-up ends itself (PIN_SETUP_IDLE_MS).
      onEnter: async (id, ctx) => {
        if ((id === TOP_UP || id === SCHEDULE) && ctx.chatId !== undefined) await idle.touch(ctx.chatId);
      },
      onExit: async (_id, ctx) => {
        if (ctx.chatId !== undefined) await idle.forget(ctx.chatId);
      },
    }),
  );
  // A flow whose step failed for good says so in the chat's language.
  const ended = async (ctx: Context) => {
    if (ctx.chatId === undefined) return;
    const chosen = await parts.chosenLocale(ctx.chatId);
    const locale = chosen ?? matchLocale(ctx.from?.language_code) ?? deps.defaultLocale;
    await ctx.reply(translate(locale, 'top-up-error-ended'));
  };
  const schedules = deps.schedules;
  bot.use(
    createConversation<BotContext, Context>(
      keepStepOnBotApiFailure(createTopUpConversation(flowDeps), ended),
      { id: TOP_UP, plugins: [flowApi] },
    ),
  );
  bot.use(
    createConversation<BotContext, Context>(
      keepStepOnBotApiFailure(
        createScheduleConversation(flowDeps, {
          schedules: schedules.service,
          now: () => schedules.now(),
          zoneOf: async (userId) => (await deps.receiptProfiles.get(userId)).timeZone ?? 'UTC',
        }),
        ended,
      ),
      { id: SCHEDULE, plugins: [flowApi] },
    ),
  );
  bot.use(
    createConversation<BotContext, Context>(
      createPinSetupConversation({ pins: deps.pins.store, translate, defaultLocale: deps.defaultLocale }),
      { id: PIN_SETUP, plugins: [flowApi] },
    ),
  );
}
