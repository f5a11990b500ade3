/**
 * Compress: a given quality, `auto` (the smallest file that looks the same) or a target size. Small pictures are
 * searched and encoded in the isolate; large ones are encoded by the image service, and for `auto` the quality is
 * chosen on full-resolution tiles of the picture (judge-sample.ts: never a downscale, which would hide compression
 * artefacts) encoded by the image service itself, so the whole picture is then encoded by the same encoder at what
 * the judge saw.
 */
import type { CompressOptions } from '../../../../../core/tools/compress';
import { autoCandidates, autoOn, compressAuto } from '../auto';
import { compressPng, compressToTarget, type Encoded } from '../compress';
import { encode, encodePng, type OutputFormat } from '../encode';
import { mosaic, sampleTiles, type Tile } from '../judge-sample';
import { crop, type Raster } from '../raster';
import type { ImageService } from '../service/types';
import type { Size } from './types';

export type CompressRequest = Pick<CompressOptions, 'quality' | 'targetBytes'> & { format: OutputFormat | 'original' | 'auto' };

/** The formats a request may write: one, or where the engine chooses (`format=auto`, a target size) any that suit. */
export function possibleFormats(req: CompressRequest, resolved: OutputFormat): OutputFormat[] {
  return req.format === 'auto' || req.targetBytes ? ['jpeg', 'webp', 'png'] : [resolved];
}

/** Small pictures: the whole search and encode in the isolate. */
export async function compressRaster(raster: Raster, req: CompressRequest, resolved: OutputFormat): Promise<Encoded> {
  if (req.targetBytes) return compressToTarget(raster, req.format === 'auto' ? 'auto' : resolved, req.targetBytes);
  const formats = req.format === 'auto' ? autoCandidates('auto', raster) : [resolved];
  if (req.quality === 'auto') return compressAuto(raster, formats);
  if (formats.length > 1) return smallerAt(raster, formats, req.quality);
  if (resolved === 'png') return compressPng(raster, req.quality);
  return { bytes: await encode(raster, resolved, { quality: req.quality }), format: resolved, quality: req.quality, notes: [] };
}

/** `format=auto` at a given quality: both formats at it, the smaller kept (PNG, where it is a choice, is lossless). */
async function smallerAt(raster: Raster, formats: OutputFormat[], quality: number): Promise<Encoded> {
  const made: Encoded[] = [];
  for (const format of formats) made.push(format === 'png' ? await compressPng(raster, quality) : { bytes: await encode(raster, format, { quality }), format, quality, notes: [] });
  made.sort((a, b) => a.bytes.length - b.bytes.length);
  const [best, other] = made as [Encoded, Encoded];
  best.notes.push(`Saved as ${best.format.toUpperCase()}: at quality ${quality} it is ${Math.max(1, Math.round((other.bytes.length / best.bytes.length - 1) * 100))}% smaller than ${other.format.toUpperCase()}.`);
  return best;
}

/**
 * The sample tiles of a large picture (judge-sample.ts), cut at full resolution by the image service: one band per
 * row of tiles (each call decodes the photo, so two bands cost a quarter of eight tiles), the tiles cut from it here.
 */
export async function serviceSample(images: ImageService, bytes: Uint8Array, upright: Size): Promise<{ raster: Raster; tiles: Tile[] }> {
  const tiles = sampleTiles(upright.width, upright.height);
  const rows = [...new Set(tiles.map((t) => t.top))];
  const bands = await Promise.all(
    rows.map(async (top) => {
      const inRow = tiles.filter((t) => t.top === top);
      const left = Math.min(...inRow.map((t) => t.left));
      const band = { left, top, width: Math.max(...inRow.map((t) => t.left + t.width)) - left, height: inRow[0]!.height };
      const cut = await images.run({ input: bytes, steps: [{ op: 'crop', ...band }], output: { format: 'rgba' } });
      return { band, raster: { data: new Uint8ClampedArray(cut.bytes.buffer, cut.bytes.byteOffset, cut.bytes.byteLength), width: cut.width, height: cut.height } };
    }),
  );
  const cuts = tiles.map((t) => {
    const { band, raster } = bands[rows.indexOf(t.top)]!;
    return crop(raster, t.left - band.left, 0, t.width, t.height);
  });
  return { raster: mosaic(cuts), tiles };
}

/** The most whole-picture encodes a target-size search asks the image service for. */
export const LARGE_TARGET_TRIES = 6;

export interface LargeCompressed {
  bytes: Uint8Array;
  format: OutputFormat;
  quality?: number;
  score?: number;
  looksSame?: boolean;
  search?: Encoded['search'];
  notes: string[];
}

/** Large pictures: the image service encodes; the isolate only chooses the settings. */
export async function compressLarge(images: ImageService, bytes: Uint8Array, upright: Size, req: CompressRequest, resolved: 'jpeg' | 'png' | 'webp'): Promise<LargeCompressed> {
  const encodeWhole = async (format: 'jpeg' | 'png' | 'webp', quality?: number) =>
    (await images.run({ input: bytes, steps: [], output: { format, ...(format === 'png' ? {} : { quality }) } })).bytes;
  if (req.targetBytes) return targetLarge(encodeWhole, req.format === 'auto' ? 'jpeg' : resolved, req.targetBytes, req.format === 'auto');
  if (req.quality === 'auto') {
    const sample = await serviceSample(images, bytes, upright);
    const formats = req.format === 'auto' ? autoCandidates('auto', sample.raster) : [resolved];
    // The service reads files: each picture probed (the search lattice, then the sample) is sent as a PNG, made once.
    const asPng = new WeakMap<Raster, Uint8Array>();
    const byService = async (picture: Raster, format: 'jpeg' | 'webp', quality: number) => {
      let input = asPng.get(picture);
      if (!input) asPng.set(picture, (input = await encodePng(picture, false)));
      return (await images.run({ input, steps: [], output: { format, quality } })).bytes;
    };
    const choice = await autoOn(sample.raster, formats, byService);
    const format = choice.format as 'jpeg' | 'png' | 'webp';
    const out = await encodeWhole(format, choice.quality);
    const { width, height } = sample.tiles[0]!;
    return {
      bytes: out,
      format,
      quality: choice.quality,
      score: choice.score,
      looksSame: choice.looksSame,
      search: choice.search,
      notes: [`${choice.why} Judged at full size on ${sample.tiles.length} ${width}×${height} samples spread over the photo.`],
    };
  }
  if (req.format === 'auto') {
    const jpeg = await encodeWhole('jpeg', req.quality);
    const webp = await encodeWhole('webp', req.quality);
    const [best, other] = webp.length < jpeg.length ? [{ bytes: webp, format: 'webp' as const }, { bytes: jpeg, format: 'jpeg' }] : [{ bytes: jpeg, format: 'jpeg' as const }, { bytes: webp, format: 'webp' }];
    const smaller = Math.max(1, Math.round((other.bytes.length / best.bytes.length - 1) * 100));
    return { ...best, quality: req.quality, notes: [`Saved as ${best.format.toUpperCase()}: at quality ${req.quality} it is ${smaller}% smaller than ${other.format.toUpperCase()}.`] };
  }
  if (resolved === 'png') return { bytes: await encodeWhole('png'), format: 'png', notes: ['Compressed losslessly as PNG.'] };
  return { bytes: await encodeWhole(resolved, req.quality), format: resolved, quality: req.quality, notes: [`Compressed at quality ${req.quality}.`] };
}

/**
 * Target size of a large picture: each try encodes the whole picture, so only LARGE_TARGET_TRIES, in one format
 * (JPEG for `format=auto`: the service's JPEG encoder is several times faster than its WebP one at 12 MP).
 */
async function targetLarge(encodeWhole: (f: 'jpeg' | 'webp', q: number) => Promise<Uint8Array>, resolved: OutputFormat, target: number, chosen: boolean): Promise<LargeCompressed> {
  const notes: string[] = [];
  const format = resolved === 'webp' ? 'webp' : 'jpeg';
  if (chosen) notes.push('For a photo this large the target size is searched in JPEG only, to keep the request quick.');
  else if (format !== resolved) notes.push(`A target size needs a lossy format, so the result is ${format.toUpperCase()}.`);
  let lo = 10;
  let hi = 95;
  let fit: { bytes: Uint8Array; quality: number } | null = null;
  let smallest: { bytes: Uint8Array; quality: number } | null = null;
  for (let tries = 0; tries < LARGE_TARGET_TRIES && lo <= hi; tries++) {
    const quality = tries === 0 ? lo : Math.floor((lo + hi) / 2);
    const bytes = await encodeWhole(format, quality);
    if (tries === 0) smallest = { bytes, quality };
    if (bytes.length <= target) {
      fit = { bytes, quality };
      lo = quality + 1;
    } else if (tries === 0) break;
    else hi = quality - 1;
  }
  if (fit) {
    notes.push(`Compressed to ${fit.bytes.length} bytes (target ${target}) at quality ${fit.quality}.`);
    return { bytes: fit.bytes, format, quality: fit.quality, notes };
  }
  notes.push(`The target of ${target} bytes cannot be reached: the smallest file, at quality ${smallest!.quality}, is ${smallest!.bytes.length} bytes.`);
  return { bytes: smallest!.bytes, format, quality: smallest!.quality, notes };
}
