import { convertFieldsSchema } from '../../../../../core/api/tools';
import { decode } from '../../imaging/decode';
import { ALPHA_FORMATS, encode, LOSSY_FORMATS } from '../../imaging/encode';
import { overBudget, viaImagesBinding } from '../../imaging/large';
import { hasTransparency } from '../../imaging/raster';
import { parseFields, readToolInput } from './input';
import { respondWithImage } from './respond';

/** POST /api/convert: jpeg, png, webp, bmp, tiff. Metadata is never carried over; alpha is flattened onto white where needed. */
export async function postConvert(request: Request, env: Env): Promise<Response> {
  const input = await readToolInput(request);
  const f = parseFields(convertFieldsSchema, input.fields);
  const { header } = input;
  const notes: string[] = [];
  if (header.animated) notes.push('The image is animated: only its first frame was converted.');
  if (f.maintainMetadata) notes.push('Metadata is never carried over to converted files.');
  const quality = LOSSY_FORMATS.includes(f.format) ? f.quality : undefined;
  const base = { operation: 'convert', originalSize: input.bytes.length, quality, notes };
  if (overBudget(header, 'convert', f.format)) {
    const { notes: said, ...out } = await viaImagesBinding(env, input.bytes, 'convert', [], f.format, f.quality);
    notes.push(...said);
    return respondWithImage(env, { ...base, quality: undefined, ...out, engine: 'images' });
  }
  const raster = await decode(input.bytes, header);
  if (!ALPHA_FORMATS.includes(f.format) && hasTransparency(raster)) notes.push(`${f.format.toUpperCase()} has no transparency: transparent areas were filled with white.`);
  const bytes = await encode(raster, f.format, { quality: f.quality });
  return respondWithImage(env, { ...base, bytes, format: f.format, width: raster.width, height: raster.height, engine: 'wasm' });
}
