import type { Cluster, Redis } from 'ioredis';

/**
 * Holds a write that moves money until a replica has it (`WAIT`), so that a failover cannot forget it: a master that
 * dies takes with it whatever it had not yet sent to its replicas. WAIT counts the writes of one connection, so it
 * runs where they were written: on the one client (Sentinel), or, in a Cluster, on the client's connection to the
 * master serving the keys' hash tag.
 */
export interface ReplicaAcks {
  /** Whether writes are held now (Sentinel; a Cluster whose master of the keys' tag has replicas). */
  readonly required: boolean;
  /** The last answer of confirm() that waited: null before the first. */
  readonly lastAcknowledged: boolean | null;
  /** Whether writes are held, read again when due (a Cluster's replicas may be added or forgotten). */
  requiredNow(): Promise<boolean>;
  /** True once at least the required replicas have every write of this connection so far; true when not required. */
  confirm(): Promise<boolean>;
}

/** How writes are held: not at all (one server), on the client (Sentinel), or on the master of a slot (Cluster). */
export type ReplicaAckMode =
  | { kind: 'none' }
  | { kind: 'sentinel'; replicas: number; timeoutMs: number }
  | {
      kind: 'cluster';
      replicas: number;
      timeoutMs: number;
      /** A key with the hash tag every key of the service shares: WAIT goes to the master of its slot. */
      slotKey: string;
    };

/**
 * Whether the master serving `slot` has a replica configured: CLUSTER NODES lists a replica of it, whatever the
 * replica's state (one that died stays listed, flagged `fail`, until an operator forgets it). Every key of the
 * service shares one hash tag, so that master holds them all: without a replica of its own its data is one copy,
 * like a single server's, whatever the other masters have.
 */
export function masterOfSlotHasReplicas(clusterNodes: string, slot: number): boolean {
  const nodes = clusterNodes
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const fields = line.split(' ');
      return {
        id: fields[0]!,
        flags: (fields[2] ?? '').split(','),
        master: fields[3] ?? '-',
        slots: fields.slice(8),
      };
    });
  const serving = nodes.find(
    (node) =>
      node.flags.includes('master') &&
      node.slots.some((range) => {
        const [from, to = from] = range.split('-').map(Number);
        return from !== undefined && to !== undefined && slot >= from && slot <= to;
      }),
  );
  if (serving === undefined) return true;
  return nodes.some(
    (node) => (node.flags.includes('slave') || node.flags.includes('replica')) && node.master === serving.id,
  );
}

export function createReplicaAcks(redis: Redis, mode: ReplicaAckMode): ReplicaAcks {
  let last: boolean | null = null;
  switch (mode.kind) {
    case 'none':
      return {
        required: false,
        lastAcknowledged: null,
        requiredNow: () => Promise.resolve(false),
        confirm: () => Promise.resolve(true),
      };
    case 'sentinel':
      return {
        required: true,
        get lastAcknowledged() {
          return last;
        },
        requiredNow: () => Promise.resolve(true),
        async confirm() {
          last = await redis
            .wait(mode.replicas, mode.timeoutMs)
            .then((count) => count >= mode.replicas)
            .catch(() => false);
          return last;
        },
      };
    case 'cluster':
      return clusterAcks(redis as unknown as Cluster, mode);
    default: {
      const never: never = mode;
      throw new Error(`unhandled replica ack mode ${String(never)}`);
    }
  }
}

function clusterAcks(cluster: Cluster, mode: Extract<ReplicaAckMode, { kind: 'cluster' }>): ReplicaAcks {
  // How long the Cluster's answer to "has it replicas?" is kept.
  const ttlMs = 10_000;
  let last: boolean | null = null;
  // Until the Cluster is read, writes are held: a wrong "no" would send an order no replica has.
  let required = true;
  let readAt = -Infinity;
  let slot: number | undefined;

  async function refreshRequired(): Promise<boolean> {
    if (Date.now() - readAt < ttlMs) return required;
    try {
      slot ??= Number(await cluster.call('CLUSTER', 'KEYSLOT', mode.slotKey));
      required = masterOfSlotHasReplicas(String(await cluster.call('CLUSTER', 'NODES')), slot);
      readAt = Date.now();
    } catch {
      // Unreadable now: keep the last answer (held at first) and ask again at the next write.
    }
    return required;
  }

  return {
    get required() {
      return required;
    },
    get lastAcknowledged() {
      return last;
    },
    requiredNow: refreshRequired,
    async confirm() {
      if (!(await refreshRequired())) return true;
      // A pipeline goes to the master of its keys' slot, on the connection the order commit used; EXISTS only
      // routes it there.
      last = await cluster
        .pipeline()
        .exists(mode.slotKey)
        .wait(mode.replicas, mode.timeoutMs)
        .exec()
        .then((replies) => {
          const [error, count] = replies?.[1] ?? [new Error('no reply')];
          return error === null && Number(count) >= mode.replicas;
        })
        .catch(() => false);
      return last;
    },
  };
}
