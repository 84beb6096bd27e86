import { MerchantAbortedError } from './errors.ts';

/** Sleeps `ms`, rejecting with an aborted error as soon as `signal` fires. */
export function abortableSleep(ms: number, signal: AbortSignal | undefined, what = 'waiting'): Promise<void> {
  return new Promise((resolve, reject) => {
    const aborted = (): MerchantAbortedError =>
      new MerchantAbortedError(`Merchant API call aborted while ${what}`, { mayHaveReached: false });
    if (signal?.aborted) {
      reject(aborted());
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(aborted());
    };
    const timer = setTimeout(
      () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      },
      Math.max(0, ms),
    );
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
