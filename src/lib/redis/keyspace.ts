/**
 * The key names of one part, under the service's prefix (REDIS_PREFIX): `keyspace('rb:', 'orders')('o', id)` is
 * `rb:orders:o:<id>`. Each part that owns keys names them all in its own keys.ts through this, so the keys of a
 * part are read in one file and no two parts can build the same name by accident.
 */
export type KeyName = (...parts: ReadonlyArray<string | number>) => string;

export function keyspace(prefix: string, family: string): KeyName {
  const base = prefix + family;
  return (...parts) => (parts.length === 0 ? base : `${base}:${parts.join(':')}`);
}

/** A Redis Cluster hash tag: keys that hold the same tag share a slot, so one script may touch them all. */
export function slot(value: string | number): string {
  return `{${value}}`;
}
