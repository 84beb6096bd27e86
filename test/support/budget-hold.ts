import type { RequestBudget } from '../../src/merchant/budget.ts';

/**
 * Takes every slot of the request budget (at placement priority, twice as many takers as `limit` slots) until
 * released, so whatever else asks for one waits in line meanwhile; each window's slots go to a taker.
 */
export function holdBudget(budget: Pick<RequestBudget, 'acquire'>, limit: number): () => Promise<void> {
  const stop = new AbortController();
  const taker = async () => {
    while (!stop.signal.aborted) {
      try {
        await budget.acquire('placement', stop.signal);
      } catch {
        return;
      }
    }
  };
  const running = Promise.all(Array.from({ length: 2 * limit }, taker));
  return async () => {
    stop.abort();
    await running;
  };
}
