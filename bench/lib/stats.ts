/** Small numeric helpers for benchmark figures (timings are floats; money never passes through here). */

/** The q-quantile (0..1) of the samples by nearest rank; NaN when there are none. */
export function quantile(samples: readonly number[], q: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

export function median(samples: readonly number[]): number {
  return quantile(samples, 0.5);
}

/** A figure rounded for the table: 3 significant digits, no exponent. */
export function fmt(value: number, unit = ''): string {
  if (!Number.isFinite(value)) return 'n/a';
  const abs = Math.abs(value);
  const digits = abs >= 100 ? 0 : abs >= 10 ? 1 : abs >= 1 ? 2 : 3;
  return `${value.toFixed(digits)}${unit === '' ? '' : ` ${unit}`}`;
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `probe` until it returns a truthy value or the time is up. */
export async function waitFor<T>(probe: () => Promise<T> | T, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(20);
  }
}

/** Runs `worker` for each item with at most `limit` running at once. */
export async function eachLimited<T>(
  items: readonly T[],
  limit: number,
  worker: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      await worker(items[index] as T, index);
    }
  });
  await Promise.all(lanes);
}
