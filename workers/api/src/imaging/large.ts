/**
 * Pictures over a WASM budget go through the Images binding (libvips in production, sharp locally), which decodes at
 * reduced scale and uses no isolate memory. It covers resize, crop, rotate, flip, blur and format/quality only.
 *
 * wrangler's local emulation of the binding applies only `rotate` and `resize`, and resizes only with `fit: contain`
 * (letterboxed, where we ask for `squeeze`): it ignores `flip`, `blur` and `trim` and leaves the EXIF orientation
 * unapplied. An answer that silently skipped a flip or a blur, or came back with black bars, would be a wrong picture
 * (an unblurred face is worse than an error), so the binding is probed once per isolate and, where it is partial,
 * work that needs the missing parts is refused with 413 instead. (Crops have their own fallback, in modify.ts.)
 */
import { encodePng } from '../ai/png';
import { HttpError } from '../errors';
import { decode } from './decode';
import { type ImageHeader, readHeader } from './sniff';
import type { OutputFormat } from './encode';
import { ENCODE_PIXEL_BUDGET, WASM_PIXEL_BUDGET, type WasmOperation } from './options';

const MIME: Partial<Record<OutputFormat, 'image/jpeg' | 'image/png' | 'image/webp'>> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

/** The pixel budget of `op` when it writes `output` (the smaller of the operation's and the encoder's). */
export function pixelBudget(op: WasmOperation, output?: OutputFormat): number {
  const encoder = output === 'jpeg' || output === 'webp' || output === 'png' ? ENCODE_PIXEL_BUDGET[output] : Infinity;
  return Math.min(WASM_PIXEL_BUDGET[op], encoder);
}

/** `extraPixels`: an output larger than the input (an enlarging resize) counts instead when it is bigger. */
export const overBudget = (header: ImageHeader, op: WasmOperation, output?: OutputFormat, extraPixels = 0) =>
  Math.max(header.width * header.height, extraPixels) > pixelBudget(op, output);

export function tooLarge(op: WasmOperation, output?: OutputFormat): HttpError {
  const mp = Math.floor(pixelBudget(op, output) / 100_000) / 10;
  return new HttpError(413, 'payload_too_large', `This operation works on images up to ${mp} megapixels. Please resize the image first, then try again.`);
}

export interface LargeResult {
  bytes: Uint8Array;
  width: number;
  height: number;
  format: OutputFormat;
  /** The quality the file was written at; absent for PNG, or where the binding used its own default. */
  quality?: number;
  /** What the answer should tell the user about how the binding wrote the file. */
  notes: string[];
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

const RED = [255, 0, 0];
const BLUE = [0, 0, 255];

/** Whether every pixel of `out` is (about) the colour `expected` gives for its column. */
async function columnsAre(out: Uint8Array, width: number, height: number, columns: number[][]): Promise<boolean> {
  const header = readHeader(out);
  if (!header || header.width !== width || header.height !== height) return false;
  const { data } = await decode(out, header);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 4;
      if (columns[x]!.some((c, i) => Math.abs(data[at + i]! - c) > 64)) return false;
    }
  }
  return true;
}

/**
 * Whether the binding applies every transform we use, asked with a 2 × 1 picture (red, blue): flipped horizontally
 * it must answer blue first; squeezed to 2 × 2 it must answer two red-blue rows (the emulation's `contain` adds a
 * black row). A failed probe is not cached, so a passing hiccup is asked again next time.
 */
export function imagesBindingIsComplete(env: Env): Promise<boolean> {
  completeBinding ??= (async () => {
    const probe = encodePng(new Uint8Array([...RED, ...BLUE]), 2, 1, 3);
    const flipped = await runBinding(env, probe, [{ flip: 'h' }], 'image/png', 100);
    if (!(await columnsAre(flipped, 2, 1, [BLUE, RED]))) return false;
    const squeezed = await runBinding(env, probe, [{ width: 2, height: 2, fit: 'squeeze' }], 'image/png', 100);
    return columnsAre(squeezed, 2, 2, [RED, BLUE]);
  })().catch(() => {
    completeBinding = undefined;
    return false;
  });
  return completeBinding;
}

/** Whether resizing a width × height picture to `target` changes its shape (`contain` would letterbox it). */
export function changesShape(width: number, height: number, target: { width: number; height: number }): boolean {
  const scale = Math.min(target.width / width, target.height / height);
  return Math.round(width * scale) !== target.width || Math.round(height * scale) !== target.height;
}

let qualityHonoured: Promise<boolean> | undefined;

/**
 * Whether the binding writes JPEG at the quality asked (the emulation uses its default for every quality): a 32 × 32
 * noise picture at quality 95 must come out well over its size at quality 10.
 */
export function imagesBindingHonoursQuality(env: Env): Promise<boolean> {
  qualityHonoured ??= (async () => {
    let seed = 7;
    const noise = Uint8Array.from({ length: 32 * 32 * 3 }, () => (seed = (seed * 1103515245 + 12345) >>> 0) >>> 24);
    const probe = encodePng(noise, 32, 32, 3);
    const low = await runBinding(env, probe, [], 'image/jpeg', 10);
    const high = await runBinding(env, probe, [], 'image/jpeg', 95);
    return high.length > 1.5 * low.length;
  })().catch(() => {
    qualityHonoured = undefined;
    return false;
  });
  return qualityHonoured;
}

/**
 * Whether `transforms` need more than the emulation does: a flip, a blur, an EXIF orientation to apply, or a squeeze
 * to another shape.
 */
function needsComplete(transforms: ImageTransform[], header: ImageHeader): boolean {
  if (header.orientation !== 1) return true;
  return transforms.some(
    (t) =>
      t.flip !== undefined ||
      t.blur !== undefined ||
      (t.fit === 'squeeze' && !!t.width && !!t.height && changesShape(header.width, header.height, { width: t.width, height: t.height })),
  );
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
  if (!mime) throw tooLarge(op, format);
  const header = readHeader(bytes);
  if (header && needsComplete(transforms, header) && !(await imagesBindingIsComplete(env))) {
    const mp = Math.floor(pixelBudget(op, format) / 100_000) / 10;
    throw new HttpError(
      413,
      'payload_too_large',
      `This server's image service cannot flip, blur, straighten (EXIF-rotate) or stretch to a new shape pictures over ${mp} megapixels. Please resize the image first, then try again.`,
    );
  }
  const out = await runBinding(env, bytes, transforms, mime, quality);
  const made = readHeader(out);
  if (!made) throw new HttpError(422, 'unprocessable_image', 'We could not process this image. Please try another file.');
  const result: LargeResult = { bytes: out, width: made.width, height: made.height, format, notes: [] };
  if (format === 'png') return result;
  if (await imagesBindingHonoursQuality(env)) return { ...result, quality };
  result.notes.push(`This server's image service wrote the file at its own default quality; the quality of ${quality} could not be applied to an image this large.`);
  return result;
}
