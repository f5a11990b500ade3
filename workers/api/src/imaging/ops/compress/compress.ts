/**
 * Compress: a given quality, `auto` (the smallest file that looks the same) or a target size. Small pictures are
 * searched and encoded in the isolate; large ones are encoded by the image service (large.ts).
 */
import type { CompressOptions } from '../../../../../../core/tools/compress';
import { autoCandidates, compressAuto } from './auto';
import { compressPng, compressToTarget, type Encoded } from './choices';
import { encode, type OutputFormat } from '../../codecs/encode';
import type { Raster } from '../../codecs/raster';

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
