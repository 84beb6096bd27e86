/**
 * Values read from Redis, each kept by this replica while the version it was read at is still the version: a
 * counter that every change of what the values come from bumps in the same script (the roles' version). A reader
 * reads the version along with its other reads and hands it in; a new version drops everything at once.
 */
export function createVersionedCache<K, V>(limit: number) {
  let version: string | null | undefined;
  const values = new Map<K, V>();
  return {
    /** The version last handed in (undefined before the first). */
    get version(): string | null | undefined {
      return version;
    },

    /** The value of `key` at `at`: kept from an earlier read at that version, else `load`ed (and kept). */
    async read(at: string | null, key: K, load: () => Promise<V>): Promise<V> {
      if (at !== version) {
        version = at;
        values.clear();
      }
      const kept = values.get(key);
      if (kept !== undefined) return kept;
      const value = await load();
      // Kept under the version read before it: a change in between bumps the version, so it is read again.
      if (version === at) {
        if (values.size >= limit) values.clear();
        values.set(key, value);
      }
      return value;
    },
  };
}
