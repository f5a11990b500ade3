/**
 * Compress for pictures over the isolate's budget: the image service encodes, the isolate chooses the settings. Every
 * service call is a billed transformation in production (ADR 0116), so each request makes at most
 * IMAGE_SERVICE_MAX_CALLS_PER_OPERATION of them:
 * - a given quality: one (two for `format=auto`: JPEG and WebP, the smaller kept);
 * - `quality=auto`: the sample tiles at full resolution (one call, raw pixels cut as they stream past), the search
 *   on them in the isolate with its own codecs (free), one encode of the sample by the service at the quality found
 *   (its encoder is not the isolate's: the judge measures what it really gives), then the whole photo at that
 *   quality, or at the quality the search's slope says closes the gap the measurement found;
 * - a target size: at most three whole encodes, each placed by the sizes the ones before measured.
 */
import { IMAGE_SERVICE_MAX_CALLS_PER_OPERATION } from '../../../../../../core/image-service';
import { autoCandidates, autoOn, explain, VERIFY_MARGIN } from './auto';
import { formatReason } from './auto-whole';
import { anchoredTarget, targetWords } from './anchor';
import { avifRefusal } from './avif';
import { acceptedFormats } from '../../../../../../core/tools/compress';
import { LOSSY_MIN, named, type Encoded } from './choices';
import { QUALITY } from '../../../../../../core/tools/fields';
import { decode } from '../../codecs/decode';
import { encodePng, type OutputFormat } from '../../codecs/encode';
import { judgeFor } from './judge/judge';
import { mosaic, samplesOf, sampleTiles, type Tile } from './judge/sample';
import { AUTO_MAX_QUALITY, AUTO_TARGET_SCORE } from '../../options';
import type { Raster } from '../../codecs/raster';
import type { ImageService, ServiceFormat, ServiceStep } from '../../service/types';
import { readHeader } from '../../intake/sniff';
import type { CompressRequest } from '../../types';
import type { Size } from '../../types';

/** What is compressed: the input's bytes, the steps that make the picture from them (a resize), and its size. */
export interface LargePicture {
  bytes: Uint8Array;
  steps: readonly ServiceStep[];
  size: Size;
}

/**
 * The sample tiles of a large picture (judge/sample.ts), at full resolution, in one call: the service's raw pixels
 * of exactly those rectangles, laid side by side into the strip the judge reads.
 */
export async function serviceSample(
  images: ImageService,
  picture: LargePicture,
): Promise<{ raster: Raster; tiles: Tile[] }> {
  const tiles = sampleTiles(picture.size.width, picture.size.height);
  const cut = await images.run({
    input: picture.bytes,
    steps: picture.steps,
    output: { format: 'rgba', regions: tiles },
  });
  let at = 0;
  const rasters = tiles.map((t) => {
    const length = t.width * t.height * 4;
    const data = new Uint8ClampedArray(cut.bytes.buffer, cut.bytes.byteOffset + at, length);
    at += length;
    return { data, width: t.width, height: t.height };
  });
  return { raster: mosaic(rasters), tiles };
}

export interface LargeCompressed {
  bytes: Uint8Array;
  format: OutputFormat;
  quality?: number;
  score?: number;
  looksSame?: boolean;
  search?: Encoded['search'];
  notes: string[];
  formatReason?: string;
}

type Whole = (format: ServiceFormat, quality?: number) => Promise<Uint8Array>;

/** The lossy formats `format=auto` may choose between on a large picture: those accepted. */
const lossyAccepted = (accept?: string) =>
  (['jpeg', 'webp'] as const).filter((f) => !acceptedFormats(accept) || acceptedFormats(accept)!.includes(f));

/**
 * Which search a large compress makes, and how many billed calls it makes beyond the one encode any compress of the
 * picture needs: what it reserves of the visitor's daily budget of search calls (ADR 0148).
 */
export function largeSearch(
  req: CompressRequest,
  resolved: ServiceFormat,
): { kind: 'target' | 'auto' | 'both' | 'one'; extra: number } {
  if (req.targetBytes) return { kind: 'target', extra: LARGE_TARGET_TRIES - 1 };
  if (req.quality === 'auto' && resolved !== 'avif' && (req.format === 'auto' || resolved !== 'png'))
    return { kind: 'auto', extra: 2 };
  if (req.format === 'auto' && lossyAccepted(req.accept).length === 2) return { kind: 'both', extra: 1 };
  return { kind: 'one', extra: 0 };
}

/** The search calls granted beyond the one encode (ADR 0148), and the words why, when fewer than the search wanted. */
export interface ExtraCalls {
  extra: number;
  refused?: string;
}

/**
 * Large pictures: the image service encodes; the isolate only chooses the settings. AVIF comes only at a given
 * quality (the route refuses `auto` and a target size with it, compress.ts turns them to `format=auto`, ADR 0132).
 * `budget`: the calls beyond the one encode this request may make (ADR 0148). With fewer than its search needs,
 * `quality=auto` is one encode at the default quality, `format=auto` one format (JPEG), a target size fewer tries;
 * the notes say so.
 */
export async function compressLarge(
  images: ImageService,
  picture: LargePicture,
  req: CompressRequest,
  resolved: ServiceFormat,
  budget: ExtraCalls = { extra: Infinity },
): Promise<LargeCompressed> {
  if (resolved === 'avif' && (req.targetBytes || req.quality === 'auto'))
    throw new Error('AVIF is made at a given quality only');
  const encodeWhole: Whole = async (format, quality) =>
    (
      await images.run({
        input: picture.bytes,
        steps: picture.steps,
        output: { format, ...(format === 'png' ? {} : { quality }) },
      })
    ).bytes;
  const search = largeSearch(req, resolved);
  const refused = budget.extra < search.extra ? (budget.refused ?? 'no tries were left') : '';
  const short = refused ? ` (${refused})` : '';
  if (search.kind === 'target')
    return targetLarge(
      encodeWhole,
      req.format === 'auto' ? 'jpeg' : resolved,
      req.targetBytes!,
      req.format === 'auto',
      1 + Math.min(search.extra, budget.extra),
      short,
    );
  if (search.kind === 'auto' && !short)
    return autoLarge(images, picture, req.format === 'auto' ? 'auto' : resolved, encodeWhole, req.accept);
  if (search.kind === 'auto') {
    const fixed = await compressLarge(images, picture, { ...req, quality: QUALITY.default }, resolved, {
      extra: 0,
      refused: budget.refused,
    });
    const note = `Compressed at quality ${QUALITY.default} without searching for the smallest file that looks the same: ${refused}.`;
    return { ...fixed, notes: [note, ...fixed.notes.filter((n) => !n.startsWith('Compressed at quality'))] };
  }
  if (req.format === 'auto') {
    const lossy = lossyAccepted(req.accept);
    if (lossy.length === 1 || short) {
      const only = lossy.length === 1 ? lossy[0]! : 'jpeg';
      const why =
        lossy.length === 1 ? 'the only format accepted that suits this picture' : `WEBP was not tried as well${short}`;
      return {
        bytes: await encodeWhole(only, req.quality as number),
        format: only,
        quality: req.quality as number,
        notes: [`Compressed at quality ${req.quality}.`],
        formatReason: `${only.toUpperCase()}: ${why}.`,
      };
    }
    const jpeg = await encodeWhole('jpeg', req.quality as number);
    const webp = await encodeWhole('webp', req.quality as number);
    const [best, other] =
      webp.length < jpeg.length
        ? [
            { bytes: webp, format: 'webp' as const },
            { bytes: jpeg, format: 'jpeg' },
          ]
        : [
            { bytes: jpeg, format: 'jpeg' as const },
            { bytes: webp, format: 'webp' },
          ];
    const smaller = Math.max(1, Math.round((other.bytes.length / best.bytes.length - 1) * 100));
    return {
      ...best,
      quality: req.quality as number,
      notes: [
        `Saved as ${best.format.toUpperCase()}: at quality ${req.quality} it is ${smaller}% smaller than ${other.format.toUpperCase()}.`,
      ],
      formatReason: `${best.format.toUpperCase()}: ${smaller}% smaller than ${other.format.toUpperCase()} at quality ${req.quality}.`,
    };
  }
  if (resolved === 'png')
    return { bytes: await encodeWhole('png'), format: 'png', notes: ['Compressed losslessly as PNG.'] };
  const quality = req.quality as number;
  return {
    bytes: await encodeWhole(resolved, quality),
    format: resolved,
    quality,
    notes: [`Compressed at quality ${quality}.`],
  };
}

/** The most quality steps a measurement may move the search's answer (beyond it, the slope is not worth trusting). */
const MAX_CORRECTION = 12;

/**
 * Where the service's encoder puts the target, from one measured encode of the sample (quality `at`, score
 * `measured`) and the slope of ln(score) per quality step the search found in the isolate's encoder. Moving down, a
 * slope steeper than the service's (mozjpeg's is, measured against libvips) errs on the faithful side; moving up,
 * one more step is added for the same reason.
 */
export function calibrated(
  at: number,
  measured: number,
  slope: number,
  target = AUTO_TARGET_SCORE,
  maxDown = MAX_CORRECTION,
): { quality: number; predicted: number } {
  const fall = Math.max(0.01, -slope);
  let steps = 0;
  if (measured > target) steps = Math.min(MAX_CORRECTION, Math.ceil(Math.log(measured / target) / fall) + 1);
  else if (measured < VERIFY_MARGIN * target)
    steps = -Math.min(maxDown, Math.floor(Math.log(target / measured) / fall));
  const quality = Math.max(LOSSY_MIN, Math.min(AUTO_MAX_QUALITY, at + steps));
  return { quality, predicted: measured * Math.exp(-fall * (quality - at)) };
}

async function autoLarge(
  images: ImageService,
  picture: LargePicture,
  requested: OutputFormat | 'auto',
  encodeWhole: Whole,
  accept?: string,
): Promise<LargeCompressed> {
  const sample = await serviceSample(images, picture);
  const suited = autoCandidates(requested, sample.raster);
  const accepted = requested === 'auto' ? acceptedFormats(accept) : undefined;
  const allowed = accepted ? suited.filter((f) => (accepted as readonly string[]).includes(f)) : suited;
  const formats = allowed.length ? allowed : ([suited.includes('png') ? 'png' : 'jpeg'] as OutputFormat[]);
  const judge = judgeFor(sample.raster);
  // A JPEG compressed as it is (no resize first) may be one already saved at about q75 (anchor.ts NEAR_COPY).
  const jpegInput = picture.steps.length === 0 && readHeader(picture.bytes)?.format === 'jpeg';
  const target = await anchoredTarget(sample.raster, judge, { jpeg: jpegInput });
  const choice = await autoOn(sample.raster, formats, undefined, undefined, target.score, judge);
  // AVIF would need calls of its own: the three a request may make are the sample, the probe and the photo (ADR 0135).
  const avifWhy =
    avifRefusal(picture.size, false) ??
    'AVIF was not tried: for a photo this large the image service calls a request may make are spent on the sample, the check and the photo.';
  const avifNote = requested === 'auto' && accepted?.includes('avif') ? ` ${avifWhy}` : '';
  const reason = requested === 'auto' ? { formatReason: formatReason(choice) } : {};
  const search = { ...choice.search, samples: samplesOf(sample.tiles) };
  const format = choice.format as 'jpeg' | 'png' | 'webp';
  if (format === 'png') {
    return {
      bytes: await encodeWhole('png'),
      format,
      score: choice.score,
      looksSame: choice.looksSame,
      search,
      notes: [`${choice.why}${avifNote}${targetWords(target)}`],
      ...reason,
    };
  }
  // The service's encode of the sample at the search's answer, judged: what its encoder really gives there.
  const at = choice.quality!;
  const probe = await images.run({
    input: await encodePng(sample.raster, false),
    steps: [],
    output: { format, quality: at },
  });
  const measured = judge(await decode(probe.bytes, readHeader(probe.bytes)!));
  // A JPEG re-encoded as JPEG scores far better near its own quality than a step or two below it (a 3.6 MP q80 JPEG:
  // 0.0047 at q75, 0.0102 at q69 by ssimulacra_main), so the slope cannot be trusted downwards: its quality is not
  // moved below the one measured.
  const { quality, predicted } = calibrated(
    at,
    measured,
    choice.slope,
    target.score,
    jpegInput && format === 'jpeg' ? 0 : MAX_CORRECTION,
  );
  const score = quality === at ? measured : predicted;
  const settled = { ...choice, quality, score, looksSame: score <= target.score };
  // Where the service's encoder landed is in the machine fields (quality, score); the note says only what was chosen.
  return {
    bytes: await encodeWhole(format, quality),
    format,
    quality,
    score,
    looksSame: settled.looksSame,
    search,
    notes: [`${explain(settled)}${avifNote}${targetWords(target)}`],
    ...reason,
  };
}

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
async function targetLarge(
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
