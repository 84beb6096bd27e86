import { Decimal } from 'decimal.js';
import { LEFT_LINE, untilServed } from '../merchant/budget.ts';
import { isMerchantError } from '../merchant/errors.ts';
import type { CallPriority, LinePlace } from '../merchant/types.ts';
import type { UnattendedQuote } from '../orders/top-up.ts';
import type { RunLine, RunMeta } from './store.ts';
import { productKey, type BulkProduct, type LineProblem } from './validate.ts';
import type { DraftView } from './views.ts';

/** At most this many quotes estimate one file; other amounts of a quoted operator are scaled from its price. */
const ESTIMATE_QUOTES = 10;

/** How the estimate gets a product's quote (shared with the run's lines) and the payer's price for it. */
export interface EstimateDeps {
  quote(
    product: BulkProduct,
    priority: CallPriority,
    owner: number,
    place?: Pick<LinePlace, 'id' | 'onWait'>,
  ): Promise<UnattendedQuote>;
  priceOf(
    meta: Pick<RunMeta, 'role' | 'resellerId'>,
    product: BulkProduct,
    q: UnattendedQuote,
  ): Promise<string>;
}

/**
 * The estimate of a checked file's cost: one quote per distinct product (at most ESTIMATE_QUOTES; further amounts
 * of an operator already quoted are scaled from its price); an offer the service will not quote makes its lines
 * problems. 'left': the chat left the shared line while a quote waited.
 */
export async function estimateCost(
  deps: EstimateDeps,
  meta: Pick<RunMeta, 'role' | 'resellerId'>,
  lines: RunLine[],
  problems: LineProblem[],
  place: Pick<LinePlace, 'id' | 'onWait'> | undefined,
): Promise<{ kept: RunLine[]; estimate: DraftView['estimate'] } | 'left'> {
  const byProduct = new Map<string, RunLine[]>();
  for (const line of lines) {
    const key = productKey(line);
    byProduct.set(key, [...(byProduct.get(key) ?? []), line]);
  }
  const ranked = [...byProduct.entries()].sort((a, b) => b[1].length - a[1].length);
  const prices = new Map<string, { price: Decimal; amount: string; currency: string }>();
  const unavailable = new Set<string>();
  let approximate = false;
  let failed = false;
  const operatorOf = (l: BulkProduct) => [l.country, l.operatorKey, l.subtype, l.currency].join('|');
  for (const [key, group] of ranked) {
    const product = group[0]!;
    const scaleFrom = [...prices.entries()].find(([k]) => k.startsWith(`${operatorOf(product)}|`));
    if (prices.size >= ESTIMATE_QUOTES && scaleFrom !== undefined) {
      const [, base] = scaleFrom;
      prices.set(key, {
        price: base.price.mul(product.amount).div(base.amount).toDecimalPlaces(4, Decimal.ROUND_UP),
        amount: product.amount,
        currency: base.currency,
      });
      approximate = true;
      continue;
    }
    try {
      // The chat waits for the summary: each quote waits its turn in the shared line, in the chat's place
      // (its "In line" message shows it), and a 429 the client could not wait out goes back in line.
      const q = await untilServed(() => deps.quote(product, 'interactive', meta.resellerId, place));
      prices.set(key, {
        price: new Decimal(await deps.priceOf(meta, product, q)),
        amount: product.amount,
        currency: q.merchantCurrency,
      });
    } catch (error) {
      if (isMerchantError(error) && error.code === LEFT_LINE) return 'left';
      if (isMerchantError(error) && error.kind === 'validation') {
        // The catalogue offers it but the service will not quote it: those lines are refused like a typed one.
        unavailable.add(key);
        for (const l of group) problems.push({ line: l.line, key: 'top-up-offer-unavailable', vars: {} });
      } else {
        failed = true;
      }
    }
  }
  const kept = lines.filter((l) => !unavailable.has(productKey(l)));
  problems.sort((a, b) => a.line - b.line);
  if (failed || kept.length === 0) return { kept, estimate: null };
  let total = new Decimal(0);
  let currency = '';
  for (const l of kept) {
    const p = prices.get(productKey(l))!;
    total = total.plus(p.price);
    currency = p.currency;
  }
  return { kept, estimate: { amount: total.toFixed(), currency, approximate } };
}
