/** Compression choices: a given quality, `quality=auto` (smallest faithful file) and `targetBytes` (a size to land under). */
import type { ImageFormat } from '../../../../core/api/images';
import { decode } from './decode';
import { encode, encodePng, type OutputFormat } from './encode';
import { readHeader } from './sniff';
import { AUTO_MAX_QUALITY, AUTO_SSIM_THRESHOLD, AUTO_TUNINGS, OXIPNG_MAX_PIXELS, PALETTE_SSIM_THRESHOLD, type AutoSetting } from './options';
import { reducePalette } from './palette';
import { hasTransparency, type Raster } from './raster';
import { similarity, ssimReference } from './ssim';

export interface Encoded {
  bytes: Uint8Array;
  format: OutputFormat;
  quality?: number;
  ssim?: number;
  notes: string[];
}

const LOSSY_MIN = 10;
const LOSSY_MAX = 100;

/**
 * Ends the current turn of the event loop. The searches below run up to ~40 WASM encodes for one request (five
 * settings of ~7 each for `quality=auto`, fewer when settings are ruled out early), and
 * awaiting the codecs alone never leaves the microtask queue: without this the isolate's thread serves nothing
 * else (no other request, no socket) until the whole search ends, for seconds on a large photo.
 */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

type Tuning = Readonly<Record<string, number | boolean>>;

/** The source of a search and its SSIM reference, prepared once for all of the search's round trips. */
interface Search {
  source: Raster;
  similarity: (candidate: Raster) => number;
}

async function roundTrip(search: Search, format: OutputFormat, quality: number, tuning?: Tuning): Promise<{ bytes: Uint8Array; ssim: number }> {
  await yieldToEventLoop();
  const bytes = await encode(search.source, format, { quality, tuning });
  const header = readHeader(bytes);
  if (!header) throw new Error('encoder produced no image');
  return { bytes, ssim: search.similarity(await decode(bytes, header)) };
}

/**
 * The lowest quality of a lossy format and setting whose output keeps SSIM ≥ threshold (binary search over whole
 * qualities, ~7 encodes), so the result lands just above the threshold. `bound` is the size of the smallest
 * faithful file another setting already made: a probe that falls short of the threshold and is already at least
 * that big proves that every faithful quality the search could still find is bigger (files grow with quality), so
 * the search stops there and answers null. The answer is the same as without the bound.
 */
async function lowestFaithful(search: Search, format: OutputFormat, threshold: number, setting: AutoSetting, bound = Infinity): Promise<Encoded | null> {
  const tuning = setting.options;
  let lo = LOSSY_MIN;
  let hi = setting.maxQuality ?? AUTO_MAX_QUALITY;
  let best: { bytes: Uint8Array; ssim: number } | null = null;
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    const r = await roundTrip(search, format, mid, tuning);
    if (r.ssim >= threshold) {
      best = r;
      hi = mid;
    } else {
      if (r.bytes.length >= bound) return null;
      lo = mid + 1;
    }
  }
  // The search ends on the highest quality only when nothing below it was faithful; that one is encoded last.
  best ??= await roundTrip(search, format, hi, tuning);
  const notes = best.ssim >= threshold ? [] : [`No quality reached SSIM ${threshold} in ${format}; the most faithful (quality ${hi}, SSIM ${best.ssim.toFixed(4)}) was kept.`];
  return { bytes: best.bytes, format, quality: hi, ssim: best.ssim, notes };
}

/** Formats `quality=auto` may choose from: the asked one, or for "original" the ones that suit the picture. */
export function autoCandidates(requested: OutputFormat | 'original', source: Raster): OutputFormat[] {
  if (requested !== 'original') return [requested];
  return hasTransparency(source) ? ['webp', 'png'] : ['jpeg', 'webp'];
}

export async function compressAuto(source: Raster, formats: OutputFormat[]): Promise<Encoded> {
  const results: Encoded[] = [];
  const search: Search = { source, similarity: ssimReference(source) };
  let smallest = Infinity;
  for (const format of formats) {
    if (format === 'jpeg' || format === 'webp') {
      for (const setting of AUTO_TUNINGS[format]) {
        const r = await lowestFaithful(search, format, AUTO_SSIM_THRESHOLD, setting, smallest);
        if (!r) continue;
        results.push(r);
        if ((r.ssim ?? 0) >= AUTO_SSIM_THRESHOLD) smallest = Math.min(smallest, r.bytes.length);
      }
    } else results.push({ bytes: await encode(source, format, { quality: 100 }), format, ssim: 1, notes: [] });
  }
  const faithful = results.filter((r) => (r.ssim ?? 0) >= AUTO_SSIM_THRESHOLD);
  if (faithful.length === 0) return results.reduce((a, b) => ((b.ssim ?? 0) > (a.ssim ?? 0) ? b : a));
  const best = faithful.reduce((a, b) => (b.bytes.length < a.bytes.length ? b : a));
  best.notes.push(`quality=auto chose ${best.format}${best.quality ? ` at quality ${best.quality}` : ''}, the smallest file with SSIM ≥ ${AUTO_SSIM_THRESHOLD}.`);
  return best;
}

/** The highest quality whose file is at most `target` bytes; says so when even the lowest quality is larger. */
export async function compressToTarget(source: Raster, format: OutputFormat, target: number): Promise<Encoded> {
  const notes: string[] = [];
  let lossy = format;
  if (format !== 'jpeg' && format !== 'webp') {
    lossy = hasTransparency(source) ? 'webp' : 'jpeg';
    notes.push(`A target size needs a lossy format, so the result is ${lossy}.`);
  }
  let lo = LOSSY_MIN;
  let hi = LOSSY_MAX;
  let fit: { bytes: Uint8Array; quality: number } | null = null;
  while (lo <= hi) {
    const mid = Math.floor((lo + hi) / 2);
    await yieldToEventLoop();
    const bytes = await encode(source, lossy, { quality: mid });
    if (bytes.length <= target) {
      fit = { bytes, quality: mid };
      lo = mid + 1;
    } else hi = mid - 1;
  }
  if (fit) {
    notes.push(`Compressed to ${fit.bytes.length} bytes (target ${target}) at quality ${fit.quality}.`);
    return { bytes: fit.bytes, format: lossy, quality: fit.quality, notes };
  }
  const smallest = await encode(source, lossy, { quality: LOSSY_MIN });
  notes.push(`The target of ${target} bytes cannot be reached: the smallest file at quality ${LOSSY_MIN} is ${smallest.length} bytes.`);
  return { bytes: smallest, format: lossy, quality: LOSSY_MIN, notes };
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
    plain.notes.push(`Palette reduction was skipped: it would change the picture visibly (SSIM ${ssim.toFixed(4)}).`);
    return plain;
  }
  return { bytes: candidate, format: 'png', ssim, notes: [`Reduced to at most 256 colours (SSIM ${ssim.toFixed(4)}).`] };
}
