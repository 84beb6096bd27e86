import { keyspace } from '../lib/redis/keyspace.ts';

/** Every Redis key of the schedules under `prefix`. */
export function scheduleKeys(prefix: string) {
  const sched = keyspace(prefix, 'sched');
  return {
    /** Hash of one schedule: its facts, state, next and last run. */
    record: (id: string) => sched(id),
    /** Set of one user's schedules. */
    user: (userId: number) => sched('u', userId),
    /** Set of every schedule. */
    all: sched('all'),
  };
}
