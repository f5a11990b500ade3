/**
 * A target size on a large picture: at most LARGE_TARGET_TRIES whole encodes by the image service, each placed by the
 * sizes the ones before measured (ADR 0165).
 */
import { IMAGE_SERVICE_MAX_CALLS_PER_OPERATION } from '../../../../../../core/image-service';
import type { OutputFormat } from '../../codecs/encode';
import { LOSSY_MIN, named } from './choices';
import type { LargeCompressed, Whole } from './large-picture';

/** The most whole-picture encodes a target-size search asks the image service for. */
export const LARGE_TARGET_TRIES = IMAGE_SERVICE_MAX_CALLS_PER_OPERATION;
/**
 * Where tries are placed for a target size: on x = ln(libjpeg's table scale) for JPEG (5000/q below 50, 200 − 2q from
 * 50), on which ln(bytes) is close to a straight line from q10 to q90 (measured on a 12 MP photo: 0.54–0.64 per unit
 * of x, where per quality step it ran from 0.014 to 0.046); on the quality itself for WebP. ADR 0165.
 */
const axis = (format: 'jpeg' | 'webp') =>
  format === 'jpeg'
    ? {
        x: (q: number) => Math.log(q < 50 ? 5000 / q : 200 - 2 * q),
        q: (x: number) => (Math.exp(x) > 100 ? 5000 / Math.exp(x) : (200 - Math.exp(x)) / 2),
        growth: -0.6,
      }
    : { x: (q: number) => q, q: (x: number) => x, growth: 0.03 };
/** A guess aims this far under the target: the middle of the 10% below it a result should land in (ADR 0165). */
export const TARGET_AIM = 0.95;
/** The last try where none has fitted yet: lower, so that it fits, but within the 10%. */
const LAST_AIM = 0.92;
const FIRST_TRY = 80;

interface Tried {
  quality: number;
  bytes: Uint8Array;
}

/** The next quality to try: where ln(bytes) reaches the aim on the line (on `axis`) through the two tries nearest it. */
export function nextTry(format: 'jpeg' | 'webp', tried: Tried[], aim: number, lo: number, hi: number): number {
  const { x, q, growth: assumed } = axis(format);
  const ln = Math.log(aim);
  const [a, b] = [...tried].sort(
    (m, n) => Math.abs(Math.log(m.bytes.length) - ln) - Math.abs(Math.log(n.bytes.length) - ln),
  );
  const measured =
    b && b.quality !== a!.quality
      ? (Math.log(b.bytes.length) - Math.log(a!.bytes.length)) / (x(b.quality) - x(a!.quality))
      : assumed;
  // Bytes grow with quality: a measured slope of the wrong sign (two files of one size) falls back to the assumed one.
  const growth = Math.sign(measured) === Math.sign(assumed) && Math.abs(measured) > 0.005 ? measured : assumed;
  const guess = Math.round(q(x(a!.quality) + (ln - Math.log(a!.bytes.length)) / growth));
  return Math.max(lo + 1, Math.min(hi - 1, guess));
}

/**
 * Target size of a large picture: each try encodes the whole picture, so only LARGE_TARGET_TRIES, in one format
 * (JPEG for `format=auto`: the service's JPEG encoder is several times faster than its WebP one at 12 MP), each
 * placed where the sizes measured so far say the target is.
 */
export async function targetLarge(
  encodeWhole: Whole,
  resolved: OutputFormat,
  target: number,
  chosen: boolean,
  tries = LARGE_TARGET_TRIES,
  short = '',
): Promise<LargeCompressed> {
  const notes: string[] = [];
  const format = resolved === 'webp' ? 'webp' : 'jpeg';
  if (chosen) notes.push('For a photo this large the target size is searched in JPEG only, to keep the request quick.');
  else if (format !== resolved)
    notes.push(`A target size needs a lossy format, so the result is ${format.toUpperCase()}.`);
  const tried: Tried[] = [];
  let lo = LOSSY_MIN - 1; // highest quality known to fit
  let hi = 96; // lowest quality known not to fit (none yet: above the highest tried, 95)
  let quality = FIRST_TRY;
  while (tried.length < tries && hi - lo > 1) {
    const bytes = await encodeWhole(format, quality);
    tried.push({ quality, bytes });
    if (bytes.length <= target) lo = quality;
    else hi = quality;
    // With the last try left and nothing fitting yet it must fit: aimed lower, still inside the 10% below the target
    // (five quality steps lower, as before, gave 371 KB for 500 KB: ADR 0165).
    quality = nextTry(
      format,
      tried,
      target * (tried.length === tries - 1 && lo < LOSSY_MIN ? LAST_AIM : TARGET_AIM),
      lo,
      hi,
    );
  }
  const fit = tried.filter((t) => t.bytes.length <= target).sort((a, b) => b.quality - a.quality)[0];
  if (fit) {
    notes.push(`Compressed to ${fit.bytes.length} bytes (target ${target}) at quality ${fit.quality}.`);
    return { bytes: fit.bytes, format, quality: fit.quality, notes };
  }
  const smallest = [...tried].sort((a, b) => a.bytes.length - b.bytes.length)[0]!;
  notes.push(
    smallest.quality <= LOSSY_MIN
      ? `The target of ${target} bytes cannot be reached: the smallest file, at quality ${smallest.quality}, is ${smallest.bytes.length} bytes.`
      : `The target of ${target} bytes was not reached in ${tried.length} ${tried.length === 1 ? 'try' : 'tries'}${short}: the smallest file, ${named(format, smallest.quality)}, is ${smallest.bytes.length} bytes.`,
  );
  return { bytes: smallest.bytes, format, quality: smallest.quality, notes };
}
