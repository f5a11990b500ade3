/**
 * Compress: a given quality, `auto` (the smallest file that looks the same) or a target size. Small pictures are
 * searched and encoded in the isolate; large ones are encoded by the image service at the quality asked, and for
 * `auto` the quality is chosen on the most detailed full-resolution tile of the picture (never a downscale, which
 * would hide compression artefacts), then the whole picture is encoded at that choice.
 */
import type { CompressOptions } from '../../../../../core/tools/compress';
import { autoCandidates, compressAuto, compressPng, compressToTarget, type Encoded } from '../compress';
import { encode, type OutputFormat } from '../encode';
import type { Raster } from '../raster';
import type { ImageService } from '../service/types';
import type { Size } from './types';

export type CompressRequest = Pick<CompressOptions, 'quality' | 'targetBytes'> & { format: OutputFormat | 'original' };

/** The formats a request may write: one, or for auto and target sizes any that suit the picture. */
export function possibleFormats(req: CompressRequest, resolved: OutputFormat): OutputFormat[] {
  return req.quality === 'auto' || req.targetBytes ? ['jpeg', 'webp', 'png'] : [resolved];
}

/** Small pictures: the whole search and encode in the isolate. */
export async function compressRaster(raster: Raster, req: CompressRequest, resolved: OutputFormat, inputIsWritable: boolean): Promise<Encoded> {
  if (req.targetBytes) return compressToTarget(raster, resolved, req.targetBytes);
  if (req.quality === 'auto') return compressAuto(raster, req.format === 'original' && !inputIsWritable ? ['png'] : autoCandidates(req.format, raster));
  if (resolved === 'png') return compressPng(raster, req.quality);
  return { bytes: await encode(raster, resolved, { quality: req.quality }), format: resolved, quality: req.quality, notes: [] };
}

/** Side of the tile `auto` judges a large picture on: about 1 MP, within every WASM encoder's budget. */
export const AUTO_TILE_SIDE = 1024;
const SCOUT_SIDE = 256;

/**
 * The most detailed AUTO_TILE_SIDE square of the picture: a small scout copy is scored cell by cell by gradient
 * energy (what compression struggles with), and the best cell is cut out of the full-resolution picture.
 */
export async function detailTile(images: ImageService, bytes: Uint8Array, upright: Size): Promise<Raster> {
  const tile = { width: Math.min(AUTO_TILE_SIDE, upright.width), height: Math.min(AUTO_TILE_SIDE, upright.height) };
  const scale = Math.min(1, SCOUT_SIDE / Math.max(upright.width, upright.height));
  const scout = await images.run({
    input: bytes,
    steps: [{ op: 'resize', width: Math.max(1, Math.round(upright.width * scale)), height: Math.max(1, Math.round(upright.height * scale)), fit: 'stretch' }],
    output: { format: 'rgba' },
  });
  const at = bestWindow(scout.bytes, scout.width, scout.height, Math.max(1, Math.round(tile.width * (scout.width / upright.width))), Math.max(1, Math.round(tile.height * (scout.height / upright.height))));
  const left = Math.min(upright.width - tile.width, Math.round(at.x * (upright.width / scout.width)));
  const top = Math.min(upright.height - tile.height, Math.round(at.y * (upright.height / scout.height)));
  const cut = await images.run({ input: bytes, steps: [{ op: 'crop', left, top, ...tile }], output: { format: 'rgba' } });
  return { data: new Uint8ClampedArray(cut.bytes.buffer, cut.bytes.byteOffset, cut.bytes.byteLength), width: cut.width, height: cut.height };
}

/** The top-left corner of the w × h window of an RGBA picture with the most gradient energy (summed-area table). */
export function bestWindow(rgba: Uint8Array, width: number, height: number, w: number, h: number): { x: number; y: number } {
  const sat = new Float64Array((width + 1) * (height + 1));
  const luma = (i: number) => 0.299 * rgba[i]! + 0.587 * rgba[i + 1]! + 0.114 * rgba[i + 2]!;
  for (let y = 0; y < height; y++) {
    let row = 0;
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const here = luma(i);
      const dx = x + 1 < width ? Math.abs(luma(i + 4) - here) : 0;
      const dy = y + 1 < height ? Math.abs(luma(i + width * 4) - here) : 0;
      row += dx + dy;
      sat[(y + 1) * (width + 1) + x + 1] = sat[y * (width + 1) + x + 1]! + row;
    }
  }
  const sum = (x: number, y: number) =>
    sat[(y + h) * (width + 1) + x + w]! - sat[y * (width + 1) + x + w]! - sat[(y + h) * (width + 1) + x]! + sat[y * (width + 1) + x]!;
  let best = { x: 0, y: 0, energy: -1 };
  const stepX = Math.max(1, Math.floor(w / 4));
  const stepY = Math.max(1, Math.floor(h / 4));
  for (let y = 0; y + h <= height; y += stepY) {
    for (let x = 0; x + w <= width; x += stepX) {
      const e = sum(x, y);
      if (e > best.energy) best = { x, y, energy: e };
    }
  }
  return best;
}

/** The most bytes a target-size search asks the image service for: each try encodes the whole picture. */
export const LARGE_TARGET_TRIES = 6;

export interface LargeCompressed {
  bytes: Uint8Array;
  format: OutputFormat;
  quality?: number;
  notes: string[];
}

/** Large pictures: the image service encodes; the isolate only chooses the settings. */
export async function compressLarge(images: ImageService, bytes: Uint8Array, upright: Size, req: CompressRequest, resolved: 'jpeg' | 'png' | 'webp'): Promise<LargeCompressed> {
  const encodeWhole = async (format: 'jpeg' | 'png' | 'webp', quality?: number) =>
    (await images.run({ input: bytes, steps: [], output: { format, ...(format === 'png' ? {} : { quality }) } })).bytes;
  if (req.targetBytes) return targetLarge(encodeWhole, resolved, req.targetBytes);
  if (req.quality === 'auto') {
    const tile = await detailTile(images, bytes, upright);
    const formats = req.format === 'original' ? autoCandidates('original', tile).filter((f) => f !== 'bmp' && f !== 'tiff') : [resolved];
    const chosen = await compressAuto(tile, formats);
    const format = chosen.format as 'jpeg' | 'png' | 'webp';
    const out = await encodeWhole(format, chosen.quality);
    const how = chosen.quality ? `${format.toUpperCase()} at quality ${chosen.quality}` : format.toUpperCase();
    return { bytes: out, format, quality: chosen.quality, notes: [`Compressed as ${how}, chosen on the most detailed ${tile.width}×${tile.height} part of the photo at full size.`] };
  }
  if (resolved === 'png') return { bytes: await encodeWhole('png'), format: 'png', notes: ['Compressed losslessly as PNG.'] };
  return { bytes: await encodeWhole(resolved, req.quality), format: resolved, quality: req.quality, notes: [`Compressed at quality ${req.quality}.`] };
}

async function targetLarge(encodeWhole: (f: 'jpeg' | 'webp', q: number) => Promise<Uint8Array>, resolved: OutputFormat, target: number): Promise<LargeCompressed> {
  const notes: string[] = [];
  const format = resolved === 'webp' ? 'webp' : 'jpeg';
  if (format !== resolved) notes.push(`A target size needs a lossy format, so the result is ${format.toUpperCase()}.`);
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
