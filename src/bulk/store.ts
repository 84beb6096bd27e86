import { bulkKeys } from './keys.ts';
import type { Redis } from 'ioredis';
import { defineScript, encodeOps, LUA_APPLY_OPS, type RedisOp } from '../lib/redis/redis-script.ts';
import type { LineProblem, ValidLine } from './validate.ts';

/**
 * Bulk runs in Redis: a run record (a hash: its state and fixed facts) and its lines (a hash: index -> line
 * JSON). The run's jobs are BullMQ's (line-jobs.ts); the record says whether the run's chain of jobs is
 * `parked` (no job will come: a draft, or a paused run whose job saw the pause) and its `round` (how often the
 * chain was started again), which names its jobs. Every change of a run's state is one script that checks the
 * state it starts from, so a pause, a cancel and the worker never overwrite each other, and a restart of the
 * chain is decided in the same script as the state it follows from.
 */

/** `draft` until ✅; then `running` ⇄ `paused`, and `finished` or `cancelled`; `reported` once the report is sent. */
export type RunState = 'draft' | 'running' | 'paused' | 'cancelled' | 'finished';

/** What stays the same for the whole run. */
export interface RunMeta {
  runId: string;
  resellerId: number;
  chatId: number;
  locale: string;
  /** Resellers pay from their credit; admins spend the merchant wallet directly. */
  role: 'reseller' | 'admin';
  createdAt: string;
  total: number;
  /** The lines refused at validation, for the report. */
  problems: LineProblem[];
  /** Merchant currency of the estimate and of every price, when known. */
  currency?: string;
  /** The estimated cost (exact decimal, merchant currency), when every product could be quoted. */
  estimate?: string;
}

/** Where one line stands: `pending` not sent yet, `placed` handed to the order service, else not placed. */
type LineState = 'pending' | 'placed' | 'failed' | 'skipped';

export interface RunLine extends ValidLine {
  /** The merchant order number, fixed when the file was checked: a re-send is the same order. */
  ext: string;
  state: LineState;
  /** What the order holds or spent (reseller price, or the merchant price for an admin), exact decimal. */
  price?: string;
  /** Locale key of why it was not placed. */
  error?: string;
  /** How many times the line was given a new number after its quote was refused at placement. */
  requotes?: number;
}

export interface RunRecord {
  meta: RunMeta;
  state: RunState;
  /** Index of the next line to place. */
  next: number;
  /** ms (this process's clock) the run started and the progress message was last edited; 0 when never. */
  startedAt: number;
  progressAt: number;
  messageId?: number;
  reported: boolean;
  /** How often the run's chain of jobs was started (✅, ▶️ or ⏹ on a parked run): its jobs carry it. */
  round: number;
  /** No job of the run will come until it is started again (a draft, or a paused run whose job saw the pause). */
  parked: boolean;
  /** The payer gave their PIN at ✅ (the estimated cost was above their threshold). */
  pinGiven: boolean;
  /** Locale key of why the run was stopped (its payer may no longer order), when it was. */
  stopped?: string;
}

/** The answer of a state change: `ok`, with the new round when the chain of jobs must be started again. */
export type TransitionResult =
  { kind: 'ok'; restart?: number } | { kind: 'refused'; state: RunState | 'gone' };

/** How long a file checked but not started is kept. */
const DRAFT_TTL_SECONDS = 3600;
/** How long a finished run is kept (its buttons and report lines). */
const DONE_TTL_SECONDS = 30 * 86_400;
/**
 * Most bytes one draft keeps (its record's and its lines' JSON). A full file of 1,000 lines with 100-character
 * notes keeps about 0.5 MB; a file whose errors echo long or escaped text could keep several, and is refused.
 */
export const BULK_DRAFT_MAX_BYTES = 1024 * 1024;

/** The bytes a draft keeps: its record's JSON and each line's, as stored. */
export function draftBytes(meta: RunMeta, lines: readonly RunLine[]): number {
  let bytes = Buffer.byteLength(JSON.stringify(meta));
  for (const line of lines) bytes += Buffer.byteLength(JSON.stringify(line));
  return bytes;
}

/**
 * Stores a draft as the user's one live draft: the one before (ARGV[1], '' for none) is deleted while it is still a
 * draft, unless the user's pointer moved meanwhile (0: read it again and retry).
 * KEYS: the user's draft pointer, the previous draft's run and lines, the new one's run and lines.
 * ARGV: previous id, new id, TTL (s), meta JSON, then each line's JSON in order.
 */
const CREATE_DRAFT = defineScript(`
if (redis.call('GET', KEYS[1]) or '') ~= ARGV[1] then return 0 end
if ARGV[1] ~= '' and redis.call('HGET', KEYS[2], 'state') == 'draft' then redis.call('DEL', KEYS[2], KEYS[3]) end
redis.call('HSET', KEYS[4], 'meta', ARGV[4], 'state', 'draft', 'next', '0', 'startedAt', '0', 'progressAt', '0',
  'round', '0', 'parked', '1')
redis.call('EXPIRE', KEYS[4], ARGV[3])
for i = 5, #ARGV do redis.call('HSET', KEYS[5], tostring(i - 5), ARGV[i]) end
if #ARGV >= 5 then redis.call('EXPIRE', KEYS[5], ARGV[3]) end
redis.call('SET', KEYS[1], ARGV[2], 'EX', ARGV[3])
return 1
`);

const TRANSITION = defineScript(`${LUA_APPLY_OPS}
local state = redis.call('HGET', KEYS[1], 'state')
if not state then return 'gone' end
local allowed = false
for word in string.gmatch(ARGV[1], '[^,]+') do
  if word == state then allowed = true end
end
if not allowed then return state end
redis.call('HSET', KEYS[1], 'state', ARGV[2])
applyOps(4, 2)
-- a parked chain of jobs (a draft's included) is started again, in a new round, when the new state needs a job:
-- running, cancelled
if ARGV[3] == '1' and redis.call('HGET', KEYS[1], 'parked') == '1' then
  redis.call('HDEL', KEYS[1], 'parked')
  return 'ok:' .. redis.call('HINCRBY', KEYS[1], 'round', 1)
end
return 'ok'
`);

/** The job of round ARGV[1] parks the run: only while it is paused and still in that round. */
const PARK = defineScript(`
local r = redis.call('HMGET', KEYS[1], 'state', 'round')
if r[1] ~= 'paused' or (r[2] or '0') ~= ARGV[1] then return 0 end
redis.call('HSET', KEYS[1], 'parked', '1')
return 1
`);

/** Writes line ARGV[1] only while the cursor is on it, and moves the cursor to ARGV[2]. */
const RECORD_LINE = defineScript(`
if redis.call('HGET', KEYS[1], 'next') ~= ARGV[1] then return 0 end
redis.call('HSET', KEYS[2], ARGV[1], ARGV[3])
redis.call('HSET', KEYS[1], 'next', ARGV[2])
return 1
`);

/** Rewrites line ARGV[1] while the cursor is on it and it still has the number ARGV[2]. */
const REPLACE_LINE = defineScript(`
if redis.call('HGET', KEYS[1], 'next') ~= ARGV[1] then return 0 end
local line = redis.call('HGET', KEYS[2], ARGV[1])
if not line or cjson.decode(line).ext ~= ARGV[2] then return 0 end
redis.call('HSET', KEYS[2], ARGV[1], ARGV[3])
return 1
`);

type BulkKeys = ReturnType<typeof bulkKeys>;

/** A run's record from its hash's fields; null when it has none (gone, or never stored). */
function recordOf(raw: Record<string, string>): RunRecord | null {
  if (raw.meta === undefined) return null;
  return {
    meta: JSON.parse(raw.meta) as RunMeta,
    state: raw.state as RunState,
    next: Number(raw.next ?? 0),
    startedAt: Number(raw.startedAt ?? 0),
    progressAt: Number(raw.progressAt ?? 0),
    ...(raw.messageId === undefined ? {} : { messageId: Number(raw.messageId) }),
    reported: raw.reported === '1',
    round: Number(raw.round ?? 0),
    parked: raw.parked === '1',
    pinGiven: raw.pin === '1',
    ...(raw.stopped === undefined ? {} : { stopped: raw.stopped }),
  };
}

/** The changes of a run's state (✅, ❌, ⏸, ▶️, ⏹, a stop, the job parking it, the end): each one TRANSITION. */
function createRunTransitions(redis: Redis, keys: BulkKeys) {
  async function transition(
    id: string,
    from: RunState[],
    to: RunState,
    ops: RedisOp[] = [],
    restart = false,
  ): Promise<TransitionResult> {
    const encoded = encodeOps(ops);
    const result = (await TRANSITION.run(
      redis,
      [keys.run(id), ...encoded.keys],
      [from.join(','), to, restart ? '1' : '0', ...encoded.args],
    )) as string;
    if (result === 'ok') return { kind: 'ok' };
    if (result.startsWith('ok:')) return { kind: 'ok', restart: Number(result.slice(3)) };
    return { kind: 'refused', state: result as RunState | 'gone' };
  }

  return {
    /** ✅: the draft starts (kept for good); `restart` is the first round of its jobs. */
    start: (id: string, startedAt: number, messageId: number, pinGiven: boolean) =>
      transition(
        id,
        ['draft'],
        'running',
        [
          ['PERSIST', keys.run(id)],
          ['PERSIST', keys.lines(id)],
          ['HSET', keys.run(id), 'startedAt', String(startedAt), 'messageId', String(messageId)],
          ...(pinGiven ? [['HSET', keys.run(id), 'pin', '1'] as RedisOp] : []),
          ['SADD', keys.active, id],
        ],
        true,
      ),

    /** ❌: the draft is forgotten. */
    drop: (id: string) =>
      transition(id, ['draft'], 'cancelled', [
        ['DEL', keys.run(id)],
        ['DEL', keys.lines(id)],
      ]),

    pause: (id: string) => transition(id, ['running'], 'paused'),

    /** A parked run is started again (`restart`); one whose job has not seen the pause yet goes on in it. */
    resume: (id: string) => transition(id, ['paused'], 'running', [], true),

    /** Lines not placed yet are never placed; the run's job (a new one when it was parked) sends the report. */
    cancel: (id: string) => transition(id, ['running', 'paused'], 'cancelled', [], true),

    /** Cancelled because its payer may no longer order (`reason`, a locale key), as a cancel otherwise. */
    stop: (id: string, reason: string) =>
      transition(id, ['running', 'paused'], 'cancelled', [['HSET', keys.run(id), 'stopped', reason]], true),

    /** The job of `round` found the run paused: no job comes until ▶️ or ⏹; false when it is no longer so. */
    async park(id: string, round: number): Promise<boolean> {
      return (await PARK.run(redis, [keys.run(id)], [String(round)])) === 1;
    },

    finish: (id: string) => transition(id, ['running'], 'finished'),
  };
}

/** Creates the bulk run store under `prefix` (REDIS_PREFIX). */
export function createBulkStore(redis: Redis, prefix: string) {
  const keys = bulkKeys(prefix);

  return {
    ...createRunTransitions(redis, keys),

    /**
     * Stores a checked file as its user's one live draft (kept an hour unless started): the draft the user had is
     * deleted (its ✅ finds it gone); a started run is not touched. 'too-large': it would keep more than
     * BULK_DRAFT_MAX_BYTES, and nothing is stored.
     */
    async createDraft(meta: RunMeta, lines: RunLine[]): Promise<'ok' | 'too-large'> {
      if (draftBytes(meta, lines) > BULK_DRAFT_MAX_BYTES) return 'too-large';
      const pointer = keys.draftOf(meta.resellerId);
      const linesJson = lines.map((l) => JSON.stringify(l));
      for (;;) {
        const previous = (await redis.get(pointer)) ?? '';
        // With no draft before, the new one's keys stand in for the old ones (the script leaves them alone then).
        const old = previous === '' ? meta.runId : previous;
        const stored = await CREATE_DRAFT.run(
          redis,
          [pointer, keys.run(old), keys.lines(old), keys.run(meta.runId), keys.lines(meta.runId)],
          [previous, meta.runId, DRAFT_TTL_SECONDS, JSON.stringify(meta), ...linesJson],
        );
        if (stored === 1) return 'ok';
      }
    },

    async get(id: string): Promise<RunRecord | null> {
      return recordOf(await redis.hgetall(keys.run(id)));
    },

    async lines(id: string): Promise<RunLine[]> {
      const raw = await redis.hgetall(keys.lines(id));
      return Object.entries(raw)
        .sort(([a], [b]) => Number(a) - Number(b))
        .map(([, v]) => JSON.parse(v) as RunLine);
    },

    async line(id: string, index: number): Promise<RunLine | null> {
      const raw = await redis.hget(keys.lines(id), String(index));
      return raw === null ? null : (JSON.parse(raw) as RunLine);
    },

    /** Records line `index` and moves the cursor past it; false when another worker already did. */
    async recordLine(id: string, index: number, line: RunLine): Promise<boolean> {
      const done = await RECORD_LINE.run(
        redis,
        [keys.run(id), keys.lines(id)],
        [String(index), String(index + 1), JSON.stringify(line)],
      );
      return done === 1;
    },

    /**
     * Rewrites line `index` (still to place) while the cursor is on it and it still has the number `ext`; false
     * when another job moved on or gave it a new number first.
     */
    async replaceLine(id: string, index: number, externalOrderId: string, line: RunLine): Promise<boolean> {
      const done = await REPLACE_LINE.run(
        redis,
        [keys.run(id), keys.lines(id)],
        [String(index), externalOrderId, JSON.stringify(line)],
      );
      return done === 1;
    },

    /** The summary (a draft's message) that asked for the PIN: it becomes the progress message once started. */
    async setSummary(id: string, messageId: number): Promise<void> {
      await redis.hset(keys.run(id), 'messageId', String(messageId));
    },

    /** The report went out: the run leaves the active set and is kept a while for its buttons. */
    async markReported(id: string): Promise<void> {
      await redis
        .multi()
        .hset(keys.run(id), 'reported', '1')
        .srem(keys.active, id)
        .expire(keys.run(id), DONE_TTL_SECONDS)
        .expire(keys.lines(id), DONE_TTL_SECONDS)
        .exec();
    },

    async setProgressAt(id: string, at: number): Promise<void> {
      await redis.hset(keys.run(id), 'progressAt', String(at));
    },

    /** Runs started and not reported yet (start-up makes sure each has its job). */
    active: () => redis.smembers(keys.active),
  };
}

export type BulkStore = ReturnType<typeof createBulkStore>;
