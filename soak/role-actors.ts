// Role changes made in the middle of things, as an admin makes them: /grant and /revoke sent in the admin's chat.
// Each cycle, for one minute of the schedule clock that falls in the active phase: the admin grants a reseller
// and makes another user an admin; both save a schedule for that minute; the reseller sends a 20-line bulk file
// and, once its progress message shows the first lines placed, is revoked; the new admin is demoted to reseller
// before the minute comes. The sandbox answers in a millisecond or two, so a 20-line run would end before its
// first progress edit: while the file runs, the service is made as slow as a real one (SLOW_SERVICE_MS a call). So a revocation lands in the middle of a bulk run, and two scheduled runs fire after
// their payer changed (revoked: not placed; demoted: placed at the reseller's price, from credit).
import type { ChatMessage, StandInUser } from '../src/sandbox/telegram/index.ts';
import { phoneFor, type ActorContext } from './actors.ts';
import type { Rng } from './rng.ts';
import { LEAD_MS, say, schedule, TAIL_MS } from './schedule-actor.ts';

/** Who plays the role changes: the admin who makes them, the reseller revoked, the admin demoted. */
export interface RoleCast {
  adminId: number;
  revokedId: number;
  demotedId: number;
}

export interface RoleTiming {
  /** The replicas' schedule clock minus the real one (ms). */
  offsetMs: number;
  /** Real time (ms) of the first whole minute of the schedule clock in the run. */
  firstMinuteAt: number;
  /** End of the active phase (ms). */
  activeUntil: number;
}

/** What the role changes ask of the world: the service slowed down until the returned function is called. */
export interface RoleWorld {
  slowService(latencyMs: number): Promise<() => Promise<void>>;
}

/** Latency of every quote and placement while the revoked reseller's file runs (a real service's order of time). */
export const SLOW_SERVICE_MS = 250;
/** The service is slow at most this long, whatever holds the revocation up (a 20-line run takes about 5 s then). */
const SLOW_FOR_MS = 8_000;

/** Lines of the revoked reseller's file: enough that the revocation lands while they are being placed. */
export const REVOKED_FILE_LINES = 20;
/** The revocation is sent once the progress message shows this many lines placed. */
const REVOKE_AFTER_PLACED = 2;
/** At most this many cycles (each leaves one schedule per user; the bot allows ten). */
const MAX_CYCLES = 8;
/** After a minute's runs are due, the next cycle's grants wait this long, so those runs read the changed roles. */
const AFTER_RUNS_MS = 8_000;
/** The last moment before a minute a change is still sent, so its runs fire after it. */
const CHANGE_BEFORE_MS = 3_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** How many cycles a run of this timing holds: one per schedule minute that leaves its runs inside the active phase. */
export function roleCycles(timing: Pick<RoleTiming, 'firstMinuteAt' | 'activeUntil'>): number {
  const last = timing.activeUntil - TAIL_MS;
  if (timing.firstMinuteAt > last) return 0;
  return Math.min(MAX_CYCLES, Math.floor((last - timing.firstMinuteAt) / 60_000) + 1);
}

/** The admin's chat: one command at a time, each waiting for the bot's confirmation naming the user. */
function adminOf(admin: StandInUser, ctx: ActorContext) {
  let turn = Promise.resolve();
  return (command: string, target: number, confirmation: string): Promise<void> => {
    const run = turn.then(async () => {
      ctx.log({ user: admin.id, what: 'role-change', command });
      await say(admin, command, `${target} ${confirmation}`);
    });
    turn = run.catch(() => undefined);
    return run;
  };
}

/** The bulk progress message (the summary, edited) and how many lines it shows placed, if started. */
function placedShown(user: StandInUser, summaryId: number): { placed: number; ended: boolean } | undefined {
  const message = user.chat().find((m) => m.id === summaryId);
  const counts = /Placed (\d+) · failed (\d+) · left (\d+)/.exec(message?.text ?? '');
  if (message === undefined || counts === null) return undefined;
  return { placed: Number(counts[1]), ended: !message.text.startsWith('⏳') };
}

/** Sends the reseller's bulk file; its summary with ✅ Start, or undefined. */
async function sendFile(user: StandInUser, ctx: ActorContext, rng: Rng): Promise<ChatMessage | undefined> {
  const phones: string[] = [];
  const rows: string[] = [];
  for (let i = 0; i < REVOKED_FILE_LINES; i++) {
    const phone = phoneFor('NG', rng);
    phones.push(phone);
    // Every amount its own product: each line asks its own quote, so the run takes a while.
    rows.push(`+${phone},${100 + 10 * i},MTN,role soak ${i + 1}`);
  }
  ctx.log({ user: user.id, what: 'bulk-file', lines: rows.length, valid: rows.length, phones });
  const sent = user.sendDocument('revoke.csv', `phone,amount,operator,note\n${rows.join('\n')}\n`);
  const summary = await user.waitFor(
    (chat) =>
      chat.find(
        (m) =>
          m.id > sent.messageId &&
          m.from === 'bot' &&
          (m.text.includes('valid lines') || m.text.startsWith('🚫') || m.text.startsWith('⚠️')),
      ),
    { timeoutMs: 30_000 },
  );
  return summary.buttons.flat().some((b) => b.text.includes('✅')) ? summary : undefined;
}

/** Waits until the run shows REVOKE_AFTER_PLACED lines placed (or ended), at most until `deadline`. */
async function untilPlaced(user: StandInUser, summary: ChatMessage, deadline: number): Promise<number> {
  let seen = 0;
  while (Date.now() < deadline) {
    const shown = placedShown(user, summary.id);
    seen = shown?.placed ?? 0;
    if (shown !== undefined && (shown.placed >= REVOKE_AFTER_PLACED || shown.ended)) return seen;
    await sleep(50);
  }
  return seen;
}

/** Runs `act`, logging (not throwing) what a slow or faulty moment made fail; whether it finished. */
async function attempt(ctx: ActorContext, user: number, what: string, act: () => Promise<unknown>) {
  try {
    await act();
    return true;
  } catch (error) {
    ctx.log({ user, what: 'actor-error', step: what, error: (error as Error).message.slice(0, 200) });
    return false;
  }
}

/** One cycle, for the schedule minute at `minuteAt` (real ms). */
async function cycle(
  cast: RoleCast,
  ctx: ActorContext,
  rngs: { revoked: Rng; demoted: Rng },
  timing: RoleTiming,
  world: RoleWorld,
  minuteAt: number,
): Promise<void> {
  const driver = ctx.standIn.driver;
  const admin = adminOf(driver.user({ id: cast.adminId }), ctx);
  const revoked = driver.user({ id: cast.revokedId });
  const demoted = driver.user({ id: cast.demotedId });
  const at = () =>
    Date.now() + LEAD_MS <= minuteAt
      ? new Date(minuteAt + timing.offsetMs).toISOString().slice(11, 16)
      : null;
  const changeBy = minuteAt - CHANGE_BEFORE_MS;

  const granted = await attempt(ctx, cast.adminId, 'grant', async () => {
    await admin(`/grant ${cast.revokedId} reseller`, cast.revokedId, 'is now');
    await admin(`/grant ${cast.demotedId} admin`, cast.demotedId, 'is now');
  });
  if (!granted) return;

  const revokedLife = (async () => {
    await attempt(ctx, cast.revokedId, 'schedule', () => schedule(revoked, ctx, rngs.revoked, at));
    let summary: ChatMessage | undefined;
    await attempt(ctx, cast.revokedId, 'bulk', async () => {
      summary = await sendFile(revoked, ctx, rngs.revoked);
    });
    let placed = 0;
    let fast: (() => Promise<void>) | undefined;
    let timer: NodeJS.Timeout | undefined;
    try {
      if (summary !== undefined) {
        const slow = await world.slowService(SLOW_SERVICE_MS).catch(() => () => Promise.resolve());
        let ended: Promise<void> | undefined;
        fast = () => (ended ??= slow());
        timer = setTimeout(() => void fast?.(), SLOW_FOR_MS);
        const file = summary;
        ctx.log({ user: cast.revokedId, what: 'bulk-start', message: file.id });
        if (await attempt(ctx, cast.revokedId, 'bulk-start', async () => revoked.press(file, /✅/)))
          placed = await untilPlaced(revoked, file, changeBy);
      }
      if (Date.now() > changeBy) ctx.log({ user: cast.adminId, what: 'revoke-late', placed });
      ctx.log({ user: cast.adminId, what: 'revoke', target: cast.revokedId, placedSeen: placed });
      await attempt(ctx, cast.adminId, 'revoke', () =>
        admin(`/revoke ${cast.revokedId}`, cast.revokedId, 'no longer has access'),
      );
    } finally {
      clearTimeout(timer);
      await fast?.();
    }
  })();
  const demotedLife = (async () => {
    await attempt(ctx, cast.demotedId, 'schedule', () => schedule(demoted, ctx, rngs.demoted, at));
    if (Date.now() > changeBy) ctx.log({ user: cast.adminId, what: 'demote-late' });
    ctx.log({ user: cast.adminId, what: 'demote', target: cast.demotedId });
    await attempt(ctx, cast.adminId, 'demote', () =>
      admin(`/grant ${cast.demotedId} reseller`, cast.demotedId, 'is now'),
    );
  })();
  await Promise.all([revokedLife, demotedLife]);
}

/**
 * The role changes' life: roleCycles(timing) cycles, one per schedule minute, then idle (the revoked reseller and
 * the demoted admin keep their last roles into the quiet period, where their runs still end).
 */
export async function runRoleChanges(
  cast: RoleCast,
  ctx: ActorContext,
  timing: RoleTiming,
  world: RoleWorld,
): Promise<void> {
  const rngs = { revoked: ctx.rng.fork('role-revoked'), demoted: ctx.rng.fork('role-demoted') };
  const cycles = roleCycles(timing);
  for (let k = 0; k < cycles && ctx.running(); k++) {
    const minuteAt = timing.firstMinuteAt + k * 60_000;
    if (k > 0) await sleep(Math.max(0, minuteAt - 60_000 + AFTER_RUNS_MS - Date.now()));
    ctx.log({ what: 'role-cycle', cycle: k, minuteAt });
    await attempt(ctx, cast.adminId, 'role-cycle', () => cycle(cast, ctx, rngs, timing, world, minuteAt));
  }
}
