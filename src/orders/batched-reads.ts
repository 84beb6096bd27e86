import type { MerchantApi, RechargeOrder } from '../merchant/types.ts';

/**
 * Follow-up reads of many orders with one request. Each read costs a request of the account's 60 a minute, and
 * `GET /recharge/orders` lists up to 100 orders of every status, newest first: the reads that come due together
 * (the planner puts them on one grid) are gathered for a moment, then read through the list, paging only as far
 * as the oldest of them and only while paging costs fewer requests than reading the rest one by one; what the
 * list does not show is read on its own (`GET /recharge/orders/{order_id}`), and a read due alone is read so.
 */

/** One list page: the spec's largest. */
export const LIST_PAGE = 100;

/** An unfinished order whose read is due. */
export interface DueRead {
  externalOrderId: string;
  orderId: string;
  /** When the service created the order (ms; ours until it was read): where it stands in the newest-first list. */
  createdAtMs: number;
}

export interface ReadBatcherDeps {
  api: Pick<MerchantApi, 'getOrder' | 'listOrders'>;
  /** How long reads are gathered after the first of a batch came in. */
  gatherMs: number;
}

interface Waiting {
  due: DueRead;
  resolve: (order: RechargeOrder) => void;
  reject: (error: unknown) => void;
}

const BACKGROUND = { priority: 'background' } as const;

/** Whether `remote` is the order `due` names: both numbers agree. */
function isOrder(due: DueRead, remote: RechargeOrder): boolean {
  return remote.externalOrderId === due.externalOrderId && remote.orderId === due.orderId;
}

/** The creation times a page spans (ms), or null when it names none. */
function spanOf(results: readonly RechargeOrder[]): { oldest: number; newest: number } | null {
  const times = results.flatMap((remote) => (remote.createdAt === null ? [] : [remote.createdAt.getTime()]));
  return times.length === 0 ? null : { oldest: Math.min(...times), newest: Math.max(...times) };
}

/**
 * How many more pages reach back to `wantedAt` (ms), judging by how densely orders were created over the page
 * just read (`count` orders over `span`).
 */
export function pagesToReach(
  wantedAt: number,
  span: { oldest: number; newest: number },
  count: number,
): number {
  const perMs = count / Math.max(1, span.newest - span.oldest);
  return Math.max(1, Math.ceil(((span.oldest - wantedAt) * perMs) / LIST_PAGE));
}

/** Creates this process's batcher of follow-up reads (see the file comment). */
export function createReadBatcher(deps: ReadBatcherDeps) {
  const { api } = deps;
  let gathering: Waiting[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;

  /** Settles the reads `page` shows and returns the others. */
  function settleShown(waiting: readonly Waiting[], page: readonly RechargeOrder[]): Waiting[] {
    const left: Waiting[] = [];
    for (const w of waiting) {
      const found = page.find((remote) => isOrder(w.due, remote));
      if (found === undefined) left.push(w);
      else w.resolve(found);
    }
    return left;
  }

  /** Reads the batch through the list; returns the reads it did not show. */
  async function readListed(batch: readonly Waiting[]): Promise<Waiting[]> {
    let left = [...batch];
    for (let offset = 0; ;) {
      const page = await api.listOrders({ limit: LIST_PAGE, offset }, BACKGROUND);
      left = settleShown(left, page.results);
      const span = spanOf(page.results);
      if (span === null || page.results.length < Math.min(page.limit, LIST_PAGE)) return left;
      // Reads of orders newer than the page's oldest that it did not show are read alone; older ones may be
      // further down, worth another page while fewer pages than orders reach them.
      const further = left.filter((w) => w.due.createdAtMs < span.oldest);
      if (further.length < 2) return left;
      const oldestWanted = Math.min(...further.map((w) => w.due.createdAtMs));
      if (pagesToReach(oldestWanted, span, page.results.length) >= further.length) return left;
      offset += page.results.length;
    }
  }

  async function readAlone(w: Waiting): Promise<void> {
    try {
      w.resolve(await api.getOrder(w.due.orderId, BACKGROUND));
    } catch (error) {
      w.reject(error);
    }
  }

  async function readBatch(batch: readonly Waiting[]): Promise<void> {
    let left: readonly Waiting[] = batch;
    if (batch.length >= 2) {
      try {
        left = await readListed(batch);
      } catch (error) {
        // Each read fails as its own request would have (the ones a page already settled stay settled).
        for (const w of batch) w.reject(error);
        return;
      }
    }
    await Promise.all(left.map(readAlone));
  }

  function flush(): void {
    clearTimeout(timer);
    timer = undefined;
    const batch = gathering;
    gathering = [];
    void readBatch(batch);
  }

  return {
    /**
     * The order as the service has it now, read together with the other reads due within `gatherMs`; rejects
     * with the client's error when its request failed.
     */
    read(due: DueRead): Promise<RechargeOrder> {
      return new Promise<RechargeOrder>((resolve, reject) => {
        gathering.push({ due, resolve, reject });
        if (gathering.length >= LIST_PAGE) flush();
        else timer ??= setTimeout(flush, deps.gatherMs);
      });
    },
  };
}

export type ReadBatcher = ReturnType<typeof createReadBatcher>;
