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
 * naming the limit, answered before any work is done or any call is billed (ADR 0116). Those shared steps are
 * pipeline/paths.ts.
 *
 * The operations are a table: each line names an operation and its folder's entry in ops/<operation>/, which gives
 * either a plan (its budget, its work in pixels and as image-service steps) or its own run (ARCHITECTURE.md, "Where
 * a change goes").
 */
import { throwIfCancelled } from '../cancel';
import { KEEP_ANIMATION_HINT, resizePlanOf, runOnEveryFrame } from './animation/operations';
import { HttpError } from '../errors';
import { embedProfile, readProfile } from './metadata/icc';
import { removeBackgroundOperation, upscaleOperation } from './ops/ai/ai';
import { blurOperation } from './ops/blur/blur';
import { compressOperation } from './ops/compress/compress';
import { convertOperation } from './ops/convert/convert';
import { cropOperation } from './ops/crop/crop';
import { memeOperation } from './ops/meme/meme';
import { privacyOperation } from './ops/privacy/privacy';
import { resizeOperation } from './ops/resize/resize';
import { rotateOperation } from './ops/rotate/rotate';
import { watermarkOperation } from './ops/watermark/watermark';
import { pixelOperation, reach } from './pipeline/paths';
import type { EngineResult, EngineServices, Job, Operation, OptionsOf, Picture, StreamedResult } from './types';

/** Every tool operation: its name → its line (a plan, which carries its budget, or a run) in ops/<operation>/. */
const OPERATIONS = {
  compress: compressOperation,
  convert: convertOperation,
  resize: resizeOperation,
  crop: cropOperation,
  rotate: rotateOperation,
  watermark: watermarkOperation,
  blur: blurOperation,
  privacy: privacyOperation,
  upscale: upscaleOperation,
  'remove-background': removeBackgroundOperation,
  meme: memeOperation,
};

export type OptionsByOperation = { [K in keyof typeof OPERATIONS]: OptionsOf<(typeof OPERATIONS)[K]> };
export type OperationName = keyof OptionsByOperation;

// The rest of the front door: everything outside imaging/ may use of the engine comes from this file, intake/ or
// service/ (ESLint's no-restricted-imports holds it so, ARCHITECTURE.md). The one intake rule for every uploaded
// picture (ADR 0012) and the editor's canvas data URL that passes it:
export { intake } from './intake/intake';
export { decodeCanvasData } from './intake/data-url';
// Reading a header without decoding (AI answers, generated images, the tool routes' first bytes):
export { readHeader, readHeadOf, sniffImage, type ImageHeader, type ImageInfo } from './intake/sniff';
// Step one of every operation: the header. Unknown formats 415, damaged files 422, over 50 MP 413.
export { probe } from './intake/probe';
// A watermark's `logo` file, checked before any work (ADR 0163):
export { readLogo } from './ops/watermark/logo';
// The stored copy of an upload the editor's canvas draws: a HEIC as a JPEG (ADR 0132).
export { browserCopy } from './ops/convert/convert';
// The pixel budget of an operation writing a format (the isolate's path, pipeline/paths.ts):
export { pixelBudget } from './pipeline/paths';
// The metadata analysis of /api/analyze-metadata:
export { describe, inspect } from './metadata/analyze';
// Encoders the fake AI provider draws its stand-in results with:
export { encode } from './codecs/encode';
export { plainPng } from './codecs/plain-png';
// The image service seam, for the routes' services and /api/health, and the Images binding's allowance answer,
// which Workers AI's image features share:
export { getImageService, imageServiceProbe } from './service';
export { overAllowanceAnswer } from './service/binding-errors';
export type { Allowance, EngineResult, EngineServices, Picture, SearchCalls, StreamedResult } from './types';

/** One operation's fields as a route parses them: the operation's name with its options. */
export type ToolFields = { [K in OperationName]: { operation: K } & OptionsByOperation[K] }[OperationName];

/** `run` for a route's parsed fields (the name and options travel together). */
export const runFields = (input: Picture, fields: ToolFields, services: EngineServices) =>
  run(fields.operation, input, fields as never, services);

/** Runs one tool operation on an accepted picture. */
export async function run<K extends OperationName>(
  operation: K,
  input: Picture,
  options: OptionsByOperation[K],
  services: EngineServices,
): Promise<EngineResult | StreamedResult> {
  reach(services, 'processing');
  const result = await runOperation(operation, input, options, services);
  throwIfCancelled(services.signal);
  if ('stream' in result) return result;
  // The isolate's codecs write pixel values only: a photo's own colour profile goes with them (metadata/icc.ts).
  const profile = result.engine === 'wasm' ? readProfile(input.bytes, input.header.format) : null;
  if (!profile) return result;
  const bytes = embedProfile(result.bytes, result.format, profile, result);
  return bytes === result.bytes ? result : { ...result, bytes };
}

async function runOperation(
  operation: string,
  input: Picture,
  options: unknown,
  services: EngineServices,
): Promise<EngineResult | StreamedResult> {
  if (!Object.hasOwn(OPERATIONS, operation)) throw new HttpError(400, 'validation_failed', 'Unknown operation.');
  const op = OPERATIONS[operation as OperationName] as Operation<unknown>;
  const job: Job = { operation, input, services, notes: [] };
  // An animated GIF or WebP keeps its frames where the operation can (animation/, ADR 0137), unless the request chose
  // its first frame only; elsewhere the first frame is used, and said (an APNG is read as its first frame).
  if (
    input.header.animated &&
    (input.header.format === 'gif' || input.header.format === 'webp') &&
    !input.firstFrameOnly
  ) {
    const plan =
      'plan' in op
        ? async () => op.plan(job, options)
        : operation === 'resize'
          ? async () => resizePlanOf(job, options)
          : null;
    const kept = await runOnEveryFrame(operation, job, options as Record<string, unknown>, plan);
    if (kept) return kept;
    if (!op.allFrames && ['compress', 'convert', 'resize'].includes(operation)) job.notes.push(KEEP_ANIMATION_HINT);
  }
  if (input.header.animated && input.firstFrameOnly)
    job.notes.push('Only the first frame of the animation was used, as asked (frames=first).');
  else if (input.header.animated && !op.allFrames)
    job.notes.unshift('The picture is animated: only its first frame was used.');
  if ('run' in op) return op.run(job, options);
  return pixelOperation(job, await op.plan(job, options), op.details);
}
