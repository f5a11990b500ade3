/**
 * The steps every operation shares (ADR 0123): which of the two paths does the pixel work, in the isolate (WASM
 * codecs) when the picture fits the operation's measured memory budget and one slice of the isolate's thread
 * (slices.ts, ADR 0122), else the image service (`service/`); turning a picture the service cannot read into one it
 * can; the 413 that names the limit where neither can; the service's failures as answers for people; and between
 * steps, the cancel check and the phase. The choice itself, made once for every operation, is either-path.ts.
 */
import { OUTPUT_FORMATS } from '../../../../../core/api/tools';
import type { JobPhase } from '../../../../../core/api/tool-progress';
import { EDIT_QUALITY } from '../../../../../core/tools/fields';
import { AVIF_MAX_SIDE, imageServiceRefusal, type ServiceImageFormat } from '../../../../../core/image-service';
import { FORMAT_NAMES, listOf } from '../../../../../core/images/kinds';
import { throwIfCancelled } from '../../cancel';
import { HttpError } from '../../errors';
import { decode } from '../codecs/decode';
import { encode, LOSSY_FORMATS, type OutputFormat } from '../codecs/encode';
import type { ImageHeader } from '../intake/sniff';
import { probe } from '../intake/probe';
import { embedProfile, readProfile } from '../metadata/icc';
import { ENCODE_PIXEL_BUDGET, WASM_PIXEL_BUDGET, type WasmOperation } from '../options';
import { ImageServiceError, type ServiceFormat } from '../service/types';
import { decodeSlicePixels, encodeSlicePixels, operationSlicePixels } from '../slices';
import type { EngineServices, Picture, Size } from '../types';
import { resolveFormat, SERVICE_READS, serviceWrites } from './format';

/**
 * The pixel budget of `op` writing `format` at `quality` (the worst where none is given): the smallest of the
 * operation's and the encoder's memory budgets and of what the operation's step and the encode can each do within one
 * slice of the isolate's thread (slices.ts, ADR 0122).
 */
export function pixelBudget(op: WasmOperation, format: OutputFormat, quality?: number): number {
  return Math.min(operationBudget(op), encoderBudget(format, quality));
}

/** The most pixels `op` reads and makes in the isolate: its WASM memory budget and its slice. */
const operationBudget = (op: WasmOperation) => Math.min(WASM_PIXEL_BUDGET[op], operationSlicePixels(op));

/** The most pixels the isolate encodes to `format` at `quality`: the encoder's memory budget and its slice. */
const encoderBudget = (format: OutputFormat, quality?: number) =>
  Math.min(
    format === 'jpeg' || format === 'webp' || format === 'png' ? ENCODE_PIXEL_BUDGET[format] : Infinity,
    encodeSlicePixels(format, quality),
  );

/** Whether the input's decode fits one slice (slices.ts): else the picture is the image service's work. */
export const decodes = (input: Picture) =>
  input.upright.width * input.upright.height <= decodeSlicePixels(input.header.format);

/**
 * Whether `op` on this picture, making `output` in `format`, runs in the isolate: the decode within a slice, the
 * operation's memory and slice on the larger of input and output, and the encoder's memory and slice on the output
 * alone, which is all the encoder sees. (Holding the input to the encoder's budget too sent a 0.58 MP photo resized to
 * 400 × 600 to the image service, a billed call, for an encode of 0.24 MP: ADR 0148.)
 */
export function runsInIsolate(
  input: Picture,
  op: WasmOperation,
  output: Size,
  format: OutputFormat,
  quality?: number,
): boolean {
  return (
    decodes(input) &&
    Math.max(pixels(input.upright), pixels(output)) <= operationBudget(op) &&
    pixels(output) <= encoderBudget(format, quality)
  );
}

/** Whether `op` reads this picture in the isolate (its decode and the operation's memory and slice), whatever it then writes. */
export const readsInIsolate = (input: Picture, op: WasmOperation) =>
  decodes(input) && pixels(input.upright) <= operationBudget(op);

/**
 * The picture as the image service can read it: as it is, or (TIFF, BMP and AVIF, which it reads none of) decoded and
 * written as a plain PNG here, each step within a slice, carrying the picture's colour profile (an AVIF's Display P3,
 * ADR 0153). Null where even that does not fit: a 413 names the limit.
 */
export async function readableByService(input: Picture): Promise<Picture | null> {
  if (SERVICE_READS.includes(input.header.format)) return input;
  const size = input.upright.width * input.upright.height;
  if (!decodes(input) || size > encodeSlicePixels('png') || size > WASM_PIXEL_BUDGET.convert) return null;
  const raster = await decode(input.bytes, input.header);
  const png = await encode(raster, 'png', { quality: 100, optimise: false });
  const icc = readProfile(input.bytes, input.header.format);
  return probe(icc ? embedProfile(png, 'png', icc, raster) : png);
}

const megapixels = (pixels: number) => `${Math.floor(pixels / 100_000) / 10} megapixels`;

/**
 * What neither path can do, in words that name the real limit (the format the isolate writes or reads, and its
 * budget) and what would work instead: the other output formats that can take this many pixels, or a smaller picture.
 */
export function beyondBoth(
  op: WasmOperation,
  format: OutputFormat,
  input: ImageHeader,
  pixelsNeeded: number,
  upright: number,
): HttpError {
  const budget = pixelBudget(op, format);
  const serviceReads = SERVICE_READS.includes(input.format);
  // AVIF is made at most 1,200 px a side (ADR 0132): offered only where the picture could be that small.
  const works = (f: OutputFormat) =>
    pixelsNeeded <= pixelBudget(op, f) ||
    (serviceReads && serviceWrites(f) && (f !== 'avif' || pixelsNeeded <= AVIF_MAX_SIDE ** 2));
  const others = OUTPUT_FORMATS.filter((f) => f !== format && works(f)).map((f) => FORMAT_NAMES[f]);
  const limit = serviceWrites(format)
    ? `${FORMAT_NAMES[input.format]} pictures are made into ${FORMAT_NAMES[format]} up to ${megapixels(budget)}`
    : `${FORMAT_NAMES[format]} files are made up to ${megapixels(budget)}`;
  const what = pixelsNeeded > upright ? 'the result would be' : 'this picture is';
  const instead = others.length > 0 ? `choose ${listOf(others)} instead, or ` : '';
  return new HttpError(
    413,
    'payload_too_large',
    `${limit}; ${what} ${megapixels(pixelsNeeded)}. Please ${instead}make it smaller (at most ${megapixels(budget)}) first.`,
  );
}

const SERVICE_ANSWERS = {
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'unprocessable_image',
  502: 'image_service_failed',
  503: 'image_service_unavailable',
} as const;

/** Turns the image service's failures into answers for people. */
export async function viaService<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (!(err instanceof ImageServiceError)) throw err;
    const code = err.detail.overAllowance ? 'image_service_over_allowance' : SERVICE_ANSWERS[err.status];
    throw new HttpError(
      err.status,
      code,
      err.message,
      err.detail.retryAfter ? { 'retry-after': String(err.detail.retryAfter) } : {},
    );
  }
}

/**
 * The image service's limits (core/image-service.ts) for a job on this picture making `output` in `format`, checked
 * before the first call: an operation that needs several calls never pays for the first ones and then fails.
 */
export function assertServiceCan(input: Picture, output: Size, format: ServiceFormat): void {
  const { header, upright, bytes } = input;
  const refusal = imageServiceRefusal({
    input: { format: header.format as ServiceImageFormat, ...upright, bytes: bytes.length, frames: header.frames },
    steps: [],
    result: output,
    output: format,
  });
  if (refusal) throw new HttpError(413, 'payload_too_large', refusal);
}

export const pixels = (s: Size) => s.width * s.height;

/** Between steps: stop if the person cancelled, else say which phase the work has reached (ADR 0105). */
export function reach(services: EngineServices, phase: JobPhase): void {
  throwIfCancelled(services.signal);
  services.onPhase?.(phase);
}

/** The quality an edit writes a format at: EDIT_QUALITY for the lossy ones. */
export const editQuality = (f: OutputFormat) => (LOSSY_FORMATS.includes(f) ? EDIT_QUALITY : undefined);

/** Whether an operation on this picture runs in the isolate (it decides where blur's detection copy is made). */
export const fitsIsolate = (input: Picture, op: WasmOperation, output: Size) => {
  const format = resolveFormat('original', input.header.format, []);
  return runsInIsolate(input, op, output, format, editQuality(format));
};
