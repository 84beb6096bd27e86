import { LEFT_LINE, untilServed } from '../merchant/budget.ts';
import { isMerchantError } from '../merchant/errors.ts';
import type { CallOptions, LinePlace, MerchantApi, RechargeOrder } from '../merchant/types.ts';
import { isClosed } from './commit.ts';
import type { OrderService, StoredOrder } from './types.ts';
import { cardOfRemote, cardOfStored, type OrderCard } from './card.ts';
import { reachedUsers, reaches, type Reach } from '../accounts/reach.ts';
import { normaliseMerchantOrderNumber } from '../domain/order-number.ts';

/** Our copy of an unfinished order older than this is read from the service again before it is shown. */
const STALE_AFTER_MS = 30_000;
/** Rows per page of /orders (the service's own limit is 20 by default, 100 at most). */
const PAGE_SIZE = 5;
/** Most of a reseller's own orders searched through at once. */
const RESELLER_SEARCH_CAP = 500;

/** Who reads: agents and admins reach every order (and the service's), others what their reach covers. */
export interface Viewer {
  id: number;
  reach: Reach;
}

export interface OrderDeskDeps {
  api: Pick<MerchantApi, 'getOrder' | 'listOrders'>;
  service: Pick<OrderService, 'get' | 'getByOrderId' | 'refresh' | 'listByResellers'>;
  clock?: () => number;
}

/**
 * An order, or why it could not be shown. A read waits its turn in the shared line (never "busy, try
 * again"); `left`: the person left the line (❌, /cancel), and its message already says so.
 */
export type LookupResult =
  | { kind: 'found'; card: OrderCard; note?: 'stale' }
  | { kind: 'not-found' }
  | { kind: 'left' }
  | { kind: 'unavailable' };

export interface ListQuery {
  status?: string;
  search?: string;
  offset: number;
}

export interface ListPage {
  total: number;
  offset: number;
  limit: number;
  cards: OrderCard[];
}

const isStaff = (viewer: Viewer) => viewer.reach.kind === 'all';

/** The service's status of a Merchant API error, when it has one. */
function httpStatusOf(error: unknown): number | undefined {
  const status = (error as { httpStatus?: unknown } | null)?.httpStatus;
  return typeof status === 'number' ? status : undefined;
}

/** A read someone waits for: interactive, in the person's place in the shared line when they have one. */
const readOptions = (place: LinePlace | undefined): CallOptions => ({
  priority: 'interactive',
  ...(place === undefined ? {} : { line: place }),
});

/** What a failed read tells the person: nothing more when they left the line, else that the service did not answer. */
const failed = (error: unknown): { kind: 'left' } | { kind: 'unavailable' } =>
  isMerchantError(error) && error.code === LEFT_LINE ? { kind: 'left' } : { kind: 'unavailable' };

/** The order as the service has it, by O-… or by our merchant order number; null when it has none. */
async function remoteOrder(
  api: OrderDeskDeps['api'],
  query: string,
  place: LinePlace | undefined,
): Promise<RechargeOrder | null> {
  try {
    if (/^O-/i.test(query)) return await untilServed(() => api.getOrder(query, readOptions(place)));
    const page = await untilServed(() => api.listOrders({ search: query, limit: 20 }, readOptions(place)));
    return page.results.find((o) => o.externalOrderId === query) ?? null;
  } catch (error) {
    if (httpStatusOf(error) === 404) return null;
    throw error;
  }
}

/** Whether our copy of an order is behind the service's: unfinished and old, or moved by a webhook since its read. */
function isBehind(order: StoredOrder, now: number): boolean {
  const unfinished = order.placement === 'placed' && !isClosed(order);
  const synced = order.syncedAt === undefined ? 0 : Date.parse(order.syncedAt);
  // A webhook moves the status without the service's texts: read them once after such a change.
  const lastChange = order.history.at(-1)?.at;
  const detailsBehind =
    order.placement === 'placed' && lastChange !== undefined && Date.parse(lastChange) > synced;
  const old = unfinished && now - synced > STALE_AFTER_MS;
  return old || detailsBehind;
}

/** A page of the service's order list (its paging: limit at most 100, `count` is the total), waiting in line. */
async function staffPage(
  deps: Pick<OrderDeskDeps, 'api'> & { clock: () => number },
  query: ListQuery,
  offset: number,
  place: LinePlace | undefined,
): Promise<ListPage | { kind: 'left' } | { kind: 'unavailable' }> {
  try {
    const page = await untilServed(() =>
      deps.api.listOrders(
        {
          ...(query.status ? { status: query.status } : {}),
          ...(query.search ? { search: query.search } : {}),
          limit: PAGE_SIZE,
          offset,
        },
        readOptions(place),
      ),
    );
    const now = new Date(deps.clock());
    return {
      total: page.count,
      offset,
      limit: PAGE_SIZE,
      cards: page.results.map((o) => cardOfRemote(o, now)),
    };
  } catch (error) {
    return failed(error);
  }
}

/** A page of our stored orders of `sellers`; a search looks through the newest RESELLER_SEARCH_CAP of them. */
async function sellersPage(
  service: OrderDeskDeps['service'],
  sellers: number[],
  query: ListQuery,
  offset: number,
): Promise<ListPage> {
  if (query.search) {
    const all = await service.listByResellers(sellers, {
      ...(query.status ? { status: query.status } : {}),
      offset: 0,
      limit: RESELLER_SEARCH_CAP,
    });
    const needle = query.search.toLowerCase();
    const matches = all.orders.filter(
      (o) =>
        o.externalOrderId.toLowerCase().includes(needle) ||
        (o.orderId ?? '').toLowerCase().includes(needle) ||
        o.quote.operatorName.toLowerCase().includes(needle),
    );
    return {
      total: matches.length,
      offset,
      limit: PAGE_SIZE,
      cards: matches.slice(offset, offset + PAGE_SIZE).map(cardOfStored),
    };
  }
  const page = await service.listByResellers(sellers, {
    ...(query.status ? { status: query.status } : {}),
    offset,
    limit: PAGE_SIZE,
  });
  return { total: page.total, offset, limit: PAGE_SIZE, cards: page.orders.map(cardOfStored) };
}

/**
 * Orders for /status, /orders and the order buttons: our store first, the service for staff. Every read of the
 * service is one a person waits for: it waits its turn in the shared line at the interactive priority, in the
 * `place` the chat gives (waiting-line.ts shows it), and is never refused for a spent budget.
 */
export function createOrderDesk(deps: OrderDeskDeps) {
  const clock = deps.clock ?? Date.now;

  async function localOrder(query: string): Promise<StoredOrder | null> {
    if (/^O-/i.test(query)) return deps.service.getByOrderId(query);
    return (await deps.service.get(query)) ?? (await deps.service.getByOrderId(query));
  }

  async function findRemote(query: string, place: LinePlace | undefined): Promise<LookupResult> {
    try {
      const remote = await remoteOrder(deps.api, query, place);
      return remote === null
        ? { kind: 'not-found' }
        : { kind: 'found', card: cardOfRemote(remote, new Date(clock())) };
    } catch (error) {
      return failed(error);
    }
  }

  /**
   * Reads our order from the service again when it is asked for (`force`: Refresh) or our copy is old; the read
   * waits in line. A read that fails shows our copy marked as possibly out of date (Refresh says it failed).
   */
  async function refreshStored(
    order: StoredOrder,
    force: boolean,
    place: LinePlace | undefined,
  ): Promise<LookupResult> {
    const behind = isBehind(order, clock());
    if (!force && !behind) return { kind: 'found', card: cardOfStored(order) };
    if (order.orderId === undefined) return { kind: 'found', card: cardOfStored(order) };
    try {
      const fresh = await untilServed(() =>
        deps.service.refresh(order.externalOrderId, place === undefined ? {} : { line: place }),
      );
      return { kind: 'found', card: cardOfStored(fresh ?? order) };
    } catch (error) {
      const why = failed(error);
      // Shown as our copy, marked as possibly out of date.
      return force || why.kind === 'left' ? why : { kind: 'found', card: cardOfStored(order), note: 'stale' };
    }
  }

  /** Our order if the viewer reaches it (read again when `force`d or old), else the service's for staff. */
  async function lookUp(
    query: string,
    viewer: Viewer,
    force: boolean,
    place: LinePlace | undefined,
  ): Promise<LookupResult> {
    const local = await localOrder(query);
    if (local !== null) {
      return reaches(viewer.reach, local.resellerId)
        ? refreshStored(local, force, place)
        : { kind: 'not-found' };
    }
    return isStaff(viewer) ? findRemote(query, place) : { kind: 'not-found' };
  }

  return {
    /**
     * One order by O-… or merchant order number, as this viewer may see it (resellers: their own only;
     * distributors: their own and their network's); a read of the service waits in line in `place`.
     */
    async find(query: string, viewer: Viewer, place?: LinePlace): Promise<LookupResult> {
      // A short number as a person typed it (capitals, spaces, o for 0); older numbers and O-… as given.
      const q = normaliseMerchantOrderNumber(query);
      return q === '' ? { kind: 'not-found' } : lookUp(q, viewer, false, place);
    },

    /** The Refresh button: reads the order from the service now, waiting in line in `place`. */
    refresh: (query: string, viewer: Viewer, place?: LinePlace): Promise<LookupResult> =>
      lookUp(query, viewer, true, place),

    /**
     * A page of orders, newest first: staff from the service's order list (its paging: limit at most 100,
     * `count` is the total, waiting in line in `place`), resellers from their own orders in our store,
     * distributors from theirs and their network's.
     */
    async list(
      query: ListQuery,
      viewer: Viewer,
      place?: LinePlace,
    ): Promise<ListPage | { kind: 'left' } | { kind: 'unavailable' }> {
      const offset = Math.max(0, Math.floor(query.offset));
      if (isStaff(viewer)) return staffPage({ api: deps.api, clock }, query, offset, place);
      return sellersPage(deps.service, reachedUsers(viewer.reach) ?? [viewer.id], query, offset);
    },
  };
}

export type OrderDesk = ReturnType<typeof createOrderDesk>;
