import { RESIZE_PRESETS } from '../../../../../core/resize-presets';
import { type ModifyFields, modifyFieldsSchema } from '../../../../../core/api/tools';
import { HttpError } from '../../errors';
import { decode } from '../../imaging/decode';
import { encode, type OutputFormat } from '../../imaging/encode';
import { type ImageHeader, readHeader } from '../../imaging/sniff';
import { changesShape, imagesBindingIsComplete, overBudget, pixelBudget, tooLarge, viaImagesBinding } from '../../imaging/large';
import { resize } from '../../imaging/pixels';
import { cropPng } from '../../imaging/png-crop';
import { crop, flip, transform, type Raster } from '../../imaging/raster';
import { compressImage, resolveFormat } from './compress-image';
import { parseFields, readToolInput, type ToolInput } from './input';
import { respondWithImage } from './respond';

type Geometry = Exclude<ModifyFields, { operation: 'compress' }>;

/** Target size of a resize: the box itself, or the largest size inside it with the picture's aspect ratio. */
export function resizeTarget(header: { width: number; height: number }, f: Extract<ModifyFields, { operation: 'resize' }>) {
  const preset = RESIZE_PRESETS.find((p) => p.id === f.preset);
  const boxW = preset?.width ?? f.width;
  const boxH = preset?.height ?? f.height;
  // Choosing a preset turns aspect-ratio maintenance off (spec): the output is exactly the preset's size.
  if (preset || !f.maintainAspectRatio) return { width: boxW, height: boxH };
  const scale = Math.min(boxW / header.width, boxH / header.height);
  return { width: Math.max(1, Math.round(header.width * scale)), height: Math.max(1, Math.round(header.height * scale)) };
}

function assertCropInside(header: ImageHeader, f: Extract<ModifyFields, { operation: 'crop' }>): void {
  if (f.x + f.width > header.width || f.y + f.height > header.height) {
    throw new HttpError(400, 'validation_failed', `The crop area must lie inside the image (${header.width}×${header.height} pixels).`);
  }
}

/** Upright dimensions: the header stores them before the EXIF orientation is applied. */
function upright(header: ImageHeader): ImageHeader {
  return header.orientation >= 5 ? { ...header, width: header.height, height: header.width } : header;
}

async function geometryWasm(raster: Raster, f: Geometry, header: ImageHeader): Promise<Raster> {
  if (f.operation === 'resize') {
    const t = resizeTarget(header, f);
    return resize(raster, t.width, t.height);
  }
  if (f.operation === 'crop') return crop(raster, f.x, f.y, f.width, f.height);
  const turned = transform(raster, (f.angle / 90) as 0 | 1 | 2 | 3, false);
  return f.flip === 'none' ? turned : flip(turned, f.flip);
}

function geometryImages(f: Geometry, header: ImageHeader): ImageTransform[] {
  if (f.operation === 'resize') {
    const t = resizeTarget(header, f);
    return [{ width: t.width, height: t.height, fit: 'squeeze' }];
  }
  if (f.operation === 'crop') return [{ trim: { left: f.x, top: f.y, width: f.width, height: f.height } }];
  const flipMap = { horizontal: 'h', vertical: 'v' } as const;
  return [{ rotate: f.angle as 0 | 90 | 180 | 270, ...(f.flip !== 'none' ? { flip: flipMap[f.flip] } : {}) }];
}

/**
 * A crop the binding would not do: the binding decodes the picture natively and writes it as PNG, the rectangle is
 * read out of that PNG row by row (png-crop.ts), and only the crop is encoded in WASM, so the crop's own size is
 * what must fit the budget. A crop that did not happen is refused, never returned uncropped.
 */
async function cropThroughPng(env: Env, input: ToolInput, header: ImageHeader, f: Extract<Geometry, { operation: 'crop' }>, format: OutputFormat): Promise<Raster> {
  // The emulation does not apply EXIF orientation either; crop coordinates are in the upright picture.
  if (input.header.orientation !== 1 || f.width * f.height > pixelBudget('crop', format)) throw tooLarge('crop', format);
  const full = await viaImagesBinding(env, input.bytes, 'crop', [], 'png', 100);
  if (full.width !== header.width || full.height !== header.height) throw tooLarge('crop', format);
  const cropped = cropPng(full.bytes, f.x, f.y, f.width, f.height);
  if (!cropped) throw tooLarge('crop', format);
  return cropped;
}

/**
 * A resize to another shape the binding would letterbox (the emulation only does `fit: contain`): the binding
 * scales the picture, shape kept, to just cover the target, and WASM stretches that to the target. Both the cover
 * size and the target must fit the resize budget.
 */
async function squeezeInTwoSteps(env: Env, input: ToolInput, header: ImageHeader, target: { width: number; height: number }, format: OutputFormat): Promise<Raster> {
  const scale = Math.min(1, Math.max(target.width / header.width, target.height / header.height));
  const cover = { width: Math.max(1, Math.round(header.width * scale)), height: Math.max(1, Math.round(header.height * scale)) };
  if (input.header.orientation !== 1 || Math.max(cover.width * cover.height, target.width * target.height) > pixelBudget('resize', format)) {
    throw tooLarge('resize', format);
  }
  const scaled = await viaImagesBinding(env, input.bytes, 'resize', [{ ...cover, fit: 'squeeze' }], 'png', 100);
  if (scaled.width !== cover.width || scaled.height !== cover.height) throw tooLarge('resize', format);
  return resize(await decode(scaled.bytes, readHeader(scaled.bytes)!), target.width, target.height);
}

async function modifyGeometry(env: Env, input: ToolInput, f: Geometry) {
  const header = upright(input.header);
  if (f.operation === 'crop') assertCropInside(header, f);
  const notes: string[] = [];
  if (header.animated) notes.push('Only the first frame of the animation was kept.');
  const format = resolveFormat('original', header.format, notes);
  const quality = 90;
  const base = { operation: f.operation, originalSize: input.bytes.length, notes, quality };
  const outPixels = f.operation === 'resize' ? resizeTarget(header, f).width * resizeTarget(header, f).height : 0;
  if (overBudget(header, f.operation, format, outPixels)) {
    if (f.operation === 'resize') {
      const target = resizeTarget(header, f);
      if (changesShape(header.width, header.height, target) && !(await imagesBindingIsComplete(env))) {
        const out = await squeezeInTwoSteps(env, input, header, target, format);
        return { ...base, bytes: await encode(out, format, { quality }), format, width: out.width, height: out.height, engine: 'images' as const };
      }
    }
    const { notes: said, ...out } = await viaImagesBinding(env, input.bytes, f.operation, geometryImages(f, header), format, quality);
    if (f.operation === 'crop' && (out.width !== f.width || out.height !== f.height)) {
      // The binding did not apply `trim` (wrangler's local emulation implements only rotate and resize).
      const cropped = await cropThroughPng(env, input, header, f, format);
      return { ...base, bytes: await encode(cropped, format, { quality }), format, width: cropped.width, height: cropped.height, engine: 'images' as const };
    }
    notes.push(...said);
    return { ...base, quality: undefined, ...out, engine: 'images' as const };
  }
  const out = await geometryWasm(await decode(input.bytes, input.header), f, header);
  return { ...base, bytes: await encode(out, format, { quality }), format, width: out.width, height: out.height, engine: 'wasm' as const };
}

/** POST /api/modify: resize (presets, aspect ratio), crop, rotate/flip, and compress for batches. */
export async function postModify(request: Request, env: Env): Promise<Response> {
  const input = await readToolInput(request);
  const fields = parseFields(modifyFieldsSchema, input.fields);
  if (fields.operation === 'compress') return respondWithImage(env, await compressImage(env, input, fields, 'compress'));
  return respondWithImage(env, await modifyGeometry(env, input, fields));
}
