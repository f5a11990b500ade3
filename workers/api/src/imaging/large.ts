/**
 * Pictures over a WASM budget go through the Images binding (libvips in production, sharp locally), which decodes at
 * reduced scale and uses no isolate memory. It covers resize, crop, rotate, flip, blur and format/quality only.
 *
 * wrangler's local emulation of the binding applies only `rotate` and `resize`: it ignores `flip`, `blur` and `trim`
 * and leaves the EXIF orientation unapplied. An answer that silently skipped a flip or a blur would be a wrong picture
 * (an unblurred face is worse than an error), so the binding is probed once per isolate and, where it is partial,
 * work that needs the missing parts is refused with 413 instead. (Crops have their own fallback, in modify.ts.)
 */
import { encodePng } from '../ai/png';
import { HttpError } from '../errors';
import { decode } from './decode';
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

async function runBinding(env: Env, bytes: Uint8Array, transforms: ImageTransform[], mime: NonNullable<(typeof MIME)[OutputFormat]>, quality: number) {
  let input = env.IMAGES.input(new Blob([bytes as Uint8Array<ArrayBuffer>]).stream());
  for (const t of transforms) input = input.transform(t);
  let out: Uint8Array;
  try {
    const result = await input.output({ format: mime, quality });
    out = new Uint8Array(await new Response(result.image()).arrayBuffer());
  } catch {
    throw new HttpError(422, 'unprocessable_image', 'We could not process this image. It may be damaged; please try another file.');
  }
  return out;
}

let completeBinding: Promise<boolean> | undefined;

/**
 * Whether the binding applies every transform we use. Flips a 2 × 1 picture (red, blue) horizontally: a complete
 * binding answers blue first. A failed probe is not cached, so a passing hiccup is asked again next time.
 */
export function imagesBindingIsComplete(env: Env): Promise<boolean> {
  completeBinding ??= (async () => {
    const probe = encodePng(new Uint8Array([255, 0, 0, 0, 0, 255]), 2, 1, 3);
    const out = await runBinding(env, probe, [{ flip: 'h' }], 'image/png', 100);
    const header = readHeader(out);
    if (!header) return false;
    const first = (await decode(out, header)).data;
    return first[2]! > 128 && first[0]! < 128;
  })().catch(() => {
    completeBinding = undefined;
    return false;
  });
  return completeBinding;
}

const needsComplete = (transforms: ImageTransform[], orientation: number) =>
  orientation !== 1 || transforms.some((t) => t.flip !== undefined || t.blur !== undefined);

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
  if (needsComplete(transforms, readHeader(bytes)?.orientation ?? 1) && !(await imagesBindingIsComplete(env))) {
    const mp = Math.floor(WASM_PIXEL_BUDGET[op] / 100_000) / 10;
    throw new HttpError(
      413,
      'payload_too_large',
      `This server's image service cannot flip, blur or straighten (EXIF-rotate) pictures over ${mp} megapixels. Please resize the image first, then try again.`,
    );
  }
  const out = await runBinding(env, bytes, transforms, mime, quality);
  const header = readHeader(out);
  if (!header) throw new HttpError(422, 'unprocessable_image', 'We could not process this image. Please try another file.');
  return { bytes: out, width: header.width, height: header.height, format };
}
