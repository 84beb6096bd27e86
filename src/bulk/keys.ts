import { keyspace } from '../lib/redis/keyspace.ts';

/** Every Redis key of the bulk runs under `prefix`. */
export function bulkKeys(prefix: string) {
  const bulk = keyspace(prefix, 'bulk');
  return {
    /** Hash of one run: its state, counts and file. */
    run: (id: string) => bulk('run', id),
    /** Hash of one run's lines, by line number. */
    lines: (id: string) => bulk('lines', id),
    /** Set of the runs not finished yet. */
    active: bulk('active'),
    /** The run ID of the user's live draft. */
    draftOf: (userId: number) => bulk('draft', userId),
  };
}
