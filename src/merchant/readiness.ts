import type { MerchantClient } from './client.ts';
import type { Account } from './types.ts';
import { withinTime } from '../lib/within-time.ts';

/** What this replica knows about the Merchant API now, for /readyz and /health. */
export type MerchantState =
  | { state: 'answering'; at: Date; account: Account | null }
  | { state: 'failing'; at: Date; reason: string }
  // No answer seen yet, and no probe could be made now (budget busy, 429 pause) or it is still running.
  | { state: 'unknown' };

export interface MerchantReadinessDeps {
  client: Pick<MerchantClient, 'lastAnswer' | 'lastAccount' | 'probeAccount'>;
  clock?: () => number;
  /** A real successful answer younger than this counts without a probe. */
  freshMs?: number;
  /** A probe's verdict is reused this long. */
  cacheMs?: number;
  /** A check waits this long for a running probe, then answers from what is already known. */
  waitMs?: number;
  /** A probe with no answer by then counts as the service not answering. */
  probeTimeoutMs?: number;
}

export interface MerchantReadiness {
  /** Never waits for the request budget; at most one probe runs per replica, whoever asks. */
  check(): Promise<MerchantState>;
}

// Idle, a healthy replica probes about once a minute (a probe's answer is itself fresh evidence), so even many
// replicas behind an eager load balancer leave the background share of the budget to real work.
const READINESS_DEFAULTS = { freshMs: 60_000, cacheMs: 30_000, waitMs: 2_000, probeTimeoutMs: 10_000 };

/**
 * Judges the Merchant API from the replica's own recent calls, probing with one GET /account only when there
 * is no recent success. A busy budget or a 429 pause is not a failure: the last known state stands, and with
 * none (cold start) the service counts as not failing, so a load balancer never drops every replica at once
 * exactly when they are busy.
 */
export function createMerchantReadiness(deps: MerchantReadinessDeps): MerchantReadiness {
  const clock = deps.clock ?? Date.now;
  const freshMs = deps.freshMs ?? READINESS_DEFAULTS.freshMs;
  const cacheMs = deps.cacheMs ?? READINESS_DEFAULTS.cacheMs;
  const waitMs = deps.waitMs ?? READINESS_DEFAULTS.waitMs;
  const probeTimeoutMs = deps.probeTimeoutMs ?? READINESS_DEFAULTS.probeTimeoutMs;
  let probed: { at: number; state: MerchantState } | undefined;
  let running: Promise<MerchantState | undefined> | undefined;

  const account = (): Account | null => deps.client.lastAccount()?.account ?? null;

  /** The last known state: the newest real answer, whatever its age. */
  const known = (): MerchantState => {
    const last = deps.client.lastAnswer();
    if (last === undefined) return { state: 'unknown' };
    return last.ok
      ? { state: 'answering', at: new Date(last.at), account: account() }
      : { state: 'failing', at: new Date(last.at), reason: last.reason ?? 'failed' };
  };

  /** One probe; undefined when it could not be made now (nothing learnt). */
  const probe = async (): Promise<MerchantState | undefined> => {
    const outcome = await deps.client.probeAccount(AbortSignal.timeout(probeTimeoutMs));
    const at = clock();
    let state: MerchantState;
    switch (outcome.kind) {
      case 'busy':
        return undefined;
      case 'answered':
        state = { state: 'answering', at: new Date(at), account: outcome.account ?? account() };
        break;
      case 'failed':
        state = { state: 'failing', at: new Date(at), reason: outcome.reason };
        break;
      default: {
        const never: never = outcome;
        return never;
      }
    }
    probed = { at, state };
    return state;
  };

  return {
    async check() {
      const now = clock();
      const last = deps.client.lastAnswer();
      if (last?.ok === true && now - last.at < freshMs) {
        return { state: 'answering', at: new Date(last.at), account: account() };
      }
      if (probed !== undefined && now - probed.at < cacheMs) return probed.state;
      running ??= probe()
        .catch(() => undefined)
        .finally(() => {
          running = undefined;
        });
      return (await withinTime(running, waitMs, undefined)) ?? known();
    },
  };
}
