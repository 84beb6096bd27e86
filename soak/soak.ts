// One soak run: the world, the people, the faults, a quiet period, the records, the checker.
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { createI18n } from '../src/bot/i18n.ts';
import { DEFAULT_TIMEOUTS } from '../src/merchant/exchange.ts';
import { decodeOrder } from '../src/orders/record.ts';
import { accountsKeys } from '../src/accounts/keys.ts';
import { createNetwork } from '../src/accounts/network.ts';
import { MERCHANT, RedisPricingStore } from '../src/accounts/pricing-store.ts';
import type { StoredOrder } from '../src/orders/types.ts';
import { ACTORS, type ActorContext } from './actors.ts';
import { firstScheduleMinuteAt, runScheduler, scheduleClockOffset } from './schedule-actor.ts';
import { runRoleChanges } from './role-actors.ts';
import { runNetwork } from './network-actor.ts';
import { checkRecords, formatResults, type InvariantResult, type Records } from './checker.ts';
import type { BulkRunRecord, NetworkLink, RoleChangeRecord } from './records.ts';
import { createRng, type Rng } from './rng.ts';
import {
  ADMIN_ID,
  castOf,
  NETWORK_CAST,
  resellerIds,
  ROLE_CAST,
  startSoakWorld,
  type SoakWorld,
} from './world.ts';
import { createBulkStore } from '../src/bulk/store.ts';
import type { RoleChange } from '../src/accounts/roles.ts';
import { createScheduleStore } from '../src/schedules/store.ts';
import { scanKeys } from '../src/lib/redis/connect.ts';
import { jobRecoveryBoundMs, jobsPrefix, RETRY_DELAY_MAX_MS } from '../src/jobs/jobs.ts';
import { BULK_QUEUE } from '../src/bulk/line-jobs.ts';
import { Job, Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { placementRecoveryBoundMs } from '../src/orders/placements.ts';
import { CLUSTER_NODE_TIMEOUT_MS } from '../test/support/cluster.ts';

export interface SoakOptions {
  seed: number;
  /** Active phase (people and faults), in seconds. */
  activeSeconds: number;
  /** Longest quiet period for every order to finish, in seconds (default quietSecondsOf the soak's timings). */
  quietSeconds?: number;
  resellers: number;
  /** How many replicas run at once in the middle of the run (1 or 2). */
  replicas: number;
  /** Where logs, the action log and records.json go. */
  outDir: string;
  /** Run against a Redis Cluster of three masters (REDIS_CLUSTER_NODES) instead of one server. */
  cluster?: boolean;
  /** Split roles: a ROLE=bot replica and a ROLE=worker replica for the whole run (needs `replicas` 2). */
  split?: boolean;
  /** Progress lines (default: none). */
  progress?: (line: string) => void;
}

export interface SoakResult {
  seed: number;
  passed: boolean;
  results: InvariantResult[];
  report: string;
  faults: Record<string, number>;
  outDir: string;
  /** Everything the checker read (for replay, and for tests that break copies of it). */
  records: Records;
}

/**
 * The CI profile (about a minute) and the on-demand one (ten minutes of faults); the quiet period follows the timings.
 * The short one is as short as keeps a role-change cycle and the scheduled runs inside the faults: the first schedule
 * minute (SCHEDULE_FIRST_RUN_S, 25 s) plus the tail a run is given before the end (TAIL_MS, 10 s).
 */
export const PROFILES = {
  short: { activeSeconds: 35, resellers: 6 },
  long: { activeSeconds: 600, resellers: 10 },
} as const;

/** Order timings of the replicas: the production shapes, shortened so lifecycles fit in minutes. */
export const SOAK_TIMINGS = {
  orderTimings: {
    placement: {
      leaseMs: 8_000,
      retryDelaysMs: [300, 700, 1_500, 3_000],
      forbiddenDelayMs: 1_000,
      // Longer than the longest late answer injected (headers time-out + 6 s), so a refusal racing it is not
      // taken as final; short enough that an order whose slow attempt was refused too ends in the quiet period.
      settleMs: DEFAULT_TIMEOUTS.headers + 15_000,
    },
    followUp: {
      firstDelayMs: (seconds: number) => Math.max(300, seconds * 100),
      backoffMs: [1_000, 2_000],
      everyMs: 3_000,
      staleAfterMs: 3_600_000,
      leaseMs: 8_000,
      gridMs: 500,
      gatherMs: 100,
    },
    outbox: { leaseMs: 8_000, retryDelaysMs: [200, 500, 1_000, 2_000] },
    alertGrouping: { quietMs: 500, maxHoldMs: 2_000 },
    claimIdleMs: 8_000,
  },
  merchantRetry: { baseDelayMs: 100, maxDelayMs: 1_000 },
  // A bulk line whose replica was killed is taken up by another within seconds, well inside the quiet period.
  bulkTimings: { leaseMs: 8_000, progressEveryMs: 1_000, retryMs: 1_000 },
};

/** The quiet loop's judgement: everything settled for this many checks a second apart. */
const STABLE_CHECKS = 5;

/**
 * The quiet period (s): how long the product's own bounds say work can take to settle once the last fault is over
 * (Redis answering, the first replica up), computed from the replicas' timings, not guessed:
 * - a Cluster master restarted as a fault may be flagged failed by the others, who clear that two node time-outs
 *   later (Redis' rule) before the Cluster answers again;
 * - then each kind of work the checker judges is taken up again within its recovery bound: confirmed orders'
 *   re-sends (placementRecoveryBoundMs), follow-up reads, chat messages, bulk lines (their back-off reaches
 *   RETRY_DELAY_MAX_MS) and scheduled runs (BullMQ's default lock and back-off) (jobRecoveryBoundMs); a
 *   refusal racing a slow attempt is final `settleMs` after that attempt, before the quiet period began;
 * - then an order is read back within the follow-up's period (on its grid, after the batch's gathering) and its
 *   chat told within the outbox's last retry;
 * - then the quiet loop sees everything settled STABLE_CHECKS times, a second apart.
 * With SOAK_TIMINGS: 4 + max(34, 34, 34, 73, 78, 30) + 3.6 + 2 + 5 = 93 s on a Cluster, 89 s on one server.
 */
export function quietSecondsOf(timings: typeof SOAK_TIMINGS, cluster: boolean): number {
  const { placement, followUp, outbox } = timings.orderTimings;
  const clusterRejoinMs = cluster ? 2 * CLUSTER_NODE_TIMEOUT_MS : 0;
  const recoveryMs = Math.max(
    placementRecoveryBoundMs({ leaseMs: placement.leaseMs }),
    jobRecoveryBoundMs({ lockDurationMs: followUp.leaseMs, retryMaxMs: followUp.leaseMs }),
    jobRecoveryBoundMs({ lockDurationMs: outbox.leaseMs, retryMaxMs: Math.max(...outbox.retryDelaysMs) }),
    jobRecoveryBoundMs({ lockDurationMs: timings.bulkTimings.leaseMs, retryMaxMs: RETRY_DELAY_MAX_MS }),
    jobRecoveryBoundMs(),
    placement.settleMs,
  );
  const toldMs = followUp.everyMs + followUp.gridMs + followUp.gatherMs + Math.max(...outbox.retryDelaysMs);
  return Math.ceil((clusterRejoinMs + recoveryMs + toldMs + STABLE_CHECKS * 1_000) / 1_000);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** JSON for the child: firstDelayMs is a function, so it travels as the factor the child rebuilds. */
function timingsForChild(): Record<string, unknown> {
  return {
    ...SOAK_TIMINGS,
    orderTimings: {
      ...SOAK_TIMINGS.orderTimings,
      followUp: { ...SOAK_TIMINGS.orderTimings.followUp, firstDelayMs: undefined },
    },
  };
}

type FaultEvent =
  | 'sandbox-5xx'
  | 'sandbox-5xx-after-commit'
  | 'sandbox-reset'
  | 'sandbox-drop-response'
  | 'sandbox-429'
  | 'sandbox-latency'
  | 'sandbox-late-answer'
  | 'sandbox-duplicate-quote-token'
  | 'webhook-lose'
  | 'webhook-duplicate'
  | 'webhook-delay'
  | 'telegram-429'
  | 'telegram-5xx'
  | 'bot-sigkill'
  | 'redis-kill';

const FAULTS: readonly FaultEvent[] = [
  'sandbox-5xx',
  'sandbox-5xx-after-commit',
  'sandbox-reset',
  'sandbox-drop-response',
  'sandbox-429',
  'sandbox-latency',
  'sandbox-late-answer',
  'sandbox-duplicate-quote-token',
  'webhook-lose',
  'webhook-duplicate',
  'webhook-delay',
  'telegram-429',
  'telegram-5xx',
  'bot-sigkill',
  'redis-kill',
];

async function injectFault(
  world: SoakWorld,
  kind: FaultEvent,
  rng: Rng,
  log: (e: Record<string, unknown>) => void,
) {
  const windowMs = rng.int(2_000, 8_000);
  const sandboxRule = async (spec: Record<string, unknown>) => {
    const rule = await world.control.post<{ id: string }>('faults', spec);
    log({ fault: kind, spec, windowMs });
    await sleep(windowMs);
    await world.control.del(`faults/${rule.id}`).catch(() => undefined);
  };
  const path = rng.pick(['/recharge/orders', '/recharge/orders/*', '/recharge/quotes', '/recharge/*', '/*']);
  switch (kind) {
    case 'sandbox-5xx':
      return sandboxRule({
        kind: 'error',
        probability: 0.4,
        path,
        status: rng.pick([500, 502, 503, 504]),
        body: rng.pick(['html', 'json']),
      });
    case 'sandbox-5xx-after-commit':
      return sandboxRule({
        kind: 'error',
        probability: 0.5,
        path: '/recharge/orders',
        method: 'POST',
        status: 502,
        after_commit: true,
      });
    case 'sandbox-reset':
      return sandboxRule({ kind: 'reset', probability: 0.3, path });
    case 'sandbox-drop-response':
      return sandboxRule({ kind: 'drop_response', probability: 0.5 });
    case 'sandbox-429':
      return sandboxRule({ kind: 'rate_limit', next: rng.int(1, 3), retry_after: rng.int(1, 3), path });
    case 'sandbox-latency':
      return sandboxRule({
        kind: 'latency',
        probability: 0.5,
        latency_ms: rng.int(200, 2_500),
        jitter: true,
        path,
      });
    case 'sandbox-late-answer':
      // The next placement is held past the bot's client time-out, then committed and answered: the client's
      // resend races it (and meets the held number), so the bot must look the order up, not take a refusal.
      return sandboxRule({
        kind: 'late_answer',
        next: 1,
        path: '/recharge/orders',
        method: 'POST',
        latency_ms: DEFAULT_TIMEOUTS.headers + rng.int(1_000, 6_000),
      });
    case 'sandbox-duplicate-quote-token':
      // Identical quotes (same recharge, same price) get one token: each confirmation is still its own order.
      return sandboxRule({ kind: 'duplicate_quote_token', probability: 0.8 });
    case 'webhook-lose':
      return sandboxRule({ kind: 'webhook_lose', probability: 0.4 });
    case 'webhook-duplicate':
      return sandboxRule({ kind: 'webhook_duplicate', probability: 0.5, copies: rng.int(2, 3) });
    case 'webhook-delay':
      return sandboxRule({
        kind: 'webhook_delay',
        probability: 0.6,
        latency_ms: rng.int(500, 4_000),
        jitter: true,
      });
    case 'telegram-429': {
      const spec = { kind: 'rate-limit' as const, retryAfter: rng.int(1, 3), forMs: windowMs };
      log({ fault: kind, spec });
      world.standIn.driver.injectFault(spec);
      await sleep(windowMs);
      return;
    }
    case 'telegram-5xx': {
      const spec = {
        kind: 'server-error' as const,
        status: rng.pick([500, 502, 503, 504] as const),
        forMs: Math.min(windowMs, 3_000),
      };
      log({ fault: kind, spec });
      world.standIn.driver.injectFault(spec);
      await sleep(windowMs);
      return;
    }
    case 'bot-sigkill': {
      const live = world.liveReplicas();
      if (live.length === 0) return;
      const index = rng.pick(live);
      const downMs = rng.int(200, 3_000);
      log({ fault: kind, replica: index, downMs });
      await world.killReplica(index);
      await sleep(downMs);
      await world.startReplica(index);
      return;
    }
    case 'redis-kill': {
      const downMs = rng.int(500, 3_000);
      log({ fault: kind, downMs });
      await world.stopRedis();
      await sleep(downMs);
      await world.startRedis();
      return;
    }
  }
}

/**
 * Every change of the margin rules (the merchant's and each distributor's: anyone granted distributor or with a
 * network), oldest first.
 */
async function collectPricing(
  world: SoakWorld,
  roleChanges: readonly RoleChangeRecord[],
  networkParents: readonly NetworkLink[],
): Promise<NonNullable<Records['pricingChanges']>> {
  const network = createNetwork({ redis: world.client, prefix: world.prefix, maxDepth: 4 });
  const pricing = new RedisPricingStore({
    redis: world.client,
    prefix: world.prefix,
    defaultPercent: '0',
    network,
  });
  const distributors = new Set([
    ...roleChanges.filter((c) => c.role === 'distributor').map((c) => c.user),
    ...networkParents.map((l) => l.parent),
  ]);
  const changes: NonNullable<Records['pricingChanges']> = [];
  for (const owner of [null, ...distributors]) {
    const audit = await pricing.audit(
      200,
      owner === null ? MERCHANT : { kind: 'distributor', userId: owner },
    );
    changes.push(...audit.reverse().map((c) => ({ owner, ...c })));
  }
  return changes;
}

/** Every role change (roles:audit, oldest first) and every schedule with its last run, as the bot's Redis holds them. */
async function collectRoles(world: SoakWorld): Promise<Pick<Records, 'roleChanges' | 'schedules'>> {
  const audit = await world.client.lrange(`${world.prefix}roles:audit`, 0, -1);
  const roleChanges = audit.map((row) => JSON.parse(row) as RoleChange).reverse();
  const store = createScheduleStore(world.client, world.prefix);
  const schedules: NonNullable<Records['schedules']> = [];
  for (const id of await store.all()) {
    const record = await store.get(id);
    if (record === null) continue;
    schedules.push({
      id,
      resellerId: record.facts.payer.resellerId,
      state: record.state,
      ...(record.last === undefined ? {} : { last: record.last }),
    });
  }
  return { roleChanges, schedules };
}

/** The line jobs of bulk run `runId` as BullMQ holds them (line-jobs.ts bulkJobId: `bulk.<run>.<round>.<line>`). */
async function lineJobs(
  client: Redis,
  prefix: string,
  runId: string,
): Promise<NonNullable<BulkRunRecord['jobs']>> {
  const queue = new Queue(BULK_QUEUE, { connection: client, prefix: jobsPrefix(prefix) });
  const ids: string[] = [];
  const keyOf = (id: string) => `${jobsPrefix(prefix)}:${BULK_QUEUE}:${id}`;
  for await (const batch of scanKeys(client, keyOf(`bulk.${runId}.*`), 500))
    ids.push(...batch.map((key) => key.slice(keyOf('').length)).filter((id) => !id.includes(':')));
  const jobs: NonNullable<BulkRunRecord['jobs']> = [];
  for (const id of ids.sort()) {
    const job = await Job.fromId(queue, id);
    if (job === undefined) continue;
    jobs.push({
      id,
      state: await job.getState(),
      attemptsMade: job.attemptsMade,
      stalled: job.stalledCounter,
      ...(job.failedReason ? { failedReason: job.failedReason.slice(0, 200) } : {}),
    });
  }
  await queue.close();
  return jobs;
}

async function collect(
  world: SoakWorld,
  phones: string[],
  clockSlackMs: number,
  scheduleClockOffsetMs: number,
): Promise<Records> {
  const orders = await world.control.get<{ results: Records['sandboxOrders'] }>('orders');
  const quotes = await world.control.get<{ results: Records['quotes'] }>('quotes');
  const ledger = await world.control.get<{ results: Records['ledger'] }>('ledger');
  const requests = await world.control.get<{
    results: Records['requests'];
    per_minute: Records['perMinute'];
  }>('requests');
  const prefix = world.prefix;
  const keys: string[] = [];
  for await (const batch of scanKeys(world.client, `${prefix}orders:o:*`, 500)) keys.push(...batch);
  const botOrders: StoredOrder[] = [];
  for (const key of keys) {
    const data = await world.client.hget(key, 'data');
    if (data) botOrders.push(decodeOrder(data, key.slice(`${prefix}orders:o:`.length)));
  }
  const accounts: NonNullable<Records['accounts']> = [];
  const accountHashes: string[] = [];
  for await (const batch of scanKeys(world.client, `${prefix}acct:*:a`, 500)) accountHashes.push(...batch);
  for (const hash of accountHashes) {
    const userId = Number(/\{(\d+)\}/.exec(hash)?.[1]);
    const keys = accountsKeys(prefix).account(userId);
    const [bal, hold] = await world.client.hmget(keys.account, 'bal', 'hold');
    const rows = await world.client.xrange(keys.ledger, '-', '+');
    const entries = rows.map(([id, fields]) => {
      const f = new Map<string, string>();
      for (let i = 0; i + 1 < fields.length; i += 2) f.set(fields[i]!, fields[i + 1]!);
      return {
        id,
        kind: f.get('k') ?? '',
        amount: f.get('a') ?? '0',
        held: f.get('h') ?? '0',
        ref: f.get('r') ?? '',
        note: f.get('n') ?? '',
        ...(f.has('b') ? { balanceAfter: f.get('b')! } : {}),
        ...(f.has('ho') ? { holdsAfter: f.get('ho')! } : {}),
      };
    });
    accounts.push({ userId, balanceUnits: bal ?? '0', holdUnits: hold ?? '0', entries });
  }
  const parents = await world.client.hgetall(accountsKeys(prefix).parents);
  const networkParents = Object.entries(parents).map(([child, parent]) => ({
    child: Number(child),
    parent: Number(parent),
  }));
  const roles = await collectRoles(world);
  const driver = world.standIn.driver;
  const chats: Records['chats'] = {};
  for (const user of driver.users()) chats[String(user.id)] = driver.user({ id: user.id }).chat();
  // Bulk runs as the bot's Redis holds them (a dropped draft is gone), and every report document sent.
  const bulk = createBulkStore(world.client, prefix);
  const runKeys: string[] = [];
  for await (const batch of scanKeys(world.client, `${prefix}bulk:run:*`, 500)) runKeys.push(...batch);
  const bulkRuns: NonNullable<Records['bulkRuns']> = [];
  for (const key of runKeys) {
    const runId = key.slice(`${prefix}bulk:run:`.length);
    const run = await bulk.get(runId);
    if (run === null) continue;
    const ended = run.state === 'finished' || run.state === 'cancelled';
    bulkRuns.push({
      ...(ended ? {} : { jobs: await lineJobs(world.client, prefix, runId) }),
      runId,
      resellerId: run.meta.resellerId,
      chatId: run.meta.chatId,
      state: run.state,
      reported: run.reported,
      lines: (await bulk.lines(runId)).map((l) => ({
        line: l.line,
        account: l.account,
        ext: l.ext,
        state: l.state,
        ...(l.error === undefined ? {} : { error: l.error }),
      })),
    });
  }
  const bulkReports: NonNullable<Records['bulkReports']> = [];
  for (const [chat, messages] of Object.entries(chats)) {
    for (const m of messages) {
      const name = m.from === 'bot' ? m.file?.name : undefined;
      // bulk-report-<YYYY-MM-DD>-<run id>.csv
      const runId = name?.startsWith('bulk-report-') ? name.slice(23, -4) : undefined;
      const bytes = runId === undefined ? undefined : driver.fileBytes(m.file?.fileId ?? '');
      if (runId !== undefined && bytes !== undefined)
        bulkReports.push({ runId, chat, csv: Buffer.from(bytes).toString('utf8') });
    }
  }
  return {
    sandboxOrders: orders.results,
    quotes: quotes.results,
    ledger: ledger.results,
    requests: requests.results,
    perMinute: requests.per_minute,
    botOrders,
    accounts,
    networkParents,
    calls: driver.calls(),
    updates: driver.updates(),
    chats,
    bulkRuns,
    bulkReports,
    ...roles,
    pricingChanges: await collectPricing(world, roles.roleChanges ?? [], networkParents),
    configuredAdmins: [ADMIN_ID],
    scheduleClockOffsetMs,
    logs: world.logFiles.map((file) => ({
      file,
      lines: readFileSync(file, 'utf8')
        .split('\n')
        .filter((l) => l !== ''),
    })),
    exits: world.exits,
    secrets: [
      world.secrets.apiKey,
      ...world.secrets.webhookSecrets,
      world.secrets.botToken,
      world.secrets.telegramSecret,
    ],
    phones,
    rateLimitPerMinute: world.rateLimitPerMinute,
    clockSlackMs,
  };
}

/**
 * Scheduled runs due now or running (BullMQ's lists of the `schedules` queue, and its delayed jobs due within a
 * few seconds: their score is the due time × 0x1000): a run killed with its replica is run again once its lock
 * runs out.
 */
async function scheduledRunsDue(world: SoakWorld): Promise<number> {
  const base = `${world.prefix}jobs:schedules`;
  const [waiting, active, prioritized, delayed] = await Promise.all([
    world.client.llen(`${base}:wait`),
    world.client.llen(`${base}:active`),
    world.client.zcard(`${base}:prioritized`),
    world.client.zcount(`${base}:delayed`, 0, (Date.now() + 5_000) * 0x1000),
  ]);
  return waiting + active + prioritized + delayed;
}

/** Waits until every order has finished and the bot knows it, or the quiet period is over. */
async function quiet(world: SoakWorld, seconds: number, progress: (line: string) => void): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  let stable = 0;
  let state = 'not read yet';
  while (Date.now() < deadline) {
    // Long steps (manual review, slow refunds) are pushed along by the sandbox's service clock.
    await world.control.post('clock/advance', { seconds: 600 }).catch(() => undefined);
    await sleep(1_000);
    try {
      const orders = await world.control.get<{ results: { status: string }[] }>('orders');
      const open = orders.results.filter((o) => o.status !== 'succeeded' && o.status !== 'refunded').length;
      const unfinished = await world.client.zcard(`${world.prefix}orders:unfinished`);
      const runs = await createBulkStore(world.client, world.prefix).active();
      const pending = world.standIn.driver.pendingUpdateCount();
      const scheduled = await scheduledRunsDue(world);
      state = `${open} orders open at the sandbox, ${unfinished} unfinished in the bot, ${runs.length} bulk runs not reported, ${pending} Telegram updates pending, ${scheduled} scheduled runs due or running`;
      if (open === 0 && unfinished === 0 && runs.length === 0 && pending === 0 && scheduled === 0)
        stable += 1;
      else stable = 0;
      if (stable === 1)
        progress(`quiet: all ${orders.results.length} orders finished; letting the outbox drain`);
      if (stable >= STABLE_CHECKS) return;
    } catch {
      stable = 0;
    }
  }
  progress(`quiet period over before everything settled (${state}); checking anyway`);
}

/** Runs one soak and checks the books; never throws for an invariant, only for a broken harness. */
export async function runSoak(options: SoakOptions): Promise<SoakResult> {
  const progress = options.progress ?? (() => undefined);
  mkdirSync(options.outDir, { recursive: true });
  const actionFile = join(options.outDir, 'actions.jsonl');
  writeFileSync(actionFile, '');
  const startedAt = Date.now();
  const log = (entry: Record<string, unknown>) =>
    appendFileSync(actionFile, `${JSON.stringify({ t: Date.now() - startedAt, ...entry })}\n`);
  // The sandbox lives in this process: its arrival stamps are only as good as this event loop is prompt.
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const rng = createRng(options.seed);
  const faultRng = rng.fork('faults');
  const entry = fileURLToPath(new URL('./bot-process.ts', import.meta.url));
  // One more reseller schedules top-ups (soak/schedule-actor.ts), on a schedule clock whose minutes fall in the run.
  const scheduleOffsetMs = scheduleClockOffset(startedAt);
  const schedulerId = resellerIds(options.resellers + 1)[options.resellers]!;
  const world = await startSoakWorld({
    logDir: join(options.outDir, 'logs'),
    seed: options.seed,
    resellers: options.resellers + 1,
    rateLimitPerMinute: 600,
    timings: { ...timingsForChild(), scheduleClockOffsetMs: scheduleOffsetMs },
    entry,
    ...(options.cluster === true ? { cluster: true } : {}),
    ...(options.split === true ? { split: true } : {}),
  });
  progress(`world up (seed ${options.seed}); active for ${options.activeSeconds} s`);
  const faults: Record<string, number> = {};
  const phones: string[] = [];
  let result: SoakResult | undefined;
  try {
    let active = true;
    const ctx: ActorContext = {
      standIn: world.standIn,
      rng,
      log: (e) => {
        const listed = Array.isArray(e.phones) ? (e.phones as unknown[]) : [];
        for (const v of [e.phone, e.text, ...listed])
          if (typeof v === 'string' && /\d{8,}/.test(v)) phones.push(v);
        log(e);
      },
      running: () => active,
      knownNumbers: new Set(),
    };
    const actors = [
      ...castOf(options.resellers).map(({ kind, id }) => ACTORS[kind](id, ctx)),
      runScheduler(
        schedulerId,
        ctx,
        scheduleOffsetMs,
        startedAt + options.activeSeconds * 1000,
        Date.now() + options.activeSeconds * 1000,
      ),
      runRoleChanges(
        ROLE_CAST,
        ctx,
        {
          offsetMs: scheduleOffsetMs,
          firstMinuteAt: firstScheduleMinuteAt(startedAt),
          activeUntil: startedAt + options.activeSeconds * 1000,
        },
        {
          slowService: async (latencyMs) => {
            const spec = { kind: 'latency', path: '/recharge/*', method: 'POST', latency_ms: latencyMs };
            const rule = await world.control.post<{ id: string }>('faults', spec);
            log({ fault: 'role-slow-service', spec });
            return () => world.control.del(`faults/${rule.id}`).catch(() => undefined);
          },
        },
      ),
      runNetwork(NETWORK_CAST, ctx, startedAt + options.activeSeconds * 1000),
    ];

    // Faults: sandbox and Telegram windows may overlap; process kills (bot, Redis) one at a time.
    const activeMs = options.activeSeconds * 1000;
    const faultLoops: Promise<void>[] = [];
    let processBusy = Promise.resolve();
    const faultLoop = async (label: string) => {
      const local = faultRng.fork(label);
      await sleep(local.int(1_000, 4_000));
      while (Date.now() - startedAt < activeMs) {
        const kind = local.pick(FAULTS);
        faults[kind] = (faults[kind] ?? 0) + 1;
        if (kind === 'bot-sigkill' || kind === 'redis-kill') {
          const run = processBusy.then(() => injectFault(world, kind, local, log));
          processBusy = run.catch((error: unknown) => log({ fault: kind, harnessError: String(error) }));
          await processBusy;
        } else {
          await injectFault(world, kind, local, log).catch((error: unknown) =>
            log({ fault: kind, harnessError: String(error) }),
          );
        }
        await sleep(local.int(1_000, 5_000));
      }
    };
    faultLoops.push(faultLoop('a'), faultLoop('b'));

    // Split roles: the worker runs from the start (the faults kill and restart either process); otherwise a
    // second replica shares the Redis for the middle half of the run.
    if (options.split === true) await world.startReplica(1);
    const replicaPlan = (async () => {
      if (options.split === true) {
        // Half-way, the worker dies (SIGKILL) with whatever it holds, and a new one starts two seconds later.
        await sleep(activeMs * 0.5);
        await processBusy;
        log({ event: 'worker down (SIGKILL)' });
        await world.killReplica(1);
        await sleep(2_000);
        await world.startReplica(1);
        log({ event: 'worker up again' });
        return;
      }
      if (options.replicas < 2) return;
      await sleep(activeMs * 0.25);
      await processBusy;
      log({ event: 'second replica up' });
      await world.startReplica(1);
      await sleep(activeMs * 0.5);
      await processBusy;
      log({ event: 'second replica down (SIGKILL)' });
      await world.killReplica(1);
    })();

    const ticker = setInterval(() => {
      progress(
        `t=${Math.round((Date.now() - startedAt) / 1000)} s, live replicas ${world.liveReplicas().join(',') || 'none'}, redis ${world.redisUp ? 'up' : 'down'}`,
      );
    }, 30_000);
    await sleep(activeMs);
    active = false;
    clearInterval(ticker);
    await Promise.all(faultLoops);
    await replicaPlan;
    await processBusy;
    await Promise.all(actors);

    // Quiet period: every fault off, Redis and the first replica up, then let every order finish.
    await world.control.del('faults').catch(() => undefined);
    world.standIn.driver.clearFaults();
    if (!world.redisUp) await world.startRedis();
    if (!world.liveReplicas().includes(0)) await world.startReplica(0);
    if (options.split === true && !world.liveReplicas().includes(1)) await world.startReplica(1);
    progress(`active phase over; faults: ${JSON.stringify(faults)}`);
    await quiet(
      world,
      options.quietSeconds ?? quietSecondsOf(SOAK_TIMINGS, options.cluster === true),
      progress,
    );

    loopDelay.disable();
    const records = await collect(world, phones, Math.ceil(loopDelay.max / 1e6), scheduleOffsetMs);
    writeFileSync(join(options.outDir, 'records.json'), JSON.stringify(records, null, 1));
    const i18n = createI18n('en');
    const results = checkRecords(records, (locale, key, vars) => i18n.t(locale, key, vars));
    const passed = results.every((r) => r.pass);
    const lines = [
      `soak seed=${options.seed} active=${options.activeSeconds}s resellers=${options.resellers} replicas=${options.replicas}${options.split === true ? ' (split: ROLE=bot + ROLE=worker)' : ''}`,
      `orders=${records.sandboxOrders.length} quotes=${records.quotes.length} requests=${records.requests.length} telegram-calls=${records.calls.length} updates=${records.updates.length}`,
      `faults injected: ${JSON.stringify(faults)}`,
      formatResults(results),
    ];
    if (!passed) {
      lines.push(
        `FAILED. Seed ${options.seed}. Replay: npm run soak -- --seed ${options.seed} --minutes ${options.activeSeconds / 60} --replicas ${options.replicas}`,
        `Records: ${join(options.outDir, 'records.json')} (sandbox orders, quotes, ledger, requests; stand-in calls, updates, chats; the bot's orders), actions: ${actionFile}, bot logs: ${join(options.outDir, 'logs')}`,
        'Timing is not replayed exactly (real processes and clocks); the seed replays the same people, choices and fault schedule.',
      );
    }
    result = {
      seed: options.seed,
      passed,
      results,
      report: lines.join('\n'),
      faults,
      outDir: options.outDir,
      records,
    };
  } finally {
    await world.close();
  }
  return result;
}
