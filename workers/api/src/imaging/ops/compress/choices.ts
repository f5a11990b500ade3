/** Compression choices: a given quality, `targetBytes` (a size to land under), PNG, and the search budget `quality=auto` (auto.ts beside it) shares. */
import { formatBytes } from '../../../../../../core/file-size';
import { decode } from '../../codecs/decode';
import { encode, optimisePng, type OutputFormat } from '../../codecs/encode';
import { indexedPng } from '../../codecs/indexed-png';
import { readHeader } from '../../intake/sniff';
import type { Judge } from './judge/judge';
import { sampledJudge } from './judge/sample';
import {
  AUTO_BUDGET_MEGAPIXELS,
  AUTO_BUDGET_MS,
  AUTO_BUDGET_UNITS,
  AUTO_PLAIN_COST,
  OXIPNG_MAX_PIXELS,
  PALETTE_MAX_SCORE,
  type AutoCost,
} from '../../options';
import { reducePalette } from './palette';
import { yieldToEventLoop } from '../../slices';
import { hasTransparency, type Raster } from '../../codecs/raster';

export interface Encoded {
  bytes: Uint8Array;
  format: OutputFormat;
  quality?: number;
  /** The judge's distance from the source (SSIMULACRA: 0 same, 0.01 cannot be told apart), where it judged. */
  score?: number;
  /** `quality=auto`: the judge found the file no further from the source than AUTO_TARGET_SCORE. */
  looksSame?: boolean;
  notes: string[];
  /** How a search went (`quality=auto`, `targetBytes`): encodes made, and whether it stopped at its budget. */
  search?: SearchReport;
  /** `format=auto`: which format was chosen and why, in one line for the screen. */
  formatReason?: string;
  /** The image service made the file (AVIF, or a whole photo the isolate cannot encode within a slice). */
  byService?: boolean;
}

export interface SearchReport {
  encodes: number;
  budgetSpent: boolean;
  /**
   * Where a large picture was judged: this many full-size samples of width×height spread over it. A machine field
   * (docs/api.md): the screen's words say only that it was checked at full size.
   */
  samples?: { count: number; width: number; height: number };
}

export const LOSSY_MIN = 10;

/**
 * The words for a target size not reached: the target and the smallest file made, in KB or MB, what that file is, and
 * a target that can be reached (the smallest file rounded up to 10 KB). `how`: why the search stopped short, if it did.
 */
export function missedTarget(target: number, smallest: number, what: string, how = ''): string {
  const reachable = formatBytes(Math.ceil(smallest / 10_000) * 10_000);
  return `Could not reach ${formatBytes(target)}${how}; the smallest was ${formatBytes(smallest)} (${what}). A target of ${reachable} or more can be reached, or choose a smaller size.`;
}
const LOSSY_MAX = 100;

// The searches below run several WASM encodes for one request: each starts a turn of the event loop of its own.
export { yieldToEventLoop };

/** `Format at quality q` in plain words. */
export const named = (format: OutputFormat, quality?: number) =>
  `${format.toUpperCase()}${quality ? ` at quality ${quality}` : ''}`;

export const costAt = (cost: AutoCost, quality: number) => cost.base + cost.perQuality * quality;

/**
 * What a search may still spend, in fixed-encode units (AUTO_BUDGET_UNITS, priced by the model in options.ts), with
 * the clock as a second guard. Without it a picture where no setting is ever faithful (noise) had every setting
 * searched to its top quality: about 50 s of one isolate for a 200 KB PNG. The first encode is always allowed: a
 * request needs an answer.
 */
export class SearchBudget {
  spent = 0;
  encodes = 0;
  exhausted = false;
  private readonly started = Date.now();

  constructor(
    readonly units = AUTO_BUDGET_UNITS,
    readonly ms = AUTO_BUDGET_MS,
  ) {}

  take(units: number): boolean {
    if (this.encodes > 0 && (this.spent + units > this.units || Date.now() - this.started > this.ms)) {
      this.exhausted = true;
      return false;
    }
    this.spent += units;
    this.encodes++;
    return true;
  }

  /** An encode the answer cannot do without (the lossless candidate, the target search's last resort). */
  force(units: number) {
    this.spent += units;
    this.encodes++;
  }

  /** The budget of a search on this picture: AUTO_BUDGET_UNITS, or more for a small one (AUTO_BUDGET_MEGAPIXELS). */
  static for(source: Raster): SearchBudget {
    return new SearchBudget(
      Math.max(AUTO_BUDGET_UNITS, AUTO_BUDGET_MEGAPIXELS / ((source.width * source.height) / 1_000_000)),
    );
  }

  report(): SearchReport {
    return { encodes: this.encodes, budgetSpent: this.exhausted };
  }
}

/**
 * How a palette candidate is judged: the judge's score of it and the most it may score. Called only where the
 * candidate is smaller, after the lossless encode, so a judge made for it never shares the memory of that encode.
 */
export type PaletteVerdict = (candidate: Raster) => Promise<{ score: number; max: number }>;

/** A verdict of `judge` held to `max` (PALETTE_MAX_SCORE at a chosen quality; auto's own target, anchor.ts, for auto). */
export const paletteVerdict =
  (judge: Judge, max = PALETTE_MAX_SCORE): PaletteVerdict =>
  async (candidate) => ({ score: judge(candidate), max });

/**
 * Lossless PNG, or its palette reduction where that is smaller and the verdict finds it faithful. The reduction is
 * written as an indexed PNG (codecs/indexed-png.ts), through oxipng too where oxipng runs: before, a picture oxipng
 * could not finish within a slice (over OXIPNG_MAX_PIXELS: every screenshot) was never reduced at all (ADR 0164).
 */
export async function losslessPng(
  source: Raster,
  verdict: PaletteVerdict,
): Promise<{ bytes: Uint8Array; score: number; reduced?: boolean; visible?: boolean }> {
  const lossless = await encode(source, 'png', { quality: 100 });
  const reduced = await reducePalette(source);
  let candidate = await indexedPng(reduced.index, reduced.palette, source.width, source.height);
  if (source.width * source.height <= OXIPNG_MAX_PIXELS) candidate = await optimisePng(candidate);
  if (candidate.length >= lossless.length) return { bytes: lossless, score: 0 };
  // A picture of at most 256 colours written as a palette is the picture itself.
  if (reduced.exact) return { bytes: candidate, score: 0 };
  const { score, max } = await verdict(reduced.raster);
  if (score > max) return { bytes: lossless, score: 0, visible: true };
  return { bytes: candidate, score, reduced: true };
}

/**
 * The best-looking file of at most `target` bytes: in each format, the highest quality that fits (a file grows with
 * quality, so that is the one the judge prefers); across formats (`format=auto`), the one the judge scores closest
 * to the source. Says so when even the lowest quality is larger.
 */
export async function compressToTarget(
  source: Raster,
  requested: OutputFormat | 'auto',
  target: number,
  budget = SearchBudget.for(source),
): Promise<Encoded> {
  const notes: string[] = [];
  let formats: ('jpeg' | 'webp')[];
  if (requested === 'auto') formats = hasTransparency(source) ? ['webp'] : ['jpeg', 'webp'];
  else if (requested === 'jpeg' || requested === 'webp') formats = [requested];
  else {
    formats = [hasTransparency(source) ? 'webp' : 'jpeg'];
    notes.push(`A target size needs a lossy format, so the result is ${formats[0]!.toUpperCase()}.`);
  }
  const fits: { bytes: Uint8Array; quality: number; format: 'jpeg' | 'webp' }[] = [];
  for (const format of formats) {
    const fit = await highestFitting(source, format, target, budget);
    if (fit) fits.push({ ...fit, format });
  }
  const stopped = budget.exhausted
    ? ' Stopped searching early to keep the request quick; a slightly higher quality may also fit.'
    : '';
  if (fits.length) {
    const judge = sampledJudge(source);
    const scored = [];
    for (const f of fits) scored.push({ ...f, score: judge(await decode(f.bytes, readHeader(f.bytes)!)) });
    scored.sort((a, b) => a.score - b.score);
    const best = scored[0]!;
    const other = scored[1];
    const why = other ? `; ${named(other.format, other.quality)} also fits but looks further from the original` : '';
    notes.push(
      `Reached ${formatBytes(best.bytes.length)} (target ${formatBytes(target)}) as ${named(best.format, best.quality)}${why}.${stopped}`,
    );
    return {
      bytes: best.bytes,
      format: best.format,
      quality: best.quality,
      score: best.score,
      notes,
      search: budget.report(),
    };
  }
  const format = formats[formats.length - 1]!;
  budget.force(costAt(AUTO_PLAIN_COST, LOSSY_MIN));
  const smallest = await encode(source, format, { quality: LOSSY_MIN });
  notes.push(missedTarget(target, smallest.length, named(format, LOSSY_MIN)));
  return { bytes: smallest, format, quality: LOSSY_MIN, notes, search: budget.report() };
}

/** Bisection over quality for the highest one whose file fits in `target` bytes. */
async function highestFitting(
  source: Raster,
  format: 'jpeg' | 'webp',
  target: number,
  budget: SearchBudget,
): Promise<{ bytes: Uint8Array; quality: number } | null> {
  let lo = LOSSY_MIN;
  let hi = LOSSY_MAX;
  let fit: { bytes: Uint8Array; quality: number } | null = null;
  while (lo <= hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (!budget.take(costAt(AUTO_PLAIN_COST, mid))) break;
    await yieldToEventLoop();
    const bytes = await encode(source, format, { quality: mid });
    if (bytes.length <= target) {
      fit = { bytes, quality: mid };
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return fit;
}

/** PNG: lossless (png + oxipng), and below quality 100 a palette reduction where that is smaller and the judge cannot see it. */
export async function compressPng(source: Raster, quality: number): Promise<Encoded> {
  if (quality >= 100) return { bytes: await encode(source, 'png', { quality: 100 }), format: 'png', notes: [] };
  // The judge is prepared only when a palette candidate needs it: preparing it is a slice's worth of work (slices.ts).
  const r = await losslessPng(source, async (candidate) => paletteVerdict(sampledJudge(source))(candidate));
  return {
    bytes: r.bytes,
    format: 'png',
    score: r.score,
    notes: r.reduced
      ? ['Reduced to at most 256 colours; the picture looks the same.']
      : r.visible
        ? ['Kept every colour: reducing them would change the picture visibly.']
        : [],
  };
}
