import { keyspace } from '../lib/redis/keyspace.ts';

/** Every Redis key of the notify part (the outbox's records and pace, the alerts' bursts) under `prefix`. */
export function notifyKeys(prefix: string) {
  const outbox = keyspace(prefix, 'outbox');
  const alerts = keyspace(prefix, 'alerts');
  return {
    outbox: {
      /** The record of one sent message: its last text, and the edit waiting for it. */
      message: (chatId: number, messageId: number) => outbox('msg', chatId, messageId),
      lock: (chatId: number, messageId: number) => outbox('msg', chatId, messageId, 'lock'),
      /** Set for `retry_after` by a 429: a message already taken by any replica waits too. */
      paused: outbox('paused'),
      /** The messages sent in the current pace window, by every replica, by jobs and at once alike. */
      pace: outbox('pace'),
      /** Marks an idempotency key whose job was added: enqueuing it again is a duplicate. */
      once: (key: string) => outbox('once', key),
    },
    alerts: {
      /** Marks an alert identity already raised (one alert per cause). */
      once: (identity: string) => alerts('once', identity),
      pending: alerts('pending'),
      meta: alerts('pending-meta'),
      seq: alerts('burst-seq'),
      /** Closed bursts whose messages are not all queued yet. */
      closed: alerts('closed'),
      group: (id: string) => alerts('group', id),
    },
  };
}
