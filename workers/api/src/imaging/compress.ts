/** Compression choices: a given quality, `quality=auto` (smallest faithful file) and `targetBytes` (a size to land under). */
import type { ImageFormat } from '../../../../core/api/images';
import { decode } from './decode';
import { encode, encodePng, type OutputFormat } from './encode';
import { readHeader } from './sniff';
import {
  AUTO_BUDGET_MEGAPIXELS,
  AUTO_BUDGET_MS,
  AUTO_BUDGET_UNITS,
  AUTO_CHECK_COST,
  AUTO_MAX_QUALITY,
  AUTO_PLAIN_COST,
  AUTO_SSIM_THRESHOLD,
  AUTO_TUNINGS,
  OXIPNG_MAX_PIXELS,
  PALETTE_SSIM_THRESHOLD,
  type AutoCost,
  type AutoSetting,
} from './options';
import { reducePalette } from './palette';
import { hasTransparency, type Raster } from './raster';
import { similarity, ssimReference } from './ssim';

export interface Encoded {
  bytes: Uint8Array;
  format: OutputFormat;
  quality?: number;
  ssim?: number;
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

/** The source of a search and its SSIM reference, prepared once for all of the search's round trips. */
interface Search {
  source: Raster;
  similarity: (candidate: Raster) => number;
  budget: SearchBudget;
}

interface Probe {
  bytes: Uint8Array;
  quality: number;
  ssim: number;
}

/** Encode, decode and score one quality; null when the budget cannot pay for it. */
async function roundTrip(search: Search, format: OutputFormat, quality: number, setting: AutoSetting): Promise<Probe | null> {
  if (!search.budget.take(costAt(setting.cost, quality) + AUTO_CHECK_COST)) return null;
  await yieldToEventLoop();
  const bytes = await encode(search.source, format, { quality, tuning: setting.options });
  const header = readHeader(bytes);
  if (!header) throw new Error('encoder produced no image');
  return { bytes, quality, ssim: search.similarity(await decode(bytes, header)) };
}

const closer = (a: Probe | null, b: Probe | null) => (!a || (b && b.ssim > a.ssim) ? b : a);

/**
 * The lowest quality of a lossy format and setting whose output keeps SSIM ≥ AUTO_SSIM_THRESHOLD (binary search over
 * whole qualities, ~7 encodes), so the result lands just above the threshold. `bound` is the size of the smallest
 * faithful file another setting already made: a probe that falls short of the threshold and is already at least
 * that big proves that every faithful quality the search could still find is bigger (files grow with quality), so
 * the search stops there. `start` is where to probe first (another setting's answer in the same format, usually
 * close); where SSIM grows with quality the answer is the same wherever the search starts. When the budget ends
 * mid-search, `faithful` is the lowest faithful quality found so far. `closest` is the most faithful probe seen.
 */
async function lowestFaithful(search: Search, format: OutputFormat, setting: AutoSetting, bound: number, start?: number): Promise<{ faithful: Probe | null; closest: Probe | null }> {
  let lo = LOSSY_MIN;
  let hi = setting.maxQuality ?? AUTO_MAX_QUALITY;
  let next = start === undefined ? undefined : Math.min(hi, Math.max(lo, start));
  let faithful: Probe | null = null;
  let closest: Probe | null = null;
  while (lo < hi) {
    const mid = next ?? Math.floor((lo + hi) / 2);
    next = undefined;
    const r = await roundTrip(search, format, mid, setting);
    if (!r) return { faithful, closest };
    closest = closer(closest, r);
    if (r.ssim >= AUTO_SSIM_THRESHOLD) {
      faithful = r;
      hi = mid;
    } else {
      if (r.bytes.length >= bound) return { faithful: null, closest };
      lo = mid + 1;
    }
  }
  // The search ends on the highest quality only when nothing below it was faithful; that one is encoded last.
  if (!faithful) {
    const r = await roundTrip(search, format, hi, setting);
    closest = closer(closest, r);
    if (r && r.ssim >= AUTO_SSIM_THRESHOLD) faithful = r;
  }
  return { faithful, closest };
}

/** Formats `quality=auto` may choose from: the asked one, or for "original" the ones that suit the picture. */
export function autoCandidates(requested: OutputFormat | 'original', source: Raster): OutputFormat[] {
  if (requested !== 'original') return [requested];
  return hasTransparency(source) ? ['webp', 'png'] : ['jpeg', 'webp'];
}

/**
 * The order settings are searched in, so that a budget that ends early has spent itself where the answer most often
 * is: WebP with SNS 80 first (the smallest faithful file on four of the six corpus photos, ADR 0050), then the
 * formats' settings in turn, each format's first setting before any format's second.
 */
function searchOrder(formats: OutputFormat[]): { format: 'jpeg' | 'webp'; setting: AutoSetting }[] {
  const lossy = (['webp', 'jpeg'] as const).filter((f) => formats.includes(f));
  const order: { format: 'jpeg' | 'webp'; setting: AutoSetting }[] = [];
  for (let i = 0; i < Math.max(...lossy.map((f) => AUTO_TUNINGS[f].length), 0); i++) {
    for (const format of lossy) {
      const setting = AUTO_TUNINGS[format][i];
      if (setting) order.push({ format, setting });
    }
  }
  return order;
}

const named = (format: OutputFormat, quality?: number) => `${format.toUpperCase()}${quality ? ` at quality ${quality}` : ''}`;

/**
 * The smallest file that still looks like the source (SSIM ≥ AUTO_SSIM_THRESHOLD) of every setting of the given
 * formats, searched within `budget`. When the budget ends first, the smallest faithful file found so far, or where
 * none was faithful the most faithful one; the result says which, in plain words.
 */
export async function compressAuto(source: Raster, formats: OutputFormat[], budget = SearchBudget.for(source)): Promise<Encoded> {
  const search: Search = { source, similarity: ssimReference(source), budget };
  let best: (Probe & { format: OutputFormat }) | null = null;
  let closest: (Probe & { format: OutputFormat }) | null = null;
  const lowestQuality: Partial<Record<OutputFormat, number>> = {};
  for (const { format, setting } of searchOrder(formats)) {
    if (budget.exhausted) break;
    const found = await lowestFaithful(search, format, setting, best?.bytes.length ?? Infinity, lowestQuality[format]);
    if (found.faithful) {
      lowestQuality[format] = Math.min(lowestQuality[format] ?? Infinity, found.faithful.quality);
      if (!best || found.faithful.bytes.length < best.bytes.length) best = { ...found.faithful, format };
    }
    if (found.closest && (!closest || found.closest.ssim > closest.ssim)) closest = { ...found.closest, format };
  }
  // Lossless is always faithful, and one encode: it is made whatever is left of the budget.
  for (const format of formats.filter((f) => f !== 'jpeg' && f !== 'webp')) {
    budget.force(1);
    const bytes = await encode(source, format, { quality: 100 });
    if (!best || bytes.length < best.bytes.length) best = { bytes, quality: 0, ssim: 1, format };
  }
  const stopped = `Stopped searching after ${budget.encodes} trial encodes to keep the request quick`;
  const report = budget.report();
  if (best) {
    const quality = best.quality || undefined;
    const note = report.budgetSpent
      ? `Compressed as ${named(best.format, quality)}. ${stopped}; this is the smallest file found that looks the same as the original.`
      : `Compressed as ${named(best.format, quality)}, the smallest file that looks the same as the original.`;
    return { bytes: best.bytes, format: best.format, quality, ssim: best.ssim, notes: [note], search: report };
  }
  if (!closest) throw new Error('quality=auto made no candidate');
  const note = report.budgetSpent
    ? `${stopped}; none of the files tried kept every detail, so the closest to the original (${named(closest.format, closest.quality)}) was kept.`
    : `No quality kept every detail of this picture (fine grain like this is smoothed away); the closest to the original (${named(closest.format, closest.quality)}) was kept.`;
  return { bytes: closest.bytes, format: closest.format, quality: closest.quality, ssim: closest.ssim, notes: [note], search: report };
}

/** The highest quality whose file is at most `target` bytes; says so when even the lowest quality is larger. */
export async function compressToTarget(source: Raster, format: OutputFormat, target: number, budget = SearchBudget.for(source)): Promise<Encoded> {
  const notes: string[] = [];
  let lossy = format;
  if (format !== 'jpeg' && format !== 'webp') {
    lossy = hasTransparency(source) ? 'webp' : 'jpeg';
    notes.push(`A target size needs a lossy format, so the result is ${lossy.toUpperCase()}.`);
  }
  let lo = LOSSY_MIN;
  let hi = LOSSY_MAX;
  let fit: { bytes: Uint8Array; quality: number } | null = null;
  while (lo <= hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (!budget.take(costAt(AUTO_PLAIN_COST, mid))) break;
    await yieldToEventLoop();
    const bytes = await encode(source, lossy, { quality: mid });
    if (bytes.length <= target) {
      fit = { bytes, quality: mid };
      lo = mid + 1;
    } else hi = mid - 1;
  }
  const stopped = budget.exhausted ? ` Stopped searching after ${budget.encodes} trial encodes to keep the request quick; a slightly higher quality may also fit.` : '';
  if (fit) {
    notes.push(`Compressed to ${fit.bytes.length} bytes (target ${target}) at quality ${fit.quality}.${stopped}`);
    return { bytes: fit.bytes, format: lossy, quality: fit.quality, notes, search: budget.report() };
  }
  budget.force(costAt(AUTO_PLAIN_COST, LOSSY_MIN));
  const smallest = await encode(source, lossy, { quality: LOSSY_MIN });
  notes.push(`The target of ${target} bytes cannot be reached: the smallest file at quality ${LOSSY_MIN} is ${smallest.length} bytes.`);
  return { bytes: smallest, format: lossy, quality: LOSSY_MIN, notes, search: budget.report() };
}

/** Same-format compress never grows a file: when the result is not smaller, the caller keeps the input. */
export function isSameFormatGrowth(result: Encoded, inputFormat: ImageFormat, inputSize: number): boolean {
  return result.format === inputFormat && result.bytes.length >= inputSize;
}

/**
 * PNG: lossless (png + oxipng), and below quality 100 a palette reduction that is kept only when it is smaller and
 * its SSIM stays at or above PALETTE_SSIM_THRESHOLD.
 */
export async function compressPng(source: Raster, quality: number): Promise<Encoded> {
  const lossless = await encode(source, 'png', { quality: 100 });
  const plain: Encoded = { bytes: lossless, format: 'png', notes: [] };
  if (quality >= 100 || source.width * source.height > OXIPNG_MAX_PIXELS) return plain;
  const reduced = reducePalette(source);
  if (!reduced) return plain;
  const candidate = await encodePng(reduced, true);
  if (candidate.length >= lossless.length) return plain;
  const ssim = similarity(source, reduced);
  if (ssim < PALETTE_SSIM_THRESHOLD) {
    plain.notes.push('Kept every colour: reducing them would change the picture visibly.');
    return plain;
  }
  return { bytes: candidate, format: 'png', ssim, notes: ['Reduced to at most 256 colours; the picture looks the same.'] };
}
