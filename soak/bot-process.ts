// One bot replica for the soak run: runService (as npm start) with the order timings of SOAK_TIMINGS (JSON) so
// that a run of minutes sees whole order lifecycles. Killed with SIGKILL by the runner; a crash or an unhandled
// rejection is logged for the checker to find.
import type { AppOverrides } from '../src/app.ts';
import { runService } from '../src/run-service.ts';

const raw = process.env.SOAK_TIMINGS;
const parsed = raw ? (JSON.parse(raw) as AppOverrides & { scheduleClockOffsetMs?: number }) : {};
const { scheduleClockOffsetMs, ...overrides } = parsed;
// The schedules' clock of the run (soak/schedule-actor.ts): whole minutes fall inside the active phase.
if (scheduleClockOffsetMs !== undefined) overrides.clock = () => Date.now() + scheduleClockOffsetMs;
// JSON cannot carry the first follow-up delay (a function of poll_after_seconds): the sandbox runs 100x fast.
const followUp = overrides.orderTimings?.followUp;
if (followUp) followUp.firstDelayMs = (seconds: number) => Math.max(300, seconds * 100);

void runService({
  overrides,
  stopTimeoutMs: 5_000,
  uncaughtExceptionExitCode: 70,
});
