import { botKeys } from './keys.ts';
import type { Job } from 'bullmq';
import type { Api } from 'grammy';
import type { Redis } from 'ioredis';
import type { LoggerLike } from '../domain/log.ts';
import { FOREVER, type JobSystem, type JobWorker } from '../jobs/jobs.ts';
import { runLoop, type LoopHandle } from '../lib/loop.ts';
import { takeDue } from '../lib/redis/due-set.ts';
import { defineScript } from '../lib/redis/redis-script.ts';
import type { Translate } from './i18n.ts';

export interface IdleFlowsDeps {
  redis: Redis;
  prefix: string;
  /** The service's BullMQ jobs: the processes that run jobs sweep the deadlines and run the endings. */
  jobs: Pick<JobSystem, 'queue' | 'work'>;
  idleMs: number;
  api: Pick<Api, 'sendMessage'>;
  translate: Translate;
  /** Locale of a chat, for the goodbye message. */
  localeOf(chatId: number): Promise<string>;
  logger?: LoggerLike;
}

/** Most chats a replica remembers the last push-back of (past it, it starts again: it is only a throttle). */
const PUSHED_AT_LIMIT = 50_000;

/**
 * Drops a chat's flow state unless its deadline was pushed past now: in one step, so an update that pushes the
 * deadline back and writes the flow's next state is never undone by an ending that read the old deadline.
 * KEYS: the deadlines, the flow state ; ARGV: chat, now (ms). Returns 1 when the state was dropped.
 */
const endScript = defineScript(`
local deadline = redis.call('ZSCORE', KEYS[1], ARGV[1])
if deadline and tonumber(deadline) > tonumber(ARGV[2]) then return 0 end
return redis.call('DEL', KEYS[2])
`);

/** The BullMQ queue of idle-flow endings. */
export const IDLE_FLOW_QUEUE = 'idle-flows';

/** The data of a chat's ending job. */
interface IdleFlowJob {
  chatId: number;
}

/** What an ending job did: the flow ended (its state dropped, goodbye said), or it had ended already. */
export type IdleEnding = 'ended' | 'gone';

/**
 * Ends top-up flows left idle. A chat in a flow has a deadline in a due set (lib/redis/due-set.ts, `bot:idle-flows`,
 * chat -> ms), which each of its updates pushes back, on whichever replica takes the update. Every process that
 * runs jobs sweeps the deadlines that came due (a loop, about once a second) into ending jobs, one per chat and
 * deadline (`idle.<chat>.<ms>`). The ending drops the chat's conversation state (in Redis, so a worker ends
 * flows a bot process took) and says goodbye; a flow already finished (no state left), or one that came back to
 * life before its ending ran, ends silently or not at all.
 */
export class IdleFlows {
  readonly #deps: IdleFlowsDeps;
  readonly #key: string;
  #worker: JobWorker | undefined;
  #sweep: LoopHandle | undefined;
  /**
   * Each replica pushes a chat's deadline back at most once per `#slackMs`, to `idleMs + #slackMs` from then, so a
   * flow still ends no sooner than `idleMs` after its last update, and at most `#slackMs` (and a sweep) later.
   */
  readonly #pushedAt = new Map<number, number>();
  readonly #slackMs: number;

  constructor(deps: IdleFlowsDeps) {
    this.#deps = deps;
    this.#key = botKeys(deps.prefix).idleFlows;
    this.#slackMs = Math.min(60_000, Math.floor(deps.idleMs / 15));
  }

  get #queue() {
    return this.#deps.jobs.queue<IdleFlowJob>(IDLE_FLOW_QUEUE);
  }

  conversationKey(chatId: number): string {
    return botKeys(this.#deps.prefix).conversation(chatId);
  }

  #push(chatId: number, onlyInFlow: boolean): Promise<unknown> {
    if (this.#pushedAt.size >= PUSHED_AT_LIMIT) this.#pushedAt.clear();
    const now = Date.now();
    this.#pushedAt.set(chatId, now);
    const deadline = now + this.#deps.idleMs + this.#slackMs;
    return onlyInFlow
      ? this.#deps.redis.zadd(this.#key, 'XX', deadline, chatId)
      : this.#deps.redis.zadd(this.#key, deadline, chatId);
  }

  /** The chat entered a flow: it ends `idleMs` from now unless an update pushes that back. */
  async touch(chatId: number): Promise<void> {
    await this.#push(chatId, false);
  }

  /** Pushes the deadline back, only for chats already in a flow. */
  async refresh(chatId: number): Promise<void> {
    const pushedAt = this.#pushedAt.get(chatId);
    if (pushedAt !== undefined && Date.now() - pushedAt < this.#slackMs) return;
    await this.#push(chatId, true);
  }

  /** The flow finished by itself: its deadline goes (an ending already running finds no state and says nothing). */
  async forget(chatId: number): Promise<void> {
    this.#pushedAt.delete(chatId);
    await this.#deps.redis.zrem(this.#key, chatId);
  }

  /** Ends one chat's flow: drops its state and says goodbye, once; nothing while a newer deadline is ahead. */
  async end(chatId: number): Promise<IdleEnding> {
    const { redis } = this.#deps;
    const dropped = await endScript.run(
      redis,
      [this.#key, this.conversationKey(chatId)],
      [chatId, Date.now()],
    );
    if (dropped !== 1) return 'gone';
    const locale = await this.#deps.localeOf(chatId).catch(() => 'en');
    await this.#deps.api
      .sendMessage(
        chatId,
        this.#deps.translate(locale, 'top-up-idle-ended', {
          // Never "0 minutes", even for the short idle times of tests and demos.
          minutes: Math.max(1, Math.round(this.#deps.idleMs / 60000)),
        }),
      )
      .catch((error: unknown) => this.#deps.logger?.warn({ err: error, chatId }, 'idle goodbye not sent'));
    return 'ended';
  }

  /** Sweeps the deadlines and runs the endings' jobs in this process (ROLE all or worker). */
  start(): void {
    this.#worker ??= this.#deps.jobs.work<IdleFlowJob, IdleEnding>(
      IDLE_FLOW_QUEUE,
      async (job: Job<IdleFlowJob, IdleEnding>) => this.end(job.data.chatId),
      {
        concurrency: 4,
        // An ending whose worker died is taken up again: it is never dropped.
        maxStalledCount: FOREVER,
      },
    );
    this.#sweep ??= runLoop({
      name: 'idle-flows',
      // A second, or a quarter of the short idle times of tests and demos.
      idleMs: Math.max(25, Math.min(1_000, Math.floor(this.#deps.idleMs / 4))),
      round: () =>
        takeDue(this.#deps.redis, this.#key, Date.now(), (chat, deadline) =>
          this.#queue.add(
            'end',
            { chatId: Number(chat) },
            // An ended flow leaves nothing behind.
            { jobId: `idle.${chat}.${deadline}`, removeOnComplete: true },
          ),
        ),
      ...(this.#deps.logger === undefined ? {} : { logger: this.#deps.logger }),
    });
  }

  async stop(): Promise<void> {
    const [worker, sweep] = [this.#worker, this.#sweep];
    this.#worker = undefined;
    this.#sweep = undefined;
    await sweep?.stop();
    await worker?.close();
  }
}
