import type { TranslationVars } from '../../lib/html.ts';
import { Composer, InputFile, type Api } from 'grammy';
import { BULK_MAX_BYTES, bulkTemplate } from '../../domain/bulk-csv.ts';
import type { BulkTelegram } from '../../bulk/line-jobs.ts';
import type { BulkRuns, StartResult } from '../../bulk/runs.ts';
import { formatMoney } from '../../domain/money.ts';
import { progressText, summaryText } from '../../bulk/texts.ts';
import type { Translate } from '../../orders/texts.ts';
import type { MessageQueue } from '../../lib/telegram/outbox-message.ts';
import {
  BULK_DATA,
  BULK_PIN_CANCEL,
  bulkPinData,
  parseBulkData,
  parseBulkPinData,
} from '../callback-data/bulk.ts';
import { lockMinutes } from '../conversations/top-up/pin.ts';
import { pinKeypad } from '../keyboards/pin-keypad.ts';
import type { BotContext } from '../context.ts';
import { progressKeyboard, summaryKeyboard } from '../keyboards/bulk.ts';
import { readInLine, type ReadLine } from '../read-in-line.ts';
import type { Downloaded, FileDownload } from '../file-download.ts';
import { requireRole } from './access.ts';

export interface BulkFeatureDeps {
  bulk: Pick<BulkRuns, 'prepare' | 'start' | 'drop' | 'control' | 'progress'>;
  /** The bytes of a file the user sent, or `too-large` past `maxBytes`, whatever size it was told (file-download.ts). */
  download: FileDownload;
  /** The shared line's chat side: the estimate's quotes show their place in it. */
  line: ReadLine;
}

const HTML = { parse_mode: 'HTML' as const };

/**
 * `/bulk`: explains the CSV format and sends a template; a CSV document from a reseller or an admin is
 * checked and summed up with ✅/❌; ✅ starts the run (bulk/runs.ts) and the summary becomes its one progress
 * message, with ⏸/▶️ and ⏹.
 */
export function createBulkFeature(deps: BulkFeatureDeps) {
  const composer = new Composer<BotContext>();

  composer.command('bulk', requireRole('bulk'), async (ctx) => {
    await ctx.reply(ctx.t('bulk-help'), HTML);
    await ctx.replyWithDocument(new InputFile(Buffer.from(bulkTemplate(), 'utf8'), 'bulk-template.csv'), {
      caption: ctx.t('bulk-template-caption'),
    });
  });

  composer.use(checkUploads(deps), runButtons(deps.bulk));

  return composer;
}

/** A CSV document: downloaded, checked (the estimate's quotes in the shared line) and summed up with ✅/❌. */
function checkUploads(deps: BulkFeatureDeps): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  composer.on('message:document', requireRole('bulk'), async (ctx) => {
    const document = ctx.message.document;
    const locale = await ctx.i18n.getLocale();
    if ((document.file_size ?? 0) > BULK_MAX_BYTES) {
      await ctx.reply(ctx.t('bulk-file-too-large'));
      return;
    }
    const checking = await ctx.reply(ctx.t('bulk-checking'));
    let downloaded: Downloaded;
    try {
      downloaded = await deps.download(document.file_id, BULK_MAX_BYTES);
    } catch {
      await ctx.api.editMessageText(ctx.chat.id, checking.message_id, ctx.t('bulk-download-failed'));
      return;
    }
    if (downloaded.kind === 'too-large') {
      await ctx.api.editMessageText(ctx.chat.id, checking.message_id, ctx.t('bulk-file-too-large'));
      return;
    }
    const bytes = downloaded.bytes;
    // The estimate's quotes wait their turn in the shared line, showing their place.
    const { result } = await readInLine(ctx, deps.line, (line) =>
      deps.bulk.prepare({
        userId: ctx.from.id,
        chatId: ctx.chat.id,
        locale,
        role: ctx.role === 'admin' ? 'admin' : 'reseller',
        bytes,
        ...(line === undefined ? {} : { line }),
      }),
    );
    if (result.kind === 'left') {
      await ctx.api.editMessageText(ctx.chat.id, checking.message_id, ctx.t('bulk-dropped'));
      return;
    }
    if (result.kind === 'refused') {
      await ctx.api.editMessageText(ctx.chat.id, checking.message_id, ctx.t(`bulk-file-${result.problem}`));
      return;
    }
    const t = (key: string, vars?: TranslationVars) => ctx.t(key, vars);
    const text = summaryText((_l, key, vars) => t(key, vars), locale, result.view);
    await ctx.api.editMessageText(ctx.chat.id, checking.message_id, text, {
      ...HTML,
      ...(result.view.valid > 0 ? { reply_markup: summaryKeyboard(t, result.view.runId) } : {}),
    });
  });

  return composer;
}

/** ✅/❌ under a summary, ⏸/▶️/⏹ under a run's progress, and the PIN keypad ✅ may ask for. */
function runButtons(bulk: BulkFeatureDeps['bulk']): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  composer.callbackQuery(BULK_DATA, requireRole('bulk'), async (ctx) => {
    const message = ctx.callbackQuery.message;
    const keypad = parseBulkPinData(ctx.callbackQuery.data);
    if (keypad !== undefined && message !== undefined) {
      await pinPressed(bulk, ctx, keypad.runId, keypad.press, message.message_id);
      return;
    }
    const pressed = parseBulkData(ctx.callbackQuery.data);
    if (pressed === undefined || message === undefined) {
      await ctx.answerCallbackQuery({ text: ctx.t('bulk-gone') });
      return;
    }
    const userId = ctx.from.id;
    const { action, runId } = pressed;
    if (action === 'drop') {
      const dropped = await bulk.drop(runId, userId);
      await ctx.answerCallbackQuery(dropped === 'ok' ? {} : { text: ctx.t('bulk-gone') });
      if (dropped === 'ok') await ctx.editMessageText(ctx.t('bulk-dropped'));
      return;
    }
    if (action === 'start') {
      await started(bulk, ctx, runId, await bulk.start(runId, userId, message.message_id));
      return;
    }
    // The service edits the progress message itself on a change (so a replica's worker and this agree).
    const changed = await bulk.control(runId, userId, action);
    await ctx.answerCallbackQuery(
      changed === 'ok' ? { text: ctx.t(`bulk-${action}-done`) } : { text: ctx.t('bulk-gone') },
    );
  });

  return composer;
}

/** A key of the PIN keypad asked at ✅: the entry is shown as dots; OK tries the PIN and starts the run. */
async function pinPressed(
  bulk: BulkFeatureDeps['bulk'],
  ctx: BotContext & { callbackQuery: object },
  runId: string,
  press: { kind: 'entry' | 'submit'; entry: string } | { kind: 'cancel' },
  keypadId: number,
): Promise<void> {
  const chatId = ctx.chat!.id;
  const remove = () => ctx.api.deleteMessage(chatId, keypadId).catch(() => undefined);
  if (press.kind === 'cancel') {
    await ctx.answerCallbackQuery();
    await remove();
    return;
  }
  if (press.kind === 'entry') {
    await ctx.answerCallbackQuery();
    await ctx
      .editMessageText(pinPrompt(ctx, press.entry), { reply_markup: bulkKeypad(ctx, runId, press.entry) })
      .catch(() => undefined);
    return;
  }
  const result = await bulk.start(runId, ctx.from!.id, keypadId, press.entry);
  if (result.kind === 'pin' && result.verdict.kind !== 'locked' && result.verdict.kind !== 'no-pin') {
    await ctx.answerCallbackQuery();
    const note =
      result.verdict.kind === 'wrong'
        ? ctx.t('pin-wrong', { tries: result.verdict.triesLeft })
        : ctx.t('pin-format');
    await ctx
      .editMessageText(`${pinPrompt(ctx, '')}\n\n${note}`, { reply_markup: bulkKeypad(ctx, runId, '') })
      .catch(() => undefined);
    return;
  }
  await remove();
  await started(bulk, ctx, runId, result);
}

/** Answers ✅ (or the keypad's OK): the progress message once started, else why not. */
async function started(
  bulk: BulkFeatureDeps['bulk'],
  ctx: BotContext & { callbackQuery: object },
  runId: string,
  result: StartResult,
): Promise<void> {
  const refusal = startRefusal(ctx, result);
  if (refusal !== undefined) {
    await ctx.answerCallbackQuery(refusal.toast === undefined ? {} : { text: refusal.toast });
    if (refusal.say !== undefined) await ctx.reply(refusal.say, HTML);
    return;
  }
  if (result.kind === 'pin-ask') {
    await ctx.answerCallbackQuery();
    await ctx.reply(pinPrompt(ctx, '', result), { reply_markup: bulkKeypad(ctx, runId, '') });
    return;
  }
  await ctx.answerCallbackQuery({ text: ctx.t('bulk-started') });
  const now = await bulk.progress(runId);
  if (now === null || now.run.messageId === undefined) return;
  const locale = await ctx.i18n.getLocale();
  const markup = progressKeyboard((key) => ctx.t(key), runId, now.run.state);
  await ctx.api
    .editMessageText(ctx.chat!.id, now.run.messageId, progressText(translateOf(ctx), locale, now.view), {
      ...HTML,
      ...(markup ? { reply_markup: markup } : {}),
    })
    .catch(() => undefined);
}

/** Why ✅ did not start the run (a toast, and a message when there is more to say), or undefined when it did. */
function startRefusal(ctx: BotContext, result: StartResult): { toast?: string; say?: string } | undefined {
  switch (result.kind) {
    case 'ok':
    case 'pin-ask':
      return undefined;
    // A second tap on a run already started changes nothing and needs no words.
    case 'running':
    case 'paused':
      return {};
    case 'role-changed':
      return { toast: ctx.t('bulk-gone'), say: ctx.t('bulk-role-changed') };
    case 'pin-not-set':
      return { say: ctx.t('pin-not-set') };
    case 'pin-locked':
      return { say: ctx.t('pin-locked', { minutes: lockMinutes(result.ms) }) };
    case 'pin':
      return result.verdict.kind === 'locked'
        ? { say: ctx.t('pin-locked', { minutes: lockMinutes(result.verdict.ms) }) }
        : result.verdict.kind === 'no-pin'
          ? { say: ctx.t('pin-not-set') }
          : {};
    default:
      return { toast: ctx.t('bulk-gone') };
  }
}

/** The PIN prompt of a run (its estimated cost when known) with the entry so far as dots. */
function pinPrompt(
  ctx: BotContext,
  entry: string,
  cost?: { cost: string | undefined; currency: string | undefined },
): string {
  const head =
    cost?.cost !== undefined && cost.currency !== undefined
      ? ctx.t('bulk-pin-ask', { cost: formatMoney(cost.cost, cost.currency) })
      : ctx.t('bulk-pin-ask-unknown');
  return `${head}\n\n${entry === '' ? '—' : '•'.repeat(entry.length)}`;
}

/** The keypad under a run's PIN prompt. */
function bulkKeypad(ctx: BotContext, runId: string, entry: string) {
  return pinKeypad(entry, (action) => bulkPinData(runId, action), {
    ok: ctx.t('button-pin-ok'),
    cancel: ctx.t('button-pin-cancel'),
    cancelAction: BULK_PIN_CANCEL,
  });
}

function translateOf(ctx: BotContext): Translate {
  return (_locale, key, vars) => ctx.t(key, vars);
}

/**
 * Edits a run's progress message through the Bot API (an edit repeated changes nothing), and queues its report in
 * the outbox under the run's key, so a run reported again (a job run again after a crash) sends it once.
 */
export function createBulkTelegram(api: Api, t: Translate, outbox: MessageQueue): BulkTelegram {
  return {
    async editProgress(run, view) {
      if (run.messageId === undefined) return;
      const label = (key: string) => t(run.meta.locale, key);
      const markup = progressKeyboard(label, run.meta.runId, view.state);
      try {
        await api.editMessageText(run.meta.chatId, run.messageId, progressText(t, run.meta.locale, view), {
          ...HTML,
          ...(markup ? { reply_markup: markup } : {}),
        });
      } catch (error) {
        // The same figures again: nothing to change.
        if (error instanceof Error && /message is not modified/i.test(error.message)) return;
        throw error;
      }
    },
    async sendReport(run, csv, view) {
      const day = run.meta.createdAt.slice(0, 10);
      await outbox.enqueue(
        {
          kind: 'document',
          chatId: run.meta.chatId,
          fileName: `bulk-report-${day}-${run.meta.runId}.csv`,
          fileText: csv,
          // A translation is HTML already, like every text the outbox sends.
          caption: t(run.meta.locale, 'bulk-report-caption', {
            placed: view.placed,
            failed: view.failed,
            skipped: view.skipped,
          }),
          ...(run.messageId === undefined ? {} : { replyTo: run.messageId }),
        },
        { key: `bulk-report:${run.meta.runId}` },
      );
    },
  };
}
