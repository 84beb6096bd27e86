// A reseller who schedules top-ups through /schedule: daily schedules whose first run falls inside the active
// phase (so runs meet the faults: replica kills, Redis restarts, 429s), and others far ahead that are paused,
// resumed and deleted through the list's buttons. The replicas' schedule clock is moved (SCHEDULE_CLOCK_OFFSET)
// so that a minute starts SCHEDULE_FIRST_RUN_S after the run starts; runs are whole minutes of that clock.
import type { ChatMessage, StandInUser } from '../src/sandbox/telegram/index.ts';
import { phoneFor, type ActorContext } from './actors.ts';
import type { Rng } from './rng.ts';

/** Seconds after the start of the run (the world starting included, a few seconds) when the replicas' schedule clock reaches a whole minute. */
export const SCHEDULE_FIRST_RUN_S = 25;

/** The offset of the replicas' schedule clock for a run started at `startedAt` (see SCHEDULE_FIRST_RUN_S). */
export function scheduleClockOffset(startedAt: number): number {
  const firstRun = startedAt + SCHEDULE_FIRST_RUN_S * 1000;
  return Math.ceil(firstRun / 60_000) * 60_000 - firstRun;
}

/** Real time (ms) when the replicas' schedule clock reaches its first whole minute of a run started at `startedAt`. */
export function firstScheduleMinuteAt(startedAt: number): number {
  return startedAt + SCHEDULE_FIRST_RUN_S * 1000;
}

/** A run is only scheduled this long ahead at least (typing the time, the summary's quote and ✅ take a moment). */
export const LEAD_MS = 6_000;
/** …and this long before the active phase ends, so it runs with the faults and finishes in the quiet period. */
export const TAIL_MS = 10_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const WAIT_MS = 20_000;
/**
 * The scheduling reseller waits for an answer at most this long past the end of the active phase, then walks away
 * (a person whose chat went quiet): the quiet period does not wait out a whole WAIT_MS for one lost answer.
 */
const END_GRACE_MS = 3_000;

/** Sends a text or command and waits (`timeoutMs`) for a bot message after it that contains `expect`. */
export async function say(
  user: StandInUser,
  text: string,
  expect: string,
  timeoutMs = WAIT_MS,
): Promise<ChatMessage> {
  const sent = text.startsWith('/') ? user.sendCommand(text) : user.sendText(text);
  return user.waitForBotMessage((m) => m.text.includes(expect), {
    timeoutMs,
    after: sent.messageId,
  });
}

/** Presses a button of `message` and waits for a bot message from it on (new or edited) matching `expect`. */
async function tap(
  user: StandInUser,
  message: ChatMessage,
  button: string,
  expect: string | RegExp,
  timeoutMs = WAIT_MS,
): Promise<ChatMessage> {
  const matches = (text: string) => (typeof expect === 'string' ? text.includes(expect) : expect.test(text));
  user.press(message, button);
  return user.waitFor((chat) => chat.find((m) => m.from === 'bot' && m.id >= message.id && matches(m.text)), {
    timeoutMs,
  });
}

/**
 * One new daily schedule at `time` (HH:MM of the schedule clock, UTC) through the chat; true when saved. Each
 * answer is awaited `wait()` ms (default WAIT_MS).
 */
export async function schedule(
  user: StandInUser,
  ctx: ActorContext,
  rng: Rng,
  time: () => string | null,
  wait: () => number = () => WAIT_MS,
): Promise<boolean> {
  const digits = phoneFor('NG', rng);
  ctx.log({ user: user.id, what: 'schedule-new', phone: digits });
  const list = await say(user, '/schedule', '🗓', wait());
  if (!list.buttons.flat().some((b) => b.text.includes('New schedule'))) return false;
  await tap(user, list, '➕ New schedule', 'Which country', wait());
  await say(user, 'Nigeria', 'Which operator', wait());
  await say(user, 'MTN', 'What do you want to buy', wait());
  await say(user, 'Airtime', 'How much', wait());
  await say(user, String(rng.pick([100, 200, 500])), 'Send the phone number', wait());
  const when = await say(user, `+${digits}`, 'When should this top-up run', wait());
  await tap(user, when, 'Every day', 'At what time', wait());
  const at = time();
  if (at === null) {
    await say(user, '/cancel', 'Schedule cancelled', wait());
    return false;
  }
  ctx.log({ user: user.id, what: 'schedule-time', time: at });
  const summary = await say(user, at, 'New scheduled top-up', wait());
  // Saved, or refused at the reseller's maximum (the list's deletes keep it below most of the time).
  const saved = await tap(user, summary, '✅ Save schedule', /First run|You already have/, wait());
  return saved.text.includes('Scheduled.');
}

/** Pauses, resumes or deletes (asked, then confirmed) one schedule of the list, at random. */
async function manage(user: StandInUser, ctx: ActorContext, rng: Rng, wait: () => number): Promise<void> {
  const list = await say(user, '/schedule', '🗓', wait());
  const buttons = list.buttons.flat().filter((b) => /Pause|Resume|Delete/.test(b.text));
  if (buttons.length === 0) return;
  const button = rng.pick(buttons);
  ctx.log({ user: user.id, what: 'schedule-press', button: button.text });
  if (button.text.includes('Delete')) {
    const asked = await tap(user, list, button.text, 'Delete this scheduled top-up?', wait());
    await tap(user, asked, rng.chance(0.7) ? '🗑 Yes, delete it' : '⬅️ Keep it', 'scheduled top-ups', wait());
  } else {
    await tap(user, list, button.text, 'scheduled top-ups', wait());
  }
}

/**
 * The scheduling reseller's life during the active phase, which ends at `activeUntil` (ms) as the schedule clock
 * counts it (from the start of the run) and at `endsAt` (ms) in fact (the world started in between).
 */
export async function runScheduler(
  id: number,
  ctx: ActorContext,
  offsetMs: number,
  activeUntil: number,
  endsAt: number = activeUntil,
): Promise<void> {
  const rng = ctx.rng.fork(`scheduler-${id}`);
  const user = ctx.standIn.driver.user({ id });
  /** The next whole minute of the schedule clock far enough ahead and still inside the active phase, as HH:MM. */
  const soon = (): string | null => {
    const minute = Math.ceil((Date.now() + offsetMs + LEAD_MS) / 60_000) * 60_000;
    if (minute - offsetMs > activeUntil - TAIL_MS) return null;
    return new Date(minute).toISOString().slice(11, 16);
  };
  /** A time of the schedule clock hours away: it never runs during the soak. */
  const later = (): string => new Date(Date.now() + offsetMs + 6 * 3_600_000).toISOString().slice(11, 16);
  /** WAIT_MS, but not past END_GRACE_MS after the active phase. */
  const wait = () => Math.max(1, Math.min(WAIT_MS, endsAt + END_GRACE_MS - Date.now()));
  await sleep(rng.int(0, 1_000));
  while (ctx.running()) {
    try {
      const r = rng.next();
      if (soon() !== null && r < 0.6) await schedule(user, ctx, rng, soon, wait);
      else if (r < 0.8) await schedule(user, ctx, rng, later, wait);
      else await manage(user, ctx, rng, wait);
    } catch (error) {
      ctx.log({ user: id, what: 'actor-error', error: (error as Error).message.slice(0, 200) });
      await say(user, '/cancel', '', wait()).catch(() => undefined);
    }
    await sleep(rng.int(500, 3_000));
  }
}
