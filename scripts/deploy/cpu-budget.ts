/**
 * The arithmetic behind `[limits] cpu_ms` (workers/api/wrangler.toml, the root wrangler.toml): the heaviest request the
 * isolate accepts, from the engine's own budgets, priced with measured CPU per megapixel. If a budget grows, the
 * estimate grows with it and scripts/api-worker-config.test.ts asks for a larger limit.
 */
import {
  AUTO_BUDGET_MEGAPIXELS,
  AUTO_PROBES_PER_FORMAT,
  AUTO_VERIFY_ROUNDS,
  OXIPNG_MAX_PIXELS,
  WASM_PIXEL_BUDGET,
} from '../../workers/api/src/imaging/options';

/** Measured costs (seconds of CPU), each with where it comes from. */
export const CPU_COSTS = {
  /** A 12 MP decode and resize costs 0.5–1 s in the isolate: the upper end, per megapixel. */
  decodePerMegapixel: 1 / 12,
  /** A quality=auto unit of a 0.3 MP photo is ~40 ms (imaging/options.ts AUTO_BUDGET_MEGAPIXELS): per megapixel. */
  encodePerMegapixel: 0.04 / 0.3,
  /** One SSIMULACRA judge of the largest judged picture (imaging/options.ts JUDGE_MAX_PIXELS). */
  judge: 0.04,
  /** oxipng, the upper end of 0.5–1 s per megapixel (imaging/options.ts). */
  oxipngPerMegapixel: 1,
} as const;

const mp = (pixels: number) => pixels / 1_000_000;

/** The worst legitimate request's CPU in seconds, and its parts. */
export function worstRequestCpuSeconds(): { total: number; parts: Record<string, number> } {
  const decode = mp(WASM_PIXEL_BUDGET.compress) * CPU_COSTS.decodePerMegapixel;
  // A search may encode AUTO_BUDGET_MEGAPIXELS in all, then judge each probe of two formats and each verify round.
  const search = AUTO_BUDGET_MEGAPIXELS * CPU_COSTS.encodePerMegapixel;
  const judges = (AUTO_PROBES_PER_FORMAT * 2 + AUTO_VERIFY_ROUNDS) * CPU_COSTS.judge;
  // oxipng is the lossless branch of compress: a request takes it or the search, never both.
  const oxipng = mp(OXIPNG_MAX_PIXELS) * CPU_COSTS.oxipngPerMegapixel;
  const heaviest = Math.max(search + judges, oxipng);
  return { total: decode + heaviest, parts: { decode, search, judges, oxipng } };
}
