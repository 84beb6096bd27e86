/**
 * `work`'s result, or `fallback` once `ms` have passed without it; the timer is cleared either way and `work` runs
 * on. A rejection of `work` before the time is up is the caller's to handle.
 */
export async function withinTime<T, F>(work: Promise<T>, ms: number, fallback: F): Promise<T | F> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<F>((resolve) => {
    timer = setTimeout(() => resolve(fallback), ms);
  });
  try {
    return await Promise.race([work, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}
