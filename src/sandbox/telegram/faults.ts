// Faults a test injects into the Bot API stand-in (driver.injectFault, POST /_standin/faults), checked before use.

import { StandInUsageError } from './errors.ts';
import type { FaultSpec } from './world.ts';

/** Refuses a fault that would never end or cannot be answered. */
export function validateFault(spec: FaultSpec): void {
  if (spec.kind === 'rate-limit' && (!Number.isInteger(spec.retryAfter) || spec.retryAfter < 1)) {
    throw new StandInUsageError('a rate-limit fault needs retryAfter: a whole number of seconds, at least 1');
  }
  if (
    spec.kind === 'server-error' &&
    spec.status !== undefined &&
    ![500, 502, 503, 504].includes(spec.status)
  ) {
    throw new StandInUsageError('a server-error fault has status 500, 502, 503 or 504');
  }
  if (spec.calls !== undefined && (!Number.isInteger(spec.calls) || spec.calls < 1)) {
    throw new StandInUsageError('calls is a whole number, at least 1');
  }
  if (spec.forMs !== undefined && !(spec.forMs > 0))
    throw new StandInUsageError('forMs is a positive duration');
}
