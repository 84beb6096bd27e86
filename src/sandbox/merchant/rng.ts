/** A small seeded generator (mulberry32): fault probabilities replay exactly for one seed. */
export interface Rng {
  next(): number;
  /** Back to the first value of the seed (`POST /_sandbox/reset`). */
  reset(): void;
}

export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  return {
    next() {
      state = (state + 0x6d2b79f5) >>> 0;
      let t = state;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    },
    reset() {
      state = seed >>> 0;
    },
  };
}
