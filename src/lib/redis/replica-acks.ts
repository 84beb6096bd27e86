import type { Redis } from 'ioredis';

/**
 * Holds a write that moves money until a replica has it (`WAIT`), so that a failover cannot forget it: with
 * Sentinel, a master that dies takes with it whatever it had not yet sent to its replicas. WAIT counts the
 * writes of this connection, so it runs on the client that wrote.
 */
export interface ReplicaAcks {
  /** Whether writes are held at all (Sentinel). */
  readonly required: boolean;
  /** The last answer of confirm(): null before the first. */
  readonly lastAcknowledged: boolean | null;
  /** True once at least the required replicas have every write of this connection so far; true when not required. */
  confirm(): Promise<boolean>;
}

export function createReplicaAcks(
  redis: Pick<Redis, 'wait'>,
  options: { replicas: number; timeoutMs: number } | null,
): ReplicaAcks {
  let last: boolean | null = null;
  return {
    required: options !== null,
    get lastAcknowledged() {
      return last;
    },
    async confirm() {
      if (options === null) return true;
      const acknowledged = await redis
        .wait(options.replicas, options.timeoutMs)
        .then((count) => count >= options.replicas)
        .catch(() => false);
      last = acknowledged;
      return acknowledged;
    },
  };
}
