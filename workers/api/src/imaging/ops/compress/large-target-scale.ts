/**
 * A target size a large picture cannot meet at a decent quality at full size: it is met by fewer pixels at a decent
 * quality instead (ADR 0210). Bytes fall with the pixel count, roughly as a power of it; the tries are placed on
 * ln(bytes) against ln(pixels), assuming PIXEL_GROWTH until two sizes measure it.
 */
import type { Size } from '../../types';

/**
 * Below this JPEG or WebP quality a full-size photo is visibly blocky, and the same bytes spent on fewer pixels at
 * SCALED_QUALITY look closer to the original (judged with SSIMULACRA, ADR 0210). 35 on the synthetic 12 MP photo;
 * on real photos the full-size file was as good or better down to about q30 at 12 MP and q20 at 2–4 MP, so 20.
 */
export const TARGET_QUALITY_FLOOR = 20;
/**
 * The quality a scaled-down picture is encoded at: q60–80 scored best for the same bytes (ADR 0210), and 80 is the
 * first full-size try's, whose size then places the scaled tries exactly rather than by a guessed quality line.
 */
export const SCALED_QUALITY = 80;
/** A picture is not made smaller than this on its long side for a target: a smaller one is no longer the photo. */
export const MIN_SCALED_LONG_SIDE = 1280;
/**
 * ln(bytes) per ln(pixels) at one quality, until measured: 0.85 on the suite's synthetic photo (fewer pixels carry
 * more detail each), 1.5 on a photo under heavy grain (scaling down averages the noise away, e2e phonePhoto). 0.7,
 * under both, so that a guess errs towards a smaller file that fits rather than one over the target.
 */
const PIXEL_GROWTH = 0.7;

/** The size `scale` (0–1, of each side) makes of `size`, aspect kept, never below MIN_SCALED_LONG_SIDE. */
export function scaledSize(size: Size, scale: number): Size {
  const long = Math.max(size.width, size.height);
  const s = Math.min(1, Math.max(scale, Math.min(1, MIN_SCALED_LONG_SIDE / long)));
  return { width: Math.max(1, Math.round(size.width * s)), height: Math.max(1, Math.round(size.height * s)) };
}

/** Whether a picture can be made smaller for a target at all. */
export const canScale = (size: Size) => Math.max(size.width, size.height) > MIN_SCALED_LONG_SIDE;

export interface Measured {
  pixels: number;
  bytes: number;
}

/**
 * The scale (of each side) whose file should weigh `aim` bytes, from what the sizes measured at one quality say:
 * the line through the two nearest the aim, or PIXEL_GROWTH from one.
 */
export function scaleFor(full: Size, measured: Measured[], aim: number): number {
  const ln = Math.log(aim);
  const [a, b] = [...measured].sort((m, n) => Math.abs(Math.log(m.bytes) - ln) - Math.abs(Math.log(n.bytes) - ln));
  const slope =
    b && b.pixels !== a!.pixels ? Math.log(b.bytes / a!.bytes) / Math.log(b.pixels / a!.pixels) : PIXEL_GROWTH;
  // A slope outside what photos show (a measurement of two nearly equal files) falls back to the assumed one.
  const growth = slope > 0.4 && slope < 3 ? slope : PIXEL_GROWTH;
  const pixels = a!.pixels * Math.exp((ln - Math.log(a!.bytes)) / growth);
  return Math.sqrt(pixels / (full.width * full.height));
}

/**
 * Whether fewer pixels at SCALED_QUALITY can meet `aim` at MIN_SCALED_LONG_SIDE or more, judged from the full-size
 * file at that quality and PIXEL_GROWTH. Where they cannot, a try at the smallest size allowed is over the target for
 * certain (1,280 px at q80 was 1.7 times a target a 1,858 px render met at q19, ADR 0210); PIXEL_GROWTH guesses the
 * picture smaller than it needs to be, so a doubt keeps the full size, which meets any target a quality can.
 */
export function scalesAboveMinimum(full: Size, bytesAtScaledQuality: number, aim: number): boolean {
  const scale = scaleFor(full, [{ pixels: full.width * full.height, bytes: bytesAtScaledQuality }], aim);
  return scale * Math.max(full.width, full.height) >= MIN_SCALED_LONG_SIDE;
}
