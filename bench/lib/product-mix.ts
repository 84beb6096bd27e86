/**
 * The products of the pushing benches (4 and 9): Nigerian airtime drawn from a stated, fixed distribution, the
 * same sequence in every run (a seeded generator). Most top-ups are a handful of popular amounts, as in a shop:
 *
 * - 85 %: five popular amounts (MTN 500 30 %, MTN 1000 20 %, Airtel 500 15 %, Glo 1000 12 %, 9mobile 500 8 %);
 * - 10 %: the rest of the catalogue's fixed amounts of those operators (ten products, evenly);
 * - 5 %: an amount typed into an MTN or Airtel range (50–5,000 NGN, whole naira), nearly always a product of its
 *   own.
 */

export interface MixProduct {
  /** The operator's name as a reseller types it. */
  operator: string;
  amount: string;
}

const POPULAR: Array<[number, MixProduct]> = [
  [30, { operator: 'MTN', amount: '500' }],
  [20, { operator: 'MTN', amount: '1000' }],
  [15, { operator: 'Airtel', amount: '500' }],
  [12, { operator: 'Glo', amount: '1000' }],
  [8, { operator: '9mobile', amount: '500' }],
];

const CATALOGUE: MixProduct[] = [
  { operator: 'Glo', amount: '100' },
  { operator: 'Glo', amount: '200' },
  { operator: 'Glo', amount: '500' },
  { operator: 'Glo', amount: '2000' },
  { operator: '9mobile', amount: '100' },
  { operator: '9mobile', amount: '200' },
  { operator: '9mobile', amount: '1000' },
  { operator: 'MTN', amount: '200' },
  { operator: 'MTN', amount: '2000' },
  { operator: 'Airtel', amount: '1000' },
];

/** A small seeded generator (mulberry32): the same draws in every run. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** The mix as a sequence: `next()` gives the product of the next top-up, whichever reseller asks. */
export function productMix(seed = 20261127): { next(): MixProduct } {
  const random = seeded(seed);
  return {
    next() {
      const r = random() * 100;
      let edge = 0;
      for (const [weight, product] of POPULAR) {
        edge += weight;
        if (r < edge) return product;
      }
      if (r < 95) return CATALOGUE[Math.floor(random() * CATALOGUE.length)]!;
      const operator = random() < 0.5 ? 'MTN' : 'Airtel';
      return { operator, amount: String(50 + Math.floor(random() * 4_951)) };
    },
  };
}

/** The mix in words, for the bench's notes. */
export const MIX_NOTE =
  'product mix: 85 % five popular amounts, 10 % ten other catalogue amounts, 5 % typed range amounts (seeded)';
