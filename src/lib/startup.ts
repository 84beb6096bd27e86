/** Start-up failed at one stage; the message names the variables to check, never a value of a secret. */
export class StartupError extends Error {
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
