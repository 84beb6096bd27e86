import type { TranslationVars } from '../../lib/html.ts';
import type { Conversation } from '@grammyjs/conversations';
import type { Context } from 'grammy';
import { hashPin, isPinFormat, pinMatches, type PinStore } from '../../accounts/pin.ts';
import type { BaseContext, BotContext } from '../context.ts';
import type { Translate } from '../i18n.ts';
import { SECRET_WAIT } from './compact-replay.ts';
import { pinLockedText } from './top-up/pin.ts';

// `/pin` for a reseller: the current PIN when one is set, then the new one twice. Every message carrying a
// PIN is deleted right after it is read, and its text is kept redacted in the stored replay (SECRET_WAIT);
// the PIN is checked and hashed inside conversation.external, so only a verdict or a salted hash is recorded.

export const PIN_SETUP = 'pinSetup';
/** A set-up left alone this long ends: the next update is handled as if there were none. */
const PIN_SETUP_IDLE_MS = 15 * 60_000;

export interface PinSetupDeps {
  pins: Pick<PinStore, 'state' | 'check' | 'setHash'>;
  translate: Translate;
  defaultLocale: string;
}

type Conv = Conversation<BotContext, Context>;

/** Builds the PIN set-up conversation. */
export function createPinSetupConversation(deps: PinSetupDeps) {
  return async function pinSetup(conversation: Conv, ctx: Context): Promise<void> {
    const locale = await conversation.external(
      (outer: BaseContext) => outer.i18n?.getLocale() ?? deps.defaultLocale,
    );
    const t = (key: string, vars?: TranslationVars) => deps.translate(locale, key, vars);
    const userId = ctx.from!.id;
    const chatId = ctx.chat!.id;

    /** The next typed text (deleted from the chat at once), or 'cancel'. */
    const readPin = async (): Promise<string | 'cancel'> => {
      for (;;) {
        const c = await conversation.wait({ collationKey: SECRET_WAIT, maxMilliseconds: PIN_SETUP_IDLE_MS });
        const text = c.message?.text;
        if (text === undefined) {
          // Buttons of other messages (orders, alerts) are handled outside the flow.
          if (c.callbackQuery) await conversation.skip({ next: true });
          await c.reply(t('pin-setup-type-digits'));
          await conversation.skip({ next: false });
          continue;
        }
        if (text.startsWith('/')) {
          const command = text.slice(1).split(/[\s@]/)[0]?.toLowerCase();
          if (command === 'cancel') return 'cancel';
          // Any other command leaves the flow and is handled outside it.
          await conversation.halt({ next: true });
        }
        await ctx.api.deleteMessage(chatId, c.message!.message_id).catch(() => undefined);
        return text;
      }
    };
    const cancelled = () => ctx.reply(t('pin-setup-cancelled'));

    const state = await conversation.external(() => deps.pins.state(userId));
    if (state.lockedMs > 0) {
      await ctx.reply(pinLockedText(t, { ms: state.lockedMs, untilUnlock: state.untilUnlock }));
      return;
    }
    if (state.hasPin) {
      await ctx.reply(t('pin-setup-current'));
      for (;;) {
        const typed = await readPin();
        if (typed === 'cancel') return void (await cancelled());
        const verdict = await conversation.external(() => deps.pins.check(userId, typed));
        if (verdict.kind === 'ok' || verdict.kind === 'no-pin') break;
        if (verdict.kind === 'locked') {
          await ctx.reply(pinLockedText(t, verdict));
          return;
        }
        await ctx.reply(
          verdict.kind === 'wrong' ? t('pin-wrong', { tries: verdict.triesLeft }) : t('pin-format'),
        );
      }
    }

    await ctx.reply(t('pin-setup-new'));
    for (;;) {
      const first = await readPin();
      if (first === 'cancel') return void (await cancelled());
      const hashed = await conversation.external(async () =>
        isPinFormat(first) ? { ok: true as const, hash: await hashPin(first) } : { ok: false as const },
      );
      if (!hashed.ok) {
        await ctx.reply(t('pin-format'));
        continue;
      }
      await ctx.reply(t('pin-setup-repeat'));
      const second = await readPin();
      if (second === 'cancel') return void (await cancelled());
      const saved = await conversation.external(async () => {
        if (!(await pinMatches(second, hashed.hash))) return false;
        await deps.pins.setHash(userId, hashed.hash);
        return true;
      });
      if (saved) {
        await ctx.reply(t('pin-setup-done'));
        return;
      }
      await ctx.reply(t('pin-setup-mismatch'));
    }
  };
}
