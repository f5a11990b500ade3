/** Compression choices: a given quality, `quality=auto` (smallest faithful file) and `targetBytes` (a size to land under). */
import type { ImageFormat } from '../../../../core/api/images';
import { decode } from './decode';
import { encode, encodePng, type OutputFormat } from './encode';
import { readHeader } from './sniff';
import { judgeFor, type Judge } from './judge';
import { sampleOf } from './judge-sample';
import {
  AUTO_BUDGET_MEGAPIXELS,
  AUTO_BUDGET_MS,
  AUTO_BUDGET_UNITS,
  AUTO_CHECK_COST,
  AUTO_MAX_QUALITY,
  AUTO_PLAIN_COST,
  AUTO_PROBES_PER_FORMAT,
  AUTO_QUALITY_STEP,
  AUTO_SETTINGS,
  AUTO_TARGET_SCORE,
  OXIPNG_MAX_PIXELS,
  PALETTE_MAX_SCORE,
  type AutoCost,
} from './options';
import { reducePalette } from './palette';
import { hasTransparency, type Raster } from './raster';

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
}

export interface SearchReport {
  encodes: number;
  budgetSpent: boolean;
}

const LOSSY_MIN = 10;
const LOSSY_MAX = 100;

/**
 * Ends the current turn of the event loop. The searches below run several WASM encodes for one request, and
 * awaiting the codecs alone never leaves the microtask queue: without this the isolate's thread serves nothing
 * else (no other request, no socket) until the whole search ends, for seconds on a large photo.
 */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const costAt = (cost: AutoCost, quality: number) => cost.base + cost.perQuality * quality;

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
    return new SearchBudget(Math.max(AUTO_BUDGET_UNITS, AUTO_BUDGET_MEGAPIXELS / ((source.width * source.height) / 1_000_000)));
  }

  report(): SearchReport {
    return { encodes: this.encodes, budgetSpent: this.exhausted };
  }
}

/** One encode of the sample judged against it. */
interface Probe {
  bytes: Uint8Array;
  quality: number;
  score: number;
}

/** How a search encodes its sample: the isolate's codecs, or (large photos) the image service that will encode the whole. */
export type ProbeEncoder = (sample: Raster, format: 'jpeg' | 'webp', quality: number) => Promise<Uint8Array>;

const wasmProbe: ProbeEncoder = (sample, format, quality) => encode(sample, format, { quality, tuning: AUTO_SETTINGS[format].options });

interface Search {
  sample: Raster;
  judge: Judge;
  budget: SearchBudget;
  encoder: ProbeEncoder;
}

/** Encode, decode and judge one quality; null when the budget cannot pay for it. */
async function probe(search: Search, format: 'jpeg' | 'webp', quality: number): Promise<Probe | null> {
  if (!search.budget.take(costAt(AUTO_SETTINGS[format].cost, quality) + AUTO_CHECK_COST)) return null;
  await yieldToEventLoop();
  const bytes = await search.encoder(search.sample, format, quality);
  const header = readHeader(bytes);
  if (!header) throw new Error('encoder produced no image');
  const decoded = await decode(bytes, header);
  await yieldToEventLoop();
  return { bytes, quality, score: search.judge(decoded) };
}

/** Where each format's search starts: near where the answer was on the corpus photos at AUTO_TARGET_SCORE. */
const FIRST_GUESS = { jpeg: 90, webp: 86 } as const;
/** How fast the judge's score falls with quality before two probes measure it: ln(score) per quality step. */
const ASSUMED_SLOPE = -0.03;

/**
 * The lowest quality of one format whose sample the judge scores at most `target`. The judge's score falls about
 * exponentially as quality rises, so each probe is placed where a line through ln(score) of the probes so far crosses
 * ln(target), inside the bracket known so far: 2–4 probes land within a quality step or two of the answer where a
 * bisection of 10…97 needs seven. `faithful` is the lowest quality found that meets the target, `closest` the best.
 */
async function lowestFaithful(search: Search, format: 'jpeg' | 'webp', target: number): Promise<{ faithful: Probe | null; closest: Probe | null }> {
  let below = LOSSY_MIN - 1; // highest quality known to miss the target
  let above = AUTO_MAX_QUALITY + 1; // lowest quality known to meet it (none yet: one past the top)
  let faithful: Probe | null = null;
  let closest: Probe | null = null;
  const seen: Probe[] = [];
  // Done when the answer is pinned to within a step, or when the top quality itself has missed.
  const settled = () => (faithful ? above - below <= AUTO_QUALITY_STEP : below >= AUTO_MAX_QUALITY);
  let next: number = FIRST_GUESS[format];
  for (let n = 0; n < AUTO_PROBES_PER_FORMAT && !settled(); n++) {
    const p = await probe(search, format, next);
    if (!p) break;
    seen.push(p);
    if (!closest || p.score < closest.score) closest = p;
    if (p.score <= target) {
      above = p.quality;
      faithful = p;
    } else below = p.quality;
    next = Math.round(nextGuess(seen, target));
    // Stay strictly inside the bracket; where the model points outside it, go halfway to its edge. With nothing
    // faithful yet, the top quality is the last place left to look.
    if (next <= below || next >= above) next = Math.floor((below + above) / 2);
    next = Math.min(next, AUTO_MAX_QUALITY);
    if (!faithful && above - below <= AUTO_QUALITY_STEP + 1) next = AUTO_MAX_QUALITY;
  }
  return { faithful, closest };
}

/** Where ln(score) reaches ln(target) on the line through the two probes nearest the target (one: an assumed slope). */
function nextGuess(seen: Probe[], target: number): number {
  const ln = Math.log(target);
  const near = [...seen].sort((a, b) => Math.abs(Math.log(a.score) - ln) - Math.abs(Math.log(b.score) - ln));
  const a = near[0]!;
  const b = near[1];
  let slope = ASSUMED_SLOPE;
  if (b && b.quality !== a.quality) {
    const measured = (Math.log(b.score) - Math.log(a.score)) / (b.quality - a.quality);
    if (measured < 0) slope = measured;
  }
  const guess = a.quality + (ln - Math.log(Math.max(a.score, 1e-6))) / slope;
  // Round towards the side that still needs looking at: up when the nearest probe missed, down when it met the target.
  return a.score > target ? Math.ceil(guess) : Math.floor(guess);
}

/** Formats `quality=auto` may choose from: the asked one, or for "auto" the ones that suit the picture. */
export function autoCandidates(requested: OutputFormat | 'auto', source: Raster): OutputFormat[] {
  if (requested !== 'auto') return [requested];
  return hasTransparency(source) ? ['webp', 'png'] : ['jpeg', 'webp'];
}

const named = (format: OutputFormat, quality?: number) => `${format.toUpperCase()}${quality ? ` at quality ${quality}` : ''}`;

/** What `quality=auto` chose on a sample: the file of the sample, its format, quality and the judge's score. */
export interface AutoChoice {
  bytes: Uint8Array;
  format: OutputFormat;
  quality?: number;
  score: number;
  /** The judge found it no further from the source than AUTO_TARGET_SCORE. */
  looksSame: boolean;
  search: SearchReport;
  /** Plain words for the screen: what was chosen and why. */
  why: string;
}

/**
 * The smallest file of the given formats whose sample the judge scores at most AUTO_TARGET_SCORE. Lossless formats
 * are always faithful (PNG may also be palette-reduced where the judge cannot see it). Where no lossy quality reaches
 * the target within the search, the closest file is kept and said to be so.
 */
export async function chooseAuto(sample: Raster, formats: OutputFormat[], budget = SearchBudget.for(sample), encoder = wasmProbe): Promise<AutoChoice> {
  const search: Search = { sample, judge: judgeFor(sample), budget, encoder };
  const target = AUTO_TARGET_SCORE;
  const found: (Probe & { format: OutputFormat })[] = [];
  let closest: (Probe & { format: OutputFormat }) | null = null;
  for (const format of formats) {
    if (format !== 'jpeg' && format !== 'webp') continue;
    if (budget.exhausted) break;
    const r = await lowestFaithful(search, format, target);
    if (r.faithful) found.push({ ...r.faithful, format });
    if (r.closest && (!closest || r.closest.score < closest.score)) closest = { ...r.closest, format };
  }
  for (const format of formats) {
    if (format === 'jpeg' || format === 'webp') continue;
    budget.force(1);
    const lossless = format === 'png' ? await losslessPng(sample, search.judge) : { bytes: await encode(sample, format, { quality: 100 }), score: 0 };
    found.push({ ...lossless, quality: 0, format });
  }
  const report = budget.report();
  const stopped = report.budgetSpent ? ` Stopped searching after ${report.encodes} trial encodes to keep the request quick.` : '';
  found.sort((a, b) => a.bytes.length - b.bytes.length);
  const best = found[0];
  if (best) {
    const quality = best.quality || undefined;
    const rivals = found.slice(1).filter((f) => f.format !== best.format);
    const why = rivals.length
      ? `${named(best.format, quality)} is the smallest file that looks the same as the original (${rivals.map((r) => `${named(r.format, r.quality || undefined)} would be ${percentLarger(r.bytes.length, best.bytes.length)}% larger`).join('; ')}).`
      : `${named(best.format, quality)} is the smallest file that looks the same as the original.`;
    return { bytes: best.bytes, format: best.format, quality, score: best.score, looksSame: true, search: report, why: why + stopped };
  }
  if (!closest) throw new Error('quality=auto made no candidate');
  const why = `No quality up to ${AUTO_MAX_QUALITY} looks the same as the original for this picture (fine grain like this is hard to compress); the closest file, ${named(closest.format, closest.quality)}, was kept.${stopped}`;
  return { bytes: closest.bytes, format: closest.format, quality: closest.quality, score: closest.score, looksSame: false, search: report, why };
}

const percentLarger = (a: number, b: number) => Math.max(1, Math.round((a / b - 1) * 100));

/** Lossless PNG, or its palette reduction where that is smaller and the judge cannot see it. */
async function losslessPng(source: Raster, judge: Judge): Promise<{ bytes: Uint8Array; score: number; reduced?: boolean; visible?: boolean }> {
  // `judge` compares a picture of the source's size with the source (or, for a large one, its sample).
  const lossless = await encode(source, 'png', { quality: 100 });
  if (source.width * source.height > OXIPNG_MAX_PIXELS) return { bytes: lossless, score: 0 };
  const reduced = reducePalette(source);
  if (!reduced) return { bytes: lossless, score: 0 };
  const candidate = await encodePng(reduced, true);
  if (candidate.length >= lossless.length) return { bytes: lossless, score: 0 };
  const score = judge(reduced);
  if (score > PALETTE_MAX_SCORE) return { bytes: lossless, score: 0, visible: true };
  return { bytes: candidate, score, reduced: true };
}

/** A judge of whole candidates of `source`'s size that looks at the sample of both. */
export function sampledJudge(source: Raster): Judge {
  const sample = sampleOf(source);
  const judge = judgeFor(sample.raster);
  return (candidate) => judge(sample.cut(candidate));
}

/** Whole pictures in memory: the choice made on the sample, then (when the sample was tiles) the whole picture encoded at it. */
export async function compressAuto(source: Raster, formats: OutputFormat[], budget?: SearchBudget): Promise<Encoded> {
  const sample = sampleOf(source);
  const choice = await chooseAuto(sample.raster, formats, budget ?? SearchBudget.for(sample.raster));
  const bytes = sample.whole ? choice.bytes : await encodeChoice(source, choice);
  const judged = sample.whole ? '' : ` Judged at full size on ${sample.tiles.length} ${sample.tiles[0]!.width}×${sample.tiles[0]!.height} samples spread over the picture.`;
  return { bytes, format: choice.format, quality: choice.quality, score: choice.score, looksSame: choice.looksSame, notes: [choice.why + judged], search: choice.search };
}

/** The whole picture at the format and quality chosen on its sample. */
export async function encodeChoice(source: Raster, choice: Pick<AutoChoice, 'format' | 'quality'>): Promise<Uint8Array> {
  if (choice.format === 'jpeg' || choice.format === 'webp') return encode(source, choice.format, { quality: choice.quality!, tuning: AUTO_SETTINGS[choice.format].options });
  if (choice.format === 'png') return (await losslessPng(source, sampledJudge(source))).bytes;
  return encode(source, choice.format, { quality: 100 });
}

/**
 * The best-looking file of at most `target` bytes: in each format, the highest quality that fits (a file grows with
 * quality, so that is the one the judge prefers); across formats (`format=auto`), the one the judge scores closest
 * to the source. Says so when even the lowest quality is larger.
 */
export async function compressToTarget(source: Raster, requested: OutputFormat | 'auto', target: number, budget = SearchBudget.for(source)): Promise<Encoded> {
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
  const stopped = budget.exhausted ? ` Stopped searching after ${budget.encodes} trial encodes to keep the request quick; a slightly higher quality may also fit.` : '';
  if (fits.length) {
    const judge = sampledJudge(source);
    const scored = [];
    for (const f of fits) scored.push({ ...f, score: judge(await decode(f.bytes, readHeader(f.bytes)!)) });
    scored.sort((a, b) => a.score - b.score);
    const best = scored[0]!;
    const other = scored[1];
    const why = other ? `; ${named(other.format, other.quality)} also fits but looks further from the original` : '';
    notes.push(`Compressed to ${best.bytes.length} bytes (target ${target}) as ${named(best.format, best.quality)}${why}.${stopped}`);
    return { bytes: best.bytes, format: best.format, quality: best.quality, score: best.score, notes, search: budget.report() };
  }
  const format = formats[formats.length - 1]!;
  budget.force(costAt(AUTO_PLAIN_COST, LOSSY_MIN));
  const smallest = await encode(source, format, { quality: LOSSY_MIN });
  notes.push(`The target of ${target} bytes cannot be reached: the smallest file, ${named(format, LOSSY_MIN)}, is ${smallest.length} bytes.`);
  return { bytes: smallest, format, quality: LOSSY_MIN, notes, search: budget.report() };
}

/** Bisection over quality for the highest one whose file fits in `target` bytes. */
async function highestFitting(source: Raster, format: 'jpeg' | 'webp', target: number, budget: SearchBudget): Promise<{ bytes: Uint8Array; quality: number } | null> {
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

/** Same-format compress never grows a file: when the result is not smaller, the caller keeps the input. */
export function isSameFormatGrowth(result: Encoded, inputFormat: ImageFormat, inputSize: number): boolean {
  return result.format === inputFormat && result.bytes.length >= inputSize;
}

/** PNG: lossless (png + oxipng), and below quality 100 a palette reduction where that is smaller and the judge cannot see it. */
export async function compressPng(source: Raster, quality: number): Promise<Encoded> {
  if (quality >= 100) return { bytes: await encode(source, 'png', { quality: 100 }), format: 'png', notes: [] };
  const r = await losslessPng(source, sampledJudge(source));
  return { bytes: r.bytes, format: 'png', score: r.score, notes: r.reduced ? ['Reduced to at most 256 colours; the picture looks the same.'] : r.visible ? ['Kept every colour: reducing them would change the picture visibly.'] : [] };
}
