/**
 * Compress for pictures within the isolate's budget (compress.ts decides): the whole search and encode here, with its
 * codecs, at a given quality, `quality=auto`, a target size, or `format=auto`'s choice between formats.
 */
import { encode, type OutputFormat } from '../../codecs/encode';
import type { Raster } from '../../codecs/raster';
import type { CompressRequest } from '../../types';
import { autoFormats } from './auto-options';
import { autoPng } from './auto-png';
import { compressAuto, formatReason, type AutoOptions } from './auto-whole';
import { compressPng, compressToTarget, type Encoded } from './choices';

/** Small pictures: the whole search and encode in the isolate (`auto`: what `quality=auto` needs, autoOptions). */
export async function compressRaster(
  raster: Raster,
  req: CompressRequest,
  resolved: OutputFormat,
  auto: AutoOptions = {},
): Promise<Encoded> {
  const formats = req.format === 'auto' ? autoFormats(raster, req) : [resolved];
  if (req.targetBytes)
    return compressToTarget(
      raster,
      req.format === 'auto' ? (formats.includes('jpeg') && formats.includes('webp') ? 'auto' : formats[0]!) : resolved,
      req.targetBytes,
    );
  if (req.quality === 'auto' && onlyPng(formats)) {
    const r = await autoPng(raster, auto);
    return req.format === 'auto' ? { ...r, formatReason: 'PNG: the only format accepted that suits this picture.' } : r;
  }
  if (req.quality === 'auto') {
    const r = await compressAuto(
      raster,
      formats,
      undefined,
      formats.includes('avif') ? auto : { ownProfile: auto.ownProfile, jpeg: auto.jpeg },
    );
    // `format=auto` always says why, even where what the caller accepts left one format.
    return req.format === 'auto' && !r.formatReason
      ? { ...r, formatReason: formatReason({ format: r.format, looksSame: r.looksSame ?? true, rivals: [] }) }
      : r;
  }
  if (formats.length > 1) return smallerAt(raster, formats, req.quality);
  if (req.format === 'auto')
    return {
      ...(formats[0] === 'png'
        ? await compressPng(raster, req.quality)
        : {
            bytes: await encode(raster, formats[0]!, { quality: req.quality }),
            format: formats[0]!,
            quality: req.quality,
            notes: [],
          }),
      formatReason: `${formats[0]!.toUpperCase()}: the only format accepted that suits this picture.`,
    };
  if (resolved === 'png') return compressPng(raster, req.quality);
  return {
    bytes: await encode(raster, resolved, { quality: req.quality }),
    format: resolved,
    quality: req.quality,
    notes: [],
  };
}

/** The answer can only be a PNG: `quality=auto` then chooses between a palette and every colour (auto-png.ts). */
const onlyPng = (formats: OutputFormat[]) => formats.length === 1 && formats[0] === 'png';

/** `format=auto` at a given quality: both formats at it, the smaller kept (PNG, where it is a choice, is lossless). */
async function smallerAt(raster: Raster, formats: OutputFormat[], quality: number): Promise<Encoded> {
  const made: Encoded[] = [];
  for (const format of formats)
    made.push(
      format === 'png'
        ? await compressPng(raster, quality)
        : { bytes: await encode(raster, format, { quality }), format, quality, notes: [] },
    );
  made.sort((a, b) => a.bytes.length - b.bytes.length);
  const [best, other] = made as [Encoded, Encoded];
  const smaller = Math.max(1, Math.round((other.bytes.length / best.bytes.length - 1) * 100));
  best.notes.push(
    `Saved as ${best.format.toUpperCase()}: at quality ${quality} it is ${smaller}% smaller than ${other.format.toUpperCase()}.`,
  );
  return {
    ...best,
    formatReason: `${best.format.toUpperCase()}: ${smaller}% smaller than ${other.format.toUpperCase()} at quality ${quality}.`,
  };
}
