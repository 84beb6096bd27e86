import { botKeys } from './keys.ts';
import type { Job } from 'bullmq';
import type { Api } from 'grammy';
import type { Redis } from 'ioredis';
import type { LoggerLike } from '../domain/log.ts';
import { FOREVER, type JobSystem, type JobWorker } from '../jobs/jobs.ts';
import type { Translate } from './i18n.ts';

export interface IdleFlowsDeps {
  redis: Redis;
  prefix: string;
  /** The service's BullMQ jobs: any process adds and pushes back the endings, those that run jobs run them. */
  jobs: Pick<JobSystem, 'queue' | 'work'>;
  idleMs: number;
  api: Pick<Api, 'sendMessage'>;
  translate: Translate;
  /** Locale of a chat, for the goodbye message. */
  localeOf(chatId: number): Promise<string>;
  logger?: Pick<LoggerLike, 'warn'>;
}

/** Most chats a replica remembers the last push-back of (past it, it starts again: it is only a throttle). */
const PUSHED_AT_LIMIT = 50_000;

/** The BullMQ queue of idle-flow endings. */
export const IDLE_FLOW_QUEUE = 'idle-flows';

/** The data of a chat's ending job. */
interface IdleFlowJob {
  chatId: number;
}

/** What an ending job did: the flow ended (its state dropped, goodbye said), or it had ended already. */
export type IdleEnding = 'ended' | 'gone';

/** The deduplication ID of a chat's ending job: one job per chat at a time, whatever the replicas. */
export function idleFlowJobKey(chatId: number): string {
  return `idle.${chatId}`;
}

/**
 * Ends top-up flows left idle, on BullMQ (src/jobs): a chat in a flow has one delayed job, deduplicated by the
 * chat (`idle.<chat>`), that each of its updates pushes back to `idleMs` from now (BullMQ's debounce mode,
 * `deduplication.reschedule`), on whichever replica takes the update. When it fires, the worker that runs it
 * drops the chat's conversation state (in Redis, so a worker process ends flows a bot process took) and says
 * goodbye through the Bot API; a flow already finished (no state left) ends silently. One job per chat, run by
 * one worker: a flow ends once, whatever the replicas.
 */
export class IdleFlows {
  readonly #deps: IdleFlowsDeps;
  #worker: JobWorker | undefined;
  /**
   * Pushing an ending back is a BullMQ add (a script of a dozen commands), too dear for every update of every
   * chat: this replica pushes a chat's ending back at most once per `#slackMs`, to `idleMs + #slackMs` from
   * then, so a flow still ends no sooner than `idleMs` after its last update, and at most `#slackMs` later.
   */
  readonly #pushedAt = new Map<number, number>();
  readonly #slackMs: number;

  constructor(deps: IdleFlowsDeps) {
    this.#deps = deps;
    this.#slackMs = Math.min(60_000, Math.floor(deps.idleMs / 15));
  }

  get #queue() {
    return this.#deps.jobs.queue<IdleFlowJob>(IDLE_FLOW_QUEUE);
  }

  conversationKey(chatId: number): string {
    return botKeys(this.#deps.prefix).conversation(chatId);
  }

  /** The chat entered a flow: it ends `idleMs` from now unless an update pushes that back. */
  async touch(chatId: number): Promise<void> {
    if (this.#pushedAt.size >= PUSHED_AT_LIMIT) this.#pushedAt.clear();
    this.#pushedAt.set(chatId, Date.now());
    await this.#queue.add(
      'end',
      { chatId },
      {
        delay: this.#deps.idleMs + this.#slackMs,
        // A flow entered while its chat's previous ending runs gets its own, added when that one finishes.
        deduplication: { id: idleFlowJobKey(chatId), reschedule: true, keepLastIfActive: true },
        // An ended flow leaves nothing behind.
        removeOnComplete: true,
      },
    );
  }

  /** Pushes the ending back, only for chats already in a flow. */
  async refresh(chatId: number): Promise<void> {
    const pushedAt = this.#pushedAt.get(chatId);
    if (pushedAt !== undefined && Date.now() - pushedAt < this.#slackMs) return;
    if ((await this.#queue.getDeduplicationJobId(idleFlowJobKey(chatId))) === null) return;
    await this.touch(chatId);
  }

  /** The flow finished by itself: its ending job goes (one already running finds no state and says nothing). */
  async forget(chatId: number): Promise<void> {
    this.#pushedAt.delete(chatId);
    const jobId = await this.#queue.getDeduplicationJobId(idleFlowJobKey(chatId));
    if (jobId === null) return;
    await this.#queue.remove(jobId).catch(() => undefined);
  }

  /** Ends one chat's flow: drops its state and says goodbye, once. */
  async end(chatId: number): Promise<IdleEnding> {
    const existed = await this.#deps.redis.del(this.conversationKey(chatId));
    if (existed === 0) return 'gone';
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

  /** Runs the endings' jobs in this process (ROLE all or worker). */
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
  }

  async stop(): Promise<void> {
    const worker = this.#worker;
    this.#worker = undefined;
    await worker?.close();
  }
}
