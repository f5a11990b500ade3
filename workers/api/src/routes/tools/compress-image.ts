/** The compress step shared by /api/optimize and /api/modify (batch): WASM for small pictures, the Images binding above. */
import type { ImageFormat } from '../../../../../core/api/images';
import { autoCandidates, compressAuto, compressPng, compressToTarget, type Encoded } from '../../imaging/compress';
import { decode } from '../../imaging/decode';
import { encode, isOutputFormat, type OutputFormat } from '../../imaging/encode';
import { overBudget, pixelBudget, viaImagesBinding } from '../../imaging/large';
import { DEFAULT_QUALITY } from '../../imaging/options';
import { protectPrivacy } from '../../imaging/privacy';
import type { ToolOutcome } from './respond';
import type { ToolInput } from './input';

export interface CompressRequest {
  quality: number | 'auto';
  format: OutputFormat | 'original';
  targetBytes?: number;
}

/** "original" for a format we cannot write (GIF) means PNG, said in a note. */
export function resolveFormat(requested: OutputFormat | 'original', input: ImageFormat, notes: string[]): OutputFormat {
  if (requested !== 'original') return requested;
  if (isOutputFormat(input)) return input;
  notes.push(`${input.toUpperCase()} cannot be written; the result is PNG.`);
  return 'png';
}

export async function compressImage(env: Env, input: ToolInput, req: CompressRequest, operation: string): Promise<ToolOutcome> {
  const { header, bytes } = input;
  const notes: string[] = [];
  if (header.animated) notes.push('Only the first frame of the animation was kept.');
  const originalSize = bytes.length;
  const base = { operation, originalSize, notes };

  // The encoders this request may run: one format, or for auto and target sizes any of the lossy ones (and PNG).
  const possible: OutputFormat[] =
    req.quality === 'auto' || req.targetBytes ? ['jpeg', 'webp', 'png'] : [resolveFormat(req.format, header.format, [])];
  const tightest = possible.reduce((a, b) => (pixelBudget('compress', b) < pixelBudget('compress', a) ? b : a));
  if (overBudget(header, 'compress', tightest)) {
    const format = resolveFormat(req.format === 'original' ? 'original' : req.format, header.format, notes);
    const quality = typeof req.quality === 'number' ? req.quality : DEFAULT_QUALITY;
    if (req.quality === 'auto' || req.targetBytes) notes.push(`Large images are compressed at quality ${quality}; auto and target size need a smaller image.`);
    const { notes: said, ...out } = await viaImagesBinding(env, bytes, 'compress', [], format, quality);
    notes.push(...said);
    if (out.format === header.format && out.bytes.length >= originalSize) {
      const kept = await keepOriginal(input, notes);
      if (kept) return { ...base, ...kept };
    }
    return { ...base, ...out, engine: 'images' };
  }

  const raster = await decode(bytes, header);
  let result: Encoded;
  if (req.targetBytes) {
    result = await compressToTarget(raster, resolveFormat(req.format, header.format, notes), req.targetBytes);
  } else if (req.quality === 'auto') {
    result = await compressAuto(raster, req.format === 'original' && !isOutputFormat(header.format) ? ['png'] : autoCandidates(req.format, raster));
  } else {
    const format = resolveFormat(req.format, header.format, notes);
    result =
      format === 'png'
        ? await compressPng(raster, req.quality)
        : { bytes: await encode(raster, format, { quality: req.quality }), format, quality: req.quality, notes: [] };
  }
  notes.push(...result.notes);

  if (result.format === header.format && result.bytes.length >= originalSize && !req.targetBytes) {
    const kept = await keepOriginal(input, notes);
    if (kept) return { ...base, ...kept };
  }
  return { ...base, bytes: result.bytes, format: result.format, width: raster.width, height: raster.height, quality: result.quality, ssim: result.ssim, engine: 'wasm' };
}

/**
 * A same-format compress never hands back a bigger file: the input is kept, minus its metadata where removing it is
 * lossless (null where it is not, and the re-encoding stands).
 */
async function keepOriginal({ bytes, header }: ToolInput, notes: string[]) {
  const clean = await protectPrivacy(bytes, header, { removeExif: header.orientation === 1, removeLocation: true, removeTimestamp: true }, emptyFindings);
  if (clean.reencoded || clean.bytes.length > bytes.length) return null;
  notes.push('The original was already smaller than any re-encoding; it is kept as it was, with its metadata removed.');
  return { bytes: clean.bytes, format: header.format as OutputFormat, width: header.width, height: header.height, engine: 'passthrough' as const };
}

const emptyFindings = { exifPresent: false, gps: null, captureTime: null, device: null, software: null, author: null, xmp: false, icc: false, iptc: false, unreadable: false };
