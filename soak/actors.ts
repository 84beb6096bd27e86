// Simulated people: resellers who top up (guided and one-line), double-tap, cancel, send garbage, share
// contacts and press stale or forged buttons; resellers who send small bulk CSV files; agents who read orders;
// a stranger. All choices come from the seeded generator; every action is written to the action log for replay.
// Who plays which part is a list of actor kinds (ACTORS below; world.ts casts the people).
import { parsePhone } from '../src/domain/phone.ts';
import { COUNTRIES } from '../src/sandbox/merchant/catalogue.ts';
import type { ChatMessage, StandInUser, TelegramStandIn } from '../src/sandbox/telegram/index.ts';
import type { Rng } from './rng.ts';

export interface ActionLog {
  (entry: Record<string, unknown>): void;
}

export interface ActorContext {
  standIn: TelegramStandIn;
  rng: Rng;
  log: ActionLog;
  /** False once the run's active phase is over. */
  running(): boolean;
  /** Merchant order numbers seen so far (for agents' /status). */
  knownNumbers: Set<string>;
}

/** Countries the resellers use (names as typed, codes as typed). */
const SOLD = ['NG', 'KE', 'GH', 'IN', 'PH', 'MX'] as const;

const MAGIC = ['1111', '2222', '3333', '4444', '5555', '6666', '7777', '8888'];

const GARBAGE = [
  'hello?',
  '💸💸💸',
  '1e3',
  '-500',
  '١٢٣',
  '\u200f500\u200e',
  '0',
  '99999999999999999999999999999999999999999999',
  '+0000000',
  'DROP TABLE orders;',
  '/unknowncommand',
  '/topup +999 12',
  '/topup 1e9 1e9',
  '/status',
  '/orders',
];

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A valid mobile number of the country with random subscriber digits, often a magic ending. */
export function phoneFor(country: string, rng: Rng): string {
  const sample = COUNTRIES.find((c) => c.code === country)?.sampleNumber ?? '2348031234567';
  for (let attempt = 0; attempt < 20; attempt++) {
    const keep = sample.length - 6;
    let digits = sample.slice(0, keep);
    digits += String(rng.int(10, 99));
    digits += rng.chance(0.45) ? rng.pick(MAGIC) : String(rng.int(0, 9999)).padStart(4, '0');
    if (parsePhone(`+${digits}`, country).ok) return digits;
  }
  return sample;
}

type Step =
  | 'country'
  | 'several'
  | 'operator'
  | 'subtype'
  | 'currency'
  | 'amount'
  | 'phone'
  | 'quote'
  | 'retry'
  | 'done';

/** Which step a bot message asks for, if it is a prompt. */
function stepOf(message: ChatMessage): Step | undefined {
  const text = message.text;
  if (text.startsWith('🌍 Which country')) return 'country';
  if (text.startsWith('Several ')) return 'several';
  if (text.startsWith('📶 Which operator')) return 'operator';
  if (text.startsWith('What do you want to buy')) return 'subtype';
  if (text.includes('sells in more than one currency')) return 'currency';
  if (text.startsWith('💵 How much')) return 'amount';
  if (text.startsWith('📱 Send the phone number')) return 'phone';
  if (
    text.startsWith('Please check this top-up') &&
    message.buttons.flat().some((b) => b.text.includes('✅'))
  )
    return 'quote';
  if (message.buttons.flat().some((b) => b.text.includes('Try again'))) return 'retry';
  if (
    message.buttons.flat().some((b) => b.text.includes('Same number')) ||
    text.startsWith('Top-up cancelled') ||
    text.startsWith('Nothing to cancel') ||
    text.includes('was refused') ||
    text.includes('was not placed') ||
    text.startsWith('⚠️ Something went wrong') ||
    text.startsWith('Sorry, you may not') ||
    text.startsWith('I did not understand')
  )
    return 'done';
  return undefined;
}

/** Waits until the chat has been still for `stillMs` (new messages and edits), at most `maxMs`. */
async function settle(user: StandInUser, stillMs: number, maxMs: number): Promise<void> {
  const signature = () =>
    user
      .chat()
      .map((m) => `${m.id}:${m.editDate ?? 0}:${m.text.length}`)
      .join('|');
  const started = Date.now();
  let last = signature();
  let stillSince = Date.now();
  while (Date.now() - started < maxMs) {
    await sleep(100);
    const now = signature();
    if (now !== last) {
      last = now;
      stillSince = Date.now();
    } else if (Date.now() - stillSince >= stillMs) {
      return;
    }
  }
}

/** The latest prompt of the chat after message `after`, or undefined. */
function currentPrompt(user: StandInUser, after: number): { step: Step; message: ChatMessage } | undefined {
  const chat = user.chat();
  for (let i = chat.length - 1; i >= 0; i--) {
    const m = chat[i]!;
    if (m.id <= after) break;
    if (m.from !== 'bot') continue;
    const step = stepOf(m);
    if (step !== undefined) return { step, message: m };
  }
  return undefined;
}

const choiceButtons = (message: ChatMessage) =>
  message.buttons
    .flat()
    .filter(
      (b) =>
        b.data !== undefined &&
        !/Back|Cancel|Next|Previous|Try again|✅|❌/.test(b.text) &&
        !b.data.endsWith(':cancel') &&
        !b.data.endsWith(':back'),
    );

function safely(user: StandInUser, log: ActionLog, what: string, act: () => unknown): void {
  try {
    act();
  } catch (error) {
    // A message edited away or a button gone between reading and pressing: what a real person meets too.
    log({ user: user.id, what, skipped: (error as Error).message.slice(0, 120) });
  }
}

/** Presses a button on an older bot message (stale), or forged callback data. */
function pressSomethingOld(user: StandInUser, rng: Rng, log: ActionLog): void {
  const withButtons = user.chat().filter((m) => m.from === 'bot' && m.buttons.length > 0);
  if (withButtons.length > 0 && rng.chance(0.7)) {
    const message = rng.pick(withButtons);
    const button = rng.pick(message.buttons.flat());
    if (button.data !== undefined) {
      log({ user: user.id, what: 'stale-press', message: message.id, data: button.data });
      safely(user, log, 'stale-press', () => user.pressData(message.id, button.data!));
    }
    return;
  }
  const any = user.chat().filter((m) => m.from === 'bot');
  if (any.length === 0) return;
  const message = rng.pick(any);
  const data = rng.pick([
    `t:${rng.int(0, 99)}:${rng.int(0, 20)}:ok`,
    't:x:y:ok',
    `rp:s:X${rng.int(0, 999)}`,
    `ord:open:${rng.int(0, 1e6)}`,
    `ord:requote:${rng.int(0, 1e6)}`,
    'lang:xx',
    'a'.repeat(64),
  ]);
  log({ user: user.id, what: 'forged-press', message: message.id, data });
  safely(user, log, 'forged-press', () => user.pressData(message.id, data));
}

/** One top-up attempt by a reseller, guided or one-line, with the mischief of the run. */
async function topUpEpisode(user: StandInUser, ctx: ActorContext, rng: Rng): Promise<void> {
  const { log } = ctx;
  const country = rng.pick(SOLD);
  const countryName = COUNTRIES.find((c) => c.code === country)?.name ?? 'Nigeria';
  const start = user.chat().at(-1)?.id ?? 0;
  if (rng.chance(0.3)) {
    const phone = phoneFor(country, rng);
    const amount = rng.pick(['500', '100', '1000', '50', '20', '10', '200']);
    const form = rng.chance(0.5) ? `+${phone}` : phone;
    log({ user: user.id, what: 'one-line', phone: form, amount });
    safely(user, log, 'one-line', () => user.sendCommand(`/topup ${form} ${amount}`));
  } else {
    log({ user: user.id, what: 'topup' });
    safely(user, log, 'topup', () => user.sendCommand('/topup'));
  }
  let lastPrompt = 0;
  let sameCount = 0;
  for (let turn = 0; turn < 14 && ctx.running(); turn++) {
    await settle(user, 600, 20_000);
    const prompt = currentPrompt(user, start);
    if (prompt === undefined) {
      if (turn > 3) return;
      continue;
    }
    if (prompt.message.id === lastPrompt && prompt.step !== 'amount' && prompt.step !== 'phone') {
      sameCount += 1;
      if (sameCount > 3) return;
    } else {
      sameCount = 0;
    }
    lastPrompt = prompt.message.id;
    const message = prompt.message;

    // Mischief at any step.
    const roll = rng.next();
    if (roll < 0.02) {
      log({ user: user.id, what: 'cancel', step: prompt.step });
      safely(user, log, 'cancel', () => user.sendCommand('/cancel'));
      return;
    }
    if (roll < 0.05) {
      pressSomethingOld(user, rng, log);
      continue;
    }
    if (roll < 0.08) {
      const text = rng.pick(GARBAGE);
      log({ user: user.id, what: 'garbage', text });
      safely(user, log, 'garbage', () =>
        text.startsWith('/') ? user.sendCommand(text) : user.sendText(text),
      );
      continue;
    }

    switch (prompt.step) {
      case 'done':
        return;
      case 'country': {
        const choices = choiceButtons(message);
        if (choices.length > 0 && rng.chance(0.3)) {
          const b = rng.pick(choices);
          log({ user: user.id, what: 'press', step: 'country', data: b.data });
          safely(user, log, 'press', () => user.pressData(message.id, b.data!));
        } else {
          const typed = rng.chance(0.5) ? countryName : country;
          log({ user: user.id, what: 'text', step: 'country', text: typed });
          safely(user, log, 'text', () => user.sendText(typed));
        }
        break;
      }
      case 'several':
      case 'operator':
      case 'subtype':
      case 'currency': {
        const choices = choiceButtons(message);
        if (choices.length === 0) return;
        const b = rng.pick(choices);
        log({ user: user.id, what: 'press', step: prompt.step, data: b.data });
        safely(user, log, 'press', () => user.pressData(message.id, b.data!));
        break;
      }
      case 'amount': {
        const choices = choiceButtons(message);
        const range = /between ([\d,.]+) and ([\d,.]+)/.exec(message.text);
        if (choices.length > 0 && (range === null || rng.chance(0.5))) {
          const b = rng.pick(choices);
          log({ user: user.id, what: 'press', step: 'amount', data: b.data });
          safely(user, log, 'press', () => user.pressData(message.id, b.data!));
        } else {
          const min = Number((range?.[1] ?? '100').replace(/,/g, ''));
          const max = Number((range?.[2] ?? '1000').replace(/,/g, ''));
          // Most top-ups are a popular amount, so several resellers buy the same product on one shared quote.
          const popular = rng.pick([500, 1000]);
          const amount = String(
            rng.chance(0.6) && popular >= min && popular <= max
              ? popular
              : Math.max(min, Math.min(max, Math.round(min + rng.next() * (max - min)))),
          );
          const typed = rng.chance(0.15) ? rng.pick(['abc', '-5', '1e3', '0', '٥٠٠', '1,000']) : amount;
          log({ user: user.id, what: 'text', step: 'amount', text: typed });
          safely(user, log, 'text', () => user.sendText(typed));
        }
        break;
      }
      case 'phone': {
        const named = COUNTRIES.find((c) => message.text.includes(` in ${c.name}`))?.code ?? country;
        const phone = phoneFor(named, rng);
        const r = rng.next();
        if (r < 0.15) {
          log({ user: user.id, what: 'contact', phone });
          safely(user, log, 'contact', () => user.sendContact(phone));
        } else if (r < 0.22) {
          const wrong = phoneFor(named === 'NG' ? 'KE' : 'NG', rng);
          log({ user: user.id, what: 'text', step: 'phone', text: `+${wrong}` });
          safely(user, log, 'text', () => user.sendText(`+${wrong}`));
        } else {
          const typed = rng.chance(0.5) ? `+${phone}` : phone;
          log({ user: user.id, what: 'text', step: 'phone', text: typed });
          safely(user, log, 'text', () => user.sendText(typed));
        }
        break;
      }
      case 'quote': {
        const r = rng.next();
        if (r < 0.78) {
          log({ user: user.id, what: 'confirm', message: message.id });
          safely(user, log, 'confirm', () => user.press(message, /✅/));
        } else if (r < 0.9) {
          log({ user: user.id, what: 'double-confirm', message: message.id });
          safely(user, log, 'confirm', () => user.press(message, /✅/));
          safely(user, log, 'confirm', () => user.press(message, /✅/));
        } else if (r < 0.96) {
          log({ user: user.id, what: 'reject', message: message.id });
          safely(user, log, 'reject', () => user.press(message, /❌/));
        } else {
          log({ user: user.id, what: 'abandon-quote', message: message.id });
          return;
        }
        break;
      }
      case 'retry': {
        const b = message.buttons.flat().find((x) => x.text.includes('Try again'));
        if (b?.data === undefined) return;
        log({ user: user.id, what: 'press', step: 'retry', data: b.data });
        safely(user, log, 'press', () => user.pressData(message.id, b.data!));
        break;
      }
    }
  }
}

/** A reseller's life: top-ups with pauses, now and then a stale or forged press between them. */
export async function runReseller(id: number, ctx: ActorContext): Promise<void> {
  const rng = ctx.rng.fork(`reseller-${id}`);
  const user = ctx.standIn.driver.user({ id });
  await sleep(rng.int(0, 3_000));
  while (ctx.running()) {
    try {
      await topUpEpisode(user, ctx, rng);
      for (const m of user.chat()) {
        const found = /merchant order number ([A-Za-z0-9._-]+)\)/.exec(m.text);
        if (found) ctx.knownNumbers.add(found[1]!);
        const line = / · ([A-Za-z0-9._-]+)$/m.exec(m.text.split('\n')[0] ?? '');
        if (line) ctx.knownNumbers.add(line[1]!);
      }
      if (rng.chance(0.15)) pressSomethingOld(user, rng, ctx.log);
    } catch (error) {
      ctx.log({ user: id, what: 'actor-error', error: (error as Error).message.slice(0, 200) });
    }
    await sleep(rng.int(300, 2_500));
  }
}

/** An agent reads orders: /orders, /status with a known or a made-up number, order buttons. */
export async function runAgent(id: number, ctx: ActorContext): Promise<void> {
  const rng = ctx.rng.fork(`agent-${id}`);
  const user = ctx.standIn.driver.user({ id });
  while (ctx.running()) {
    await sleep(rng.int(2_000, 6_000));
    const r = rng.next();
    if (r < 0.35) {
      ctx.log({ user: id, what: 'orders' });
      safely(user, ctx.log, 'orders', () => user.sendCommand('/orders'));
    } else if (r < 0.7) {
      const known = [...ctx.knownNumbers];
      const number = known.length > 0 && rng.chance(0.8) ? rng.pick(known) : `X${rng.int(0, 1e6)}`;
      ctx.log({ user: id, what: 'status', number });
      safely(user, ctx.log, 'status', () => user.sendCommand(`/status ${number}`));
    } else if (r < 0.85) {
      ctx.log({ user: id, what: 'topup-attempt' });
      safely(user, ctx.log, 'topup', () => user.sendCommand('/topup'));
    } else {
      pressSomethingOld(user, rng, ctx.log);
    }
  }
}

/** Someone without a role who keeps trying. */
export async function runStranger(id: number, ctx: ActorContext): Promise<void> {
  const rng = ctx.rng.fork(`stranger-${id}`);
  const user = ctx.standIn.driver.user({ id });
  while (ctx.running()) {
    await sleep(rng.int(4_000, 10_000));
    const command = rng.pick(['/topup', '/orders', '/status 1', '/start', '/grant 1 admin', '/users']);
    ctx.log({ user: id, what: 'stranger', command });
    safely(user, ctx.log, 'stranger', () => user.sendCommand(command));
    if (rng.chance(0.3)) pressSomethingOld(user, rng, ctx.log);
  }
}

/** Lines a bulk file may hold that the bot must refuse, each with its own reason. */
const BAD_BULK_LINES: ReadonlyArray<(rng: Rng) => string> = [
  () => '12345,500,MTN,not a number',
  (rng) => `+${phoneFor('NG', rng)},abc,MTN,bad amount`,
  (rng) => `+${phoneFor('NG', rng)},500,Vodafone,no such operator`,
  (rng) => `+${phoneFor('NG', rng)},10,MTN,below the minimum`,
  () => '+12125550123,500,,country not sold',
];

/**
 * One bulk file: a handful of valid Nigerian lines (numbers often with a magic ending) and now and then bad
 * ones, with or without a header, comma or semicolon separated; then ✅ Start on the summary (sometimes pressed
 * twice), or ❌ Drop.
 */
async function bulkEpisode(user: StandInUser, ctx: ActorContext, rng: Rng): Promise<void> {
  const { log } = ctx;
  const rows: string[] = [];
  const phones: string[] = [];
  const valid = rng.int(2, 5);
  for (let i = 0; i < valid; i++) {
    const phone = phoneFor('NG', rng);
    phones.push(phone);
    rows.push(
      `${rng.chance(0.5) ? '+' : ''}${phone},${rng.pick(['100', '200', '500', '1000'])},MTN,soak ${i + 1}`,
    );
  }
  for (let bad = rng.int(0, 2); bad > 0; bad--) {
    const line = rng.pick(BAD_BULK_LINES)(rng);
    phones.push(...(line.match(/\d{8,}/g) ?? []));
    rows.splice(rng.int(0, rows.length), 0, line);
  }
  let text = `${rng.chance(0.4) ? 'phone,amount,operator,note\n' : ''}${rows.join('\n')}\n`;
  if (rng.chance(0.3)) text = text.replace(/,/g, ';');
  log({ user: user.id, what: 'bulk-file', lines: rows.length, valid, phones });
  let sentId = 0;
  safely(user, log, 'bulk-file', () => {
    sentId = user.sendDocument('soak.csv', text).messageId;
  });
  if (sentId === 0) return;
  let summary: ChatMessage;
  try {
    // The "Checking the file…" message becomes the summary (after the estimate's quotes).
    summary = await user.waitFor(
      (chat) =>
        chat.find(
          (m) =>
            m.id > sentId &&
            m.from === 'bot' &&
            (m.text.includes('valid lines') || m.text.startsWith('🚫') || m.text.startsWith('⚠️')),
        ),
      { timeoutMs: 30_000 },
    );
  } catch {
    log({ user: user.id, what: 'bulk-no-summary' });
    return;
  }
  if (!summary.buttons.flat().some((b) => b.text.includes('✅'))) return;
  if (rng.chance(0.85)) {
    log({ user: user.id, what: 'bulk-start', message: summary.id });
    safely(user, log, 'bulk-start', () => user.press(summary, /✅/));
    if (rng.chance(0.1)) safely(user, log, 'bulk-start', () => user.press(summary, /✅/));
  } else {
    log({ user: user.id, what: 'bulk-drop', message: summary.id });
    safely(user, log, 'bulk-drop', () => user.press(summary, /❌/));
  }
}

/** A reseller who sends bulk files, with single top-ups between them. */
export async function runBulkReseller(id: number, ctx: ActorContext): Promise<void> {
  const rng = ctx.rng.fork(`bulk-${id}`);
  const user = ctx.standIn.driver.user({ id });
  await sleep(rng.int(0, 3_000));
  while (ctx.running()) {
    try {
      if (rng.chance(0.5)) await bulkEpisode(user, ctx, rng);
      else await topUpEpisode(user, ctx, rng);
    } catch (error) {
      ctx.log({ user: id, what: 'actor-error', error: (error as Error).message.slice(0, 200) });
    }
    await sleep(rng.int(1_000, 4_000));
  }
}

/**
 * The kinds of people a soak runs, each with its life. A new kind (a reseller with scheduled top-ups, say) is
 * one more entry here, cast in world.ts (`castOf`), and its invariants in checker.ts.
 */
export const ACTORS = {
  reseller: runReseller,
  'bulk-reseller': runBulkReseller,
  agent: runAgent,
  stranger: runStranger,
} satisfies Record<string, (id: number, ctx: ActorContext) => Promise<void>>;

export type ActorKind = keyof typeof ACTORS;

/** One person of the run and the part they play. */
export interface CastMember {
  kind: ActorKind;
  id: number;
}
