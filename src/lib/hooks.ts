/**
 * Named points in the order lifecycle and the outbox where tests stop the process (SIGKILL) to prove nothing
 * is lost. Production passes no hooks; `at` is awaited so a test can hold the process still at a point.
 */
export type CrashPoint =
  | 'before-save'
  | 'after-save-before-send'
  | 'after-send-before-store'
  | 'webhook-received-before-store'
  | 'webhook-stored-before-ack'
  | 'event-before-apply'
  | 'follow-up-check'
  | 'outbox-after-send-before-record'
  | 'bulk-before-submit'
  | 'bulk-after-submit';

export interface HookDetail {
  externalOrderId?: string;
  orderId?: string;
  step?: number;
  /** Follow-up checks: the due time served and whether an earlier worker died holding the read. */
  dueAt?: number;
  reclaimed?: boolean;
  /** Follow-up checks: the read's job ID (one per read). */
  job?: string;
}

export interface LifecycleHooks {
  at?(point: CrashPoint, detail: HookDetail): Promise<void> | void;
}

/** Calls a hook if one is set. */
export async function hookAt(
  hooks: LifecycleHooks | undefined,
  point: CrashPoint,
  detail: HookDetail = {},
): Promise<void> {
  if (hooks?.at) await hooks.at(point, detail);
}
