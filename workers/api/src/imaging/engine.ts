/**
 * The image engine's front door: `run(operation, picture, options, services)` owns the whole pipeline of every
 * tool operation — header probe → budget → path → decode → operate → encode → keep the original when it is
 * smaller → a result that names the settings actually applied. Routes only parse, call `run` and respond.
 *
 * Two paths do the pixel work (ADR 0123): in the isolate (WASM codecs) when the picture fits the operation's
 * measured memory budget and one slice of the isolate's thread (slices.ts, ADR 0122), else the image service
 * (`service/`: the Images binding in production, libvips offline), which works on any accepted picture (≤ 50 MP)
 * without holding its pixels in the isolate; a TIFF or BMP, which it does not read, is first written as a PNG here.
 * What neither can do (a TIFF or BMP too large even for that; a side over the Images binding's 12,000 px) is a 413
 * naming the limit, answered before any work is done or any call is billed (ADR 0116).
 */
import { OUTPUT_FORMATS, type ToolResult } from '../../../../core/api/tools';
import type { ConvertOptions } from '../../../../core/tools/convert';
import { cropProblem, type CropOptions } from '../../../../core/tools/crop';
import { aiOutputProblem, type AiOutputChoice } from '../../../../core/tools/ai';
import { EDIT_QUALITY, QUALITY } from '../../../../core/tools/fields';
import type { PrivacyOptions } from '../../../../core/tools/privacy';
import { resizeProblem, resizeTarget, type ResizeOptions } from '../../../../core/tools/resize';
import type { RotateOptions } from '../../../../core/tools/rotate';
import type { BlurOptions } from '../../../../core/tools/blur';
import type { WatermarkOptions } from '../../../../core/tools/watermark';
import type { JobPhase } from '../../../../core/api/tool-progress';
import { imageServiceRefusal, type ServiceImageFormat } from '../../../../core/image-service';
import { ACCEPTED_FORMATS_TEXT, FORMAT_NAMES, listOf } from '../../../../core/images/kinds';
import { throwIfCancelled } from '../cancel';
import { HttpError } from '../errors';
import { assertImage } from './intake/assert-image';
import { decode } from './codecs/decode';
import { ALPHA_FORMATS, encode, LOSSY_FORMATS, type OutputFormat } from './codecs/encode';
import { embedProfile, readProfile } from './metadata/icc';
import { AUTO_WASM_PIXELS, ENCODE_PIXEL_BUDGET, MAX_INPUT_PIXELS, WASM_PIXEL_BUDGET, type WasmOperation } from './options';
import { runAiOperation } from './ops/ai/ai';
import { decodeSlicePixels, encodeSlicePixels, operationSlicePixels } from './slices';
import { findTargets, planBlur } from './ops/blur/blur';
import { compressRaster, possibleFormats, type CompressRequest } from './ops/compress/compress';
import { compressLarge, type LargePicture } from './ops/compress/large';
import { planCrop } from './ops/crop/crop';
import { resolveFormat, SERVICE_READS, serviceWrites } from './pipeline/format';
import { planResize } from './ops/resize/resize';
import { planRotate } from './ops/rotate/rotate';
import type { EngineServices, PixelPlan, Size } from './types';
import { planWatermark } from './ops/watermark/watermark';
import { keepWhenNotSmaller } from './ops/compress/keep-original';
import { protectPrivacy } from './ops/privacy/privacy';
import { hasTransparency } from './codecs/raster';
import { ImageServiceError, type ServiceFormat } from './service/types';
import { displaySize, type ImageHeader } from './intake/sniff';

export type { EngineServices } from './types';

// The rest of the front door: everything outside imaging/ may use of the engine comes from this file (ESLint's
// no-restricted-imports holds it so, ARCHITECTURE.md). The one intake rule for every uploaded picture (ADR 0012)
// and the editor's canvas data URL that passes it:
export { intake } from './intake/intake';
export { decodeCanvasData } from './intake/data-url';
// Reading a header without decoding (AI answers, generated images, the tool routes' first bytes):
export { readHeader, readHeadOf, sniffImage, type ImageHeader, type ImageInfo } from './intake/sniff';
// The metadata analysis of /api/analyze-metadata:
export { describe, inspect } from './metadata/analyze';
// Encoders the fake AI provider draws its stand-in results with:
export { encode } from './codecs/encode';
export { plainPng } from './codecs/plain-png';
// The image service seam, for the routes' services and /api/health, and the Images binding's allowance answer,
// which Workers AI's image features share:
export { getImageService, imageServiceProbe } from './service';
export { overAllowanceAnswer } from './service/binding-errors';

/** An accepted picture: its bytes and what its header says (read before anything is decoded). */
export interface Picture {
  bytes: Uint8Array;
  header: ImageHeader;
  /** The size people see: the header's, with the EXIF orientation applied. */
  upright: Size;
  /**
   * The file as it was sent, when intake cut bytes after the picture's end (imaging/intake/intake.ts): privacy removal reads
   * it, so its log names what was there (a camera's preview image, data after the end) and the result ends at EOI.
   */
  received?: Uint8Array;
}

export type EngineResult = Omit<ToolResult, 'imageUrl' | 'expiresAt' | 'size' | 'compressionRatio'> & { bytes: Uint8Array };
/**
 * An AI result (ADR 0114): a stream the store reads once, never held whole here. Its size is known once the store
 * has read its header, so width and height come from there.
 */
export type StreamedResult = Omit<EngineResult, 'bytes' | 'width' | 'height'> & { stream: ReadableStream<Uint8Array> };

export interface OptionsByOperation {
  compress: CompressRequest;
  convert: Omit<ConvertOptions, 'operation'>;
  resize: Omit<ResizeOptions, 'operation'>;
  crop: Omit<CropOptions, 'operation'>;
  rotate: Omit<RotateOptions, 'operation'>;
  watermark: Omit<WatermarkOptions, 'operation'>;
  blur: Omit<BlurOptions, 'operation'>;
  privacy: Omit<PrivacyOptions, 'operation'>;
  upscale: { factor: 2 | 3 | 4; format?: AiOutputChoice };
  'remove-background': { format?: AiOutputChoice };
}
export type OperationName = keyof OptionsByOperation;

/** Step one: the header. Unknown formats 415, damaged files 422, over 50 MP 413; AVIF cannot be processed yet. */
export function probe(bytes: Uint8Array): Picture {
  const header = assertImage(bytes, MAX_INPUT_PIXELS);
  if (header.format === 'avif') {
    throw new HttpError(415, 'unsupported_media_type', `AVIF pictures cannot be processed yet. Please upload an image file (${ACCEPTED_FORMATS_TEXT}).`);
  }
  return { bytes, header, upright: displaySize(header) };
}

/**
 * The pixel budget of `op` writing `format` at `quality` (the worst where none is given): the smallest of the
 * operation's and the encoder's memory budgets and of what the operation's step and the encode can each do within one
 * slice of the isolate's thread (slices.ts, ADR 0122).
 */
export function pixelBudget(op: WasmOperation, format: OutputFormat, quality?: number): number {
  const encoder = format === 'jpeg' || format === 'webp' || format === 'png' ? ENCODE_PIXEL_BUDGET[format] : Infinity;
  return Math.min(WASM_PIXEL_BUDGET[op], encoder, encodeSlicePixels(format, quality), operationSlicePixels(op));
}

/** Whether the input's decode fits one slice (slices.ts): else the picture is the image service's work. */
const decodes = (input: Picture) => input.upright.width * input.upright.height <= decodeSlicePixels(input.header.format);

/**
 * The picture as the image service can read it: as it is, or (TIFF and BMP, which it reads neither of) decoded and
 * written as a plain PNG here, each step within a slice. Null where even that does not fit: a 413 names the limit.
 */
async function readableByService(input: Picture): Promise<Picture | null> {
  if (SERVICE_READS.includes(input.header.format)) return input;
  const size = input.upright.width * input.upright.height;
  if (!decodes(input) || size > encodeSlicePixels('png') || size > WASM_PIXEL_BUDGET.convert) return null;
  const raster = await decode(input.bytes, input.header);
  return probe(await encode(raster, 'png', { quality: 100, optimise: false }));
}

const megapixels = (pixels: number) => `${Math.floor(pixels / 100_000) / 10} megapixels`;

/**
 * What neither path can do, in words that name the real limit (the format the isolate writes or reads, and its
 * budget) and what would work instead: the other output formats that can take this many pixels, or a smaller picture.
 */
function beyondBoth(op: WasmOperation, format: OutputFormat, input: ImageHeader, pixelsNeeded: number, upright: number): HttpError {
  const budget = pixelBudget(op, format);
  const serviceReads = SERVICE_READS.includes(input.format);
  const works = (f: OutputFormat) => pixelsNeeded <= pixelBudget(op, f) || (serviceReads && serviceWrites(f));
  const others = OUTPUT_FORMATS.filter((f) => f !== format && works(f)).map((f) => FORMAT_NAMES[f]);
  const limit = serviceWrites(format)
    ? `${FORMAT_NAMES[input.format]} pictures are made into ${FORMAT_NAMES[format]} up to ${megapixels(budget)}`
    : `${FORMAT_NAMES[format]} files are made up to ${megapixels(budget)}`;
  const what = pixelsNeeded > upright ? 'the result would be' : 'this picture is';
  const instead = others.length > 0 ? `choose ${listOf(others)} instead, or ` : '';
  return new HttpError(413, 'payload_too_large', `${limit}; ${what} ${megapixels(pixelsNeeded)}. Please ${instead}make it smaller (at most ${megapixels(budget)}) first.`);
}

const SERVICE_ANSWERS = {
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'unprocessable_image',
  502: 'image_service_failed',
  503: 'image_service_unavailable',
} as const;

/** Turns the image service's failures into answers for people. */
async function viaService<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (!(err instanceof ImageServiceError)) throw err;
    const code = err.detail.overAllowance ? 'image_service_over_allowance' : SERVICE_ANSWERS[err.status];
    throw new HttpError(err.status, code, err.message, err.detail.retryAfter ? { 'retry-after': String(err.detail.retryAfter) } : {});
  }
}

/**
 * The image service's limits (core/image-service.ts) for a job on this picture making `output` in `format`, checked
 * before the first call: an operation that needs several calls never pays for the first ones and then fails.
 */
function assertServiceCan(input: Picture, output: Size, format: ServiceFormat): void {
  const { header, upright, bytes } = input;
  const refusal = imageServiceRefusal({
    input: { format: header.format as ServiceImageFormat, ...upright, bytes: bytes.length, frames: header.frames },
    steps: [],
    result: output,
    output: format,
  });
  if (refusal) throw new HttpError(413, 'payload_too_large', refusal);
}

const pixels = (s: Size) => s.width * s.height;

/** Between steps: stop if the person cancelled, else say which phase the work has reached (ADR 0105). */
function reach(services: EngineServices, phase: JobPhase): void {
  throwIfCancelled(services.signal);
  services.onPhase?.(phase);
}
const editQuality = (f: OutputFormat) => (LOSSY_FORMATS.includes(f) ? EDIT_QUALITY : undefined);

async function pixelOperation(operation: string, input: Picture, plan: PixelPlan, services: EngineServices, notes: string[]): Promise<EngineResult> {
  const { header, bytes, upright } = input;
  const format = resolveFormat('original', header.format, notes);
  const quality = editQuality(format);
  // Watermark and blur answers also carry what was done as `details`, a detail line (docs/product.md §5.1).
  const details = operation === 'watermark' || operation === 'blur' ? plan.note : undefined;
  const base = { operation, originalSize: bytes.length, notes, quality, details };
  if (decodes(input) && Math.max(pixels(upright), pixels(plan.output)) <= pixelBudget(plan.budget, format, quality)) {
    const out = await plan.wasm(await decode(bytes, header));
    reach(services, 'encoding');
    notes.push(plan.note);
    return { ...base, bytes: await encode(out, format, { quality: quality ?? 100 }), format, width: out.width, height: out.height, engine: 'wasm' };
  }
  const readable = serviceWrites(format) ? await readableByService(input) : null;
  if (!readable || !serviceWrites(format)) throw beyondBoth(plan.budget, format, header, Math.max(pixels(upright), pixels(plan.output)), pixels(upright));
  assertServiceCan(readable, plan.output, format);
  const job = await viaService(() => plan.service({ bytes: readable.bytes, upright, services }));
  const out = await viaService(() => services.images.run({ input: readable.bytes, ...job, output: { format, quality } }));
  notes.push(plan.note);
  return { ...base, bytes: out.bytes, format, width: out.width, height: out.height, engine: 'images' };
}

/** Whether an operation on this picture runs in the isolate (it decides where blur's detection copy is made). */
const fitsIsolate = (input: Picture, op: WasmOperation, output: Size) => {
  const format = resolveFormat('original', input.header.format, []);
  return decodes(input) && Math.max(pixels(input.upright), pixels(output)) <= pixelBudget(op, format, editQuality(format));
};

/** Whether compressing a picture of this size runs in the isolate: within every possible format's budget (and auto's). */
const compressFits = (size: Size, req: CompressRequest, resolved: OutputFormat) => {
  const quality = typeof req.quality === 'number' && !req.targetBytes ? req.quality : undefined;
  return pixels(size) <= Math.min(...possibleFormats(req, resolved).map((f) => pixelBudget('compress', f, quality)), req.quality === 'auto' ? AUTO_WASM_PIXELS : Infinity);
};

/** The large-picture compress, with what the engine reports of it (`picture` may be the input resized, by steps). */
async function compressByService(input: Picture, picture: LargePicture, req: CompressRequest, resolved: OutputFormat, services: EngineServices, notes: string[]) {
  const readable = serviceWrites(resolved) ? await readableByService(input) : null;
  if (!readable || !serviceWrites(resolved)) throw beyondBoth('compress', resolved, input.header, pixels(picture.size), pixels(input.upright));
  assertServiceCan(readable, picture.size, resolved);
  const r = await viaService(() => compressLarge(services.images, { ...picture, bytes: readable.bytes }, req, resolved));
  notes.push(...r.notes);
  return { ...judged(r), bytes: r.bytes, format: r.format, width: picture.size.width, height: picture.size.height, quality: r.quality, engine: 'images' as const };
}

async function compress(input: Picture, req: CompressRequest, services: EngineServices, notes: string[], subject?: string): Promise<EngineResult> {
  const { header, bytes, upright } = input;
  const base = { operation: 'compress', originalSize: bytes.length, notes };
  // `auto` is settled by the search; 'jpeg' stands for it in the budget and service checks (both formats fit both).
  const resolved = req.format === 'auto' ? 'jpeg' : resolveFormat(req.format, header.format, notes);
  let result: EngineResult;
  if (decodes(input) && compressFits(upright, req, resolved)) {
    const raster = await decode(bytes, header);
    reach(services, 'encoding');
    const r = await compressRaster(raster, req, resolved);
    notes.push(...r.notes);
    result = { ...base, ...judged(r), bytes: r.bytes, format: r.format, width: raster.width, height: raster.height, quality: r.quality, engine: 'wasm' };
  } else {
    result = { ...base, ...(await compressByService(input, { bytes, steps: [], size: upright }, req, resolved, services, notes)) };
  }
  const kept = await keepWhenNotSmaller(input, result, req, subject);
  return kept ? { ...base, ...kept } : result;
}

/** What the judge said of a result, where it judged one. */
const judged = (r: { score?: number; looksSame?: boolean; search?: EngineResult['search'] }) => ({
  ...(r.score === undefined ? {} : { score: Math.round(r.score * 10000) / 10000 }),
  ...(r.looksSame === undefined ? {} : { looksSame: r.looksSame }),
  ...(r.search ? { search: r.search } : {}),
});

async function convert(input: Picture, o: OptionsByOperation['convert'], services: EngineServices, notes: string[]): Promise<EngineResult> {
  const { header, bytes, upright } = input;
  if (o.maintainMetadata) notes.push('Metadata is never carried over to converted files.');
  const quality = LOSSY_FORMATS.includes(o.format) ? o.quality : undefined;
  const base = { operation: 'convert', originalSize: bytes.length, quality, notes };
  const described = `Converted to ${o.format.toUpperCase()}${quality ? ` at quality ${quality}` : ''}.`;
  if (decodes(input) && pixels(upright) <= pixelBudget('convert', o.format, quality)) {
    const raster = await decode(bytes, header);
    if (!ALPHA_FORMATS.includes(o.format) && hasTransparency(raster)) notes.push(`${o.format.toUpperCase()} has no transparency: transparent areas were filled with white.`);
    notes.push(described);
    reach(services, 'encoding');
    return { ...base, bytes: await encode(raster, o.format, { quality: o.quality }), format: o.format, width: raster.width, height: raster.height, engine: 'wasm' };
  }
  const format = o.format;
  const readable = serviceWrites(format) ? await readableByService(input) : null;
  if (!readable || !serviceWrites(format)) throw beyondBoth('convert', format, header, pixels(upright), pixels(upright));
  assertServiceCan(readable, upright, format);
  const out = await viaService(() => services.images.run({ input: readable.bytes, steps: [], output: { format, quality } }));
  notes.push(described);
  return { ...base, bytes: out.bytes, format, width: out.width, height: out.height, engine: 'images' };
}

async function privacy(input: Picture, o: OptionsByOperation['privacy'], notes: string[]): Promise<EngineResult> {
  // Only a JPEG's reader knows what follows its end (a camera's preview images, or other data) and names it.
  const whole = input.header.format === 'jpeg' ? (input.received ?? input.bytes) : input.bytes;
  const r = await protectPrivacy(whole, input.header, o);
  return {
    operation: 'privacy',
    originalSize: whole.length,
    notes,
    bytes: r.bytes,
    format: r.format,
    width: r.width,
    height: r.height,
    engine: r.reencoded ? 'wasm' : 'passthrough',
    privacyLog: r.log,
    details: r.log.actions.join(' '),
  };
}

/** One operation's fields as a route parses them: the operation's name with its options. */
export type ToolFields = { [K in OperationName]: { operation: K } & OptionsByOperation[K] }[OperationName];

/** `run` for a route's parsed fields (the name and options travel together). */
export const runFields = (input: Picture, fields: ToolFields, services: EngineServices) => run(fields.operation, input, fields as never, services);

/** Runs one tool operation on an accepted picture. */
export async function run<K extends OperationName>(operation: K, input: Picture, options: OptionsByOperation[K], services: EngineServices): Promise<EngineResult | StreamedResult> {
  reach(services, 'processing');
  const result = await runOperation(operation, input, options, services);
  throwIfCancelled(services.signal);
  if ('stream' in result) return result;
  // The isolate's codecs write pixel values only: a photo's own colour profile goes with them (icc.ts).
  const profile = result.engine === 'wasm' ? readProfile(input.bytes, input.header.format) : null;
  if (!profile) return result;
  const bytes = embedProfile(result.bytes, result.format, profile, result);
  return bytes === result.bytes ? result : { ...result, bytes };
}

async function runOperation<K extends OperationName>(operation: K, input: Picture, options: OptionsByOperation[K], services: EngineServices): Promise<EngineResult | StreamedResult> {
  const notes: string[] = [];
  if (input.header.animated && operation !== 'privacy') notes.push('The picture is animated: only its first frame was used.');
  const pixelOp = (plan: PixelPlan) => pixelOperation(operation, input, plan, services, notes);
  switch (operation) {
    case 'compress':
      return compress(input, options as CompressRequest, services, notes);
    case 'convert':
      return convert(input, options as OptionsByOperation['convert'], services, notes);
    case 'privacy':
      return privacy(input, options as OptionsByOperation['privacy'], notes);
    case 'resize': {
      const o = options as OptionsByOperation['resize'];
      const problem = resizeProblem(resizeTarget(input.upright, o));
      if (problem) throw new HttpError(400, 'validation_failed', problem);
      const plan = planResize(input.upright, o);
      if (o.format === undefined && o.quality === undefined) return pixelOp(plan);
      // The batch asked for a format or quality too: the resized picture is compressed as Optimize would. Where
      // both the resize and that compress need the image service, they are one pass through it (its calls count).
      const req: CompressRequest = { format: o.format ?? 'original', quality: o.quality ?? QUALITY.default };
      const resolved = req.format === 'auto' ? 'jpeg' : resolveFormat(req.format, input.header.format, []);
      if (!fitsIsolate(input, 'resize', plan.output) && !compressFits(plan.output, req, resolved)) {
        // The samples are cut from the resized picture by its planned size: a fit `inside` becomes that exact size.
        const steps = (await plan.service({ bytes: input.bytes, upright: input.upright, services })).steps.map((s) => (s.op === 'resize' && s.fit === 'inside' ? { ...s, ...plan.output, fit: 'stretch' as const } : s));
        const r = await compressByService(input, { bytes: input.bytes, steps, size: plan.output }, req, resolved, services, notes);
        return { operation: 'resize', originalSize: input.bytes.length, ...r, notes: [plan.note, ...notes] };
      }
      const again = await compress(probe((await pixelOp(plan)).bytes), req, services, notes, 'The resized picture');
      return { ...again, operation: 'resize', originalSize: input.bytes.length };
    }
    case 'crop': {
      const o = options as OptionsByOperation['crop'];
      const problem = cropProblem(o, input.upright.width, input.upright.height);
      if (problem) throw new HttpError(400, 'validation_failed', problem);
      return pixelOp(planCrop(input.upright, o));
    }
    case 'rotate':
      return pixelOp(planRotate(input.upright, options as OptionsByOperation['rotate']));
    case 'watermark':
      return pixelOp(planWatermark(input.upright, options as OptionsByOperation['watermark']));
    case 'blur': {
      const o = options as OptionsByOperation['blur'];
      const inWasm = fitsIsolate(input, o.pixelateLevel ? 'pixelate' : 'blur', input.upright);
      if (!inWasm && SERVICE_READS.includes(input.header.format)) assertServiceCan(input, input.upright, resolveFormat('original', input.header.format, []) as ServiceFormat);
      const targets = await viaService(() => findTargets({ ...input, inWasm, services }, o));
      return pixelOp(planBlur(input.upright, o, targets));
    }
    case 'upscale':
    case 'remove-background': {
      const o = options as OptionsByOperation['upscale'];
      const factor = o.factor ?? 2;
      // An AI result is bounded (ADR 0114): refused before any AI work, and the allowance unit is refunded.
      const problem = aiOutputProblem(operation, factor, input.upright);
      if (problem) throw new HttpError(400, 'validation_failed', problem);
      const r = await runAiOperation(operation, input, factor, o.format ?? 'auto', services);
      // Background removal reports the file's own size as originalSize, and compressionRatio 0 (docs/product.md §5.2).
      return { operation, originalSize: input.bytes.length, notes: [...notes, ...r.notes], stream: r.stream, format: r.format, quality: r.quality, engine: 'ai' };
    }
  }
  throw new HttpError(400, 'validation_failed', 'Unknown operation.');
}
