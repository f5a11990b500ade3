/**
 * Pictures over a WASM budget go through the Images binding (libvips in production, sharp locally), which decodes at
 * reduced scale and uses no isolate memory. It covers resize, crop, rotate, flip, blur and format/quality only.
 */
import { HttpError } from '../errors';
import { type ImageHeader, readHeader } from './sniff';
import type { OutputFormat } from './encode';
import { WASM_PIXEL_BUDGET, type WasmOperation } from './options';

const MIME: Partial<Record<OutputFormat, 'image/jpeg' | 'image/png' | 'image/webp'>> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

/** `extraPixels`: an output larger than the input (an enlarging resize) counts instead when it is bigger. */
export const overBudget = (header: ImageHeader, op: WasmOperation, extraPixels = 0) =>
  Math.max(header.width * header.height, extraPixels) > WASM_PIXEL_BUDGET[op];

export function tooLarge(op: WasmOperation): HttpError {
  const mp = Math.floor(WASM_PIXEL_BUDGET[op] / 100_000) / 10;
  return new HttpError(413, 'payload_too_large', `This operation works on images up to ${mp} megapixels. Please resize the image first, then try again.`);
}

export interface LargeResult {
  bytes: Uint8Array;
  width: number;
  height: number;
  format: OutputFormat;
}

export async function viaImagesBinding(
  env: Env,
  bytes: Uint8Array,
  op: WasmOperation,
  transforms: ImageTransform[],
  format: OutputFormat,
  quality: number,
): Promise<LargeResult> {
  const mime = MIME[format];
  if (!mime) throw tooLarge(op);
  let input = env.IMAGES.input(new Blob([bytes as Uint8Array<ArrayBuffer>]).stream());
  for (const t of transforms) input = input.transform(t);
  let out: Uint8Array;
  try {
    const result = await input.output({ format: mime, quality });
    out = new Uint8Array(await new Response(result.image()).arrayBuffer());
  } catch {
    throw new HttpError(422, 'unprocessable_image', 'We could not process this image. It may be damaged; please try another file.');
  }
  const header = readHeader(out);
  if (!header) throw new HttpError(422, 'unprocessable_image', 'We could not process this image. Please try another file.');
  return { bytes: out, width: header.width, height: header.height, format };
}
