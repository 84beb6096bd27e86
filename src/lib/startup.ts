/** Start-up failed at one stage; the message names the variables to check, never a value of a secret. */
class StartupError extends Error {
  readonly kind = 'startup-failed' as const;
  constructor(stage: string, cause: unknown) {
    super(`${stage}: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'StartupError';
  }
}

/** Runs one stage of start(), its failure a StartupError naming the stage. */
export async function startStage<T>(stage: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw new StartupError(stage, error);
  }
}

/** Waits for `work` at most `ms`; past that, calls `late` and returns (the caller closes what is left). */
export async function within(work: Promise<void>, ms: number, late: () => void): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      late();
      resolve();
    }, ms);
  });
  await Promise.race([work, timeout]);
  clearTimeout(timer);
}
