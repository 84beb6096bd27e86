import type { Row } from './report.ts';

export interface BenchContext {
  /** The quick profile (about a minute for everything) instead of the full one. */
  quick: boolean;
  /** When set, bot processes run under `node --cpu-prof` and write their profiles here. */
  profileDir: string | undefined;
  log(message: string): void;
}

export type Benchmark = (ctx: BenchContext) => Promise<Row[]>;

/** Uniform random pause in [min, max) ms. */
export const uniform = (min: number, max: number) => (): number => min + Math.random() * (max - min);
