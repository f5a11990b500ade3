/**
 * A target size on a large picture: at most LARGE_TARGET_TRIES whole encodes by the image service, each placed by the
 * sizes the ones before measured (ADR 0165).
 */
import { IMAGE_SERVICE_MAX_CALLS_PER_OPERATION } from '../../../../../../core/image-service';
import type { OutputFormat } from '../../codecs/encode';
import { LOSSY_MIN, missedTarget, named } from './choices';
import { formatBytes } from '../../../../../../core/file-size';
import type { Size } from '../../types';
import type { LargeCompressed, Whole } from './large-picture';
import {
  canScale,
  type Measured,
  SCALED_QUALITY,
  scaleFor,
  scaledSize,
  scalesAboveMinimum,
  TARGET_QUALITY_FLOOR,
} from './large-target-scale';

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
/**
 * A first try (q80) this many times the target needs a quality under the floor (20) at full size: q80 is 7.9 times
 * q20's file on the 12 MP test photo and 2.8–3.4 times on real photos (ADR 0210), so 8 decides only far under it.
 */
const FIRST_TRY_OVER = 8;

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

/** The quality the line through the tries so far says reaches `aim` at full size (not held to any bracket). */
const qualityFor = (format: 'jpeg' | 'webp', tried: Tried[], aim: number) => nextTry(format, tried, aim, -1e9, 1e9);

/** "4,032 × 3,024 px". */
const dims = (size: Size) => `${size.width.toLocaleString('en-US')} × ${size.height.toLocaleString('en-US')} px`;

/**
 * Target size of a large picture: each try encodes the whole picture, so only LARGE_TARGET_TRIES, in one format
 * (JPEG for `format=auto`: the service's JPEG encoder is several times faster than its WebP one at 12 MP), each
 * placed where the sizes measured so far say the target is. Where the target needs a quality under
 * TARGET_QUALITY_FLOOR at full size, the picture is made smaller instead, at SCALED_QUALITY (ADR 0210).
 */
export async function targetLarge(
  encodeWhole: Whole,
  resolved: OutputFormat,
  target: number,
  chosen: boolean,
  tries = LARGE_TARGET_TRIES,
  short = '',
  size?: Size,
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
    // Too small a target for a decent quality at full size: fewer pixels instead, with the tries left (ADR 0210). One
    // try's line is no guide (on the 12 MP test photo it said q18 where q41 was needed): the first try decides only
    // when it is FIRST_TRY_OVER times the target, measured; later ones by the line through two tries, and only where
    // a picture of MIN_SCALED_LONG_SIDE or more can meet the target at SCALED_QUALITY (else the full size is searched on).
    if (size && canScale(size) && lo < TARGET_QUALITY_FLOOR && tried.length < tries) {
      const far = tried.length === 1 && bytes.length > FIRST_TRY_OVER * target;
      const needs = tried.length > 1 ? qualityFor(format, tried, target * TARGET_AIM) : Infinity;
      const atScaled = (tried.find((t) => t.quality === SCALED_QUALITY) ?? tried[0]!).bytes.length;
      if (far || (needs < TARGET_QUALITY_FLOOR && scalesAboveMinimum(size, atScaled, target * TARGET_AIM)))
        return scaleToTarget(encodeWhole, format, target, size, tried, tries, notes);
    }
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
    notes.push(`Reached ${formatBytes(fit.bytes.length)} (target ${formatBytes(target)}) at quality ${fit.quality}.`);
    return { bytes: fit.bytes, format, quality: fit.quality, notes };
  }
  const smallest = [...tried].sort((a, b) => a.bytes.length - b.bytes.length)[0]!;
  notes.push(missed(target, smallest.bytes.length, named(format, smallest.quality), tried.length, short));
  return { bytes: smallest.bytes, format, quality: smallest.quality, notes };
}

/** A miss in words; `short`: the tries were fewer than the search wanted (ADR 0148). */
const missed = (target: number, smallest: number, what: string, tries: number, short: string) =>
  missedTarget(target, smallest, what, short ? ` in ${tries} ${tries === 1 ? 'try' : 'tries'}${short}` : '');

/**
 * The target met by fewer pixels at SCALED_QUALITY, the quality of the first full-size try: the scaled tries are
 * placed on ln(bytes) against ln(pixels) from that try's real size (then PIXEL_GROWTH), and the next by what they
 * measured. Where the smallest picture allowed is still over, the last try lowers its quality instead. The largest
 * picture that fits is kept; where none did, the smallest file, said so.
 */
async function scaleToTarget(
  encodeWhole: Whole,
  format: 'jpeg' | 'webp',
  target: number,
  full: Size,
  tried: Tried[],
  tries: number,
  notes: string[],
): Promise<LargeCompressed> {
  const first = tried.find((t) => t.quality === SCALED_QUALITY) ?? tried[0]!;
  const measured: Measured[] = [{ pixels: full.width * full.height, bytes: first.bytes.length }];
  const made: { size: Size; quality: number; bytes: Uint8Array }[] = [];
  for (let left = tries - tried.length; left > 0; left--) {
    const fits = made.filter((m) => m.bytes.length <= target);
    // A fit already within the 10% below the target is the answer.
    if (fits.some((m) => m.bytes.length >= 0.9 * target)) break;
    // The last try, with nothing fitting yet, aims lower so that it fits (as LAST_AIM does for the quality).
    const aim = target * (left === 1 && fits.length === 0 ? LAST_AIM : TARGET_AIM);
    const size = scaledSize(full, scaleFor(full, measured, aim));
    const same = made.find((m) => m.size.width === size.width && m.quality === SCALED_QUALITY);
    if (same && (fits.length > 0 || same.bytes.length <= target)) break;
    // The smallest picture allowed is over at SCALED_QUALITY: its quality is lowered, on the quality line, to the floor.
    const quality = same
      ? nextTry(format, [{ quality: SCALED_QUALITY, bytes: same.bytes }], aim, TARGET_QUALITY_FLOOR - 1, SCALED_QUALITY)
      : SCALED_QUALITY;
    const bytes = await encodeWhole(format, quality, size);
    made.push({ size, quality, bytes });
    if (quality === SCALED_QUALITY) measured.push({ pixels: size.width * size.height, bytes: bytes.length });
  }
  const best = made
    .filter((m) => m.bytes.length <= target)
    .sort((a, b) => b.size.width - a.size.width || b.quality - a.quality)[0];
  // No smaller picture fitted, but a full-size try did (under the floor): the target met beats a miss.
  const fullFit = tried.filter((t) => t.bytes.length <= target).sort((a, b) => b.quality - a.quality)[0];
  if (!best && fullFit) {
    notes.push(
      `Reached ${formatBytes(fullFit.bytes.length)} (target ${formatBytes(target)}) at quality ${fullFit.quality}.`,
    );
    return { bytes: fullFit.bytes, format, quality: fullFit.quality, notes };
  }
  if (best) {
    notes.push(
      `Reached ${formatBytes(best.bytes.length)} by making the picture ${dims(best.size)} (from ${dims(full)}) at quality ${best.quality}: at full size ${formatBytes(target)} needs a quality under ${TARGET_QUALITY_FLOOR}, which looks blocky.`,
    );
    return { bytes: best.bytes, format, quality: best.quality, notes, size: best.size };
  }
  const smallest = [...made].sort((a, b) => a.bytes.length - b.bytes.length)[0]!;
  notes.push(missed(target, smallest.bytes.length, `${dims(smallest.size)} at quality ${smallest.quality}`, tries, ''));
  return { bytes: smallest.bytes, format, quality: smallest.quality, notes, size: smallest.size };
}
