/**
 * `quality=auto` on a large picture: the sample tiles at full resolution (one call, raw pixels cut as they stream
 * past), the search on them in the isolate with its own codecs (free), one encode of the sample by the service at the
 * quality found (its encoder is not the isolate's: the judge measures what it really gives), then the whole photo at
 * that quality, or at the quality the search's slope says closes the gap the measurement found.
 */
import { acceptedFormats } from '../../../../../../core/tools/compress';
import { decode } from '../../codecs/decode';
import { encodePng, type OutputFormat } from '../../codecs/encode';
import type { Raster } from '../../codecs/raster';
import { readHeader } from '../../intake/sniff';
import { AUTO_MAX_QUALITY, AUTO_TARGET_SCORE } from '../../options';
import type { ImageService } from '../../service/types';
import { anchoredTarget, targetWords } from './anchor';
import { autoCandidates, autoOn, explain, VERIFY_MARGIN } from './auto';
import { formatReason } from './auto-whole';
import { avifRefusal } from './avif';
import { LOSSY_MIN } from './choices';
import { judgeFor } from './judge/judge';
import { mosaic, samplesOf, sampleTiles, type Tile } from './judge/sample';
import type { LargeCompressed, LargePicture, Whole } from './large-picture';

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

export async function autoLarge(
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
