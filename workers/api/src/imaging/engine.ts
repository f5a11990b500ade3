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
 * The operations are a table (ops/registry.ts, ADR 0180): each names an operation and the record its folder exports
 * in ops/<operation>/, which gives either a plan (its budget, its work in pixels and as image-service steps) or its
 * own run, and what else there is to know of it (its frames, metering, timing, extra fields). Nothing here names an
 * operation (ARCHITECTURE.md, "Where a change goes").
 */
import { throwIfCancelled } from '../cancel';
import { HttpError } from '../errors';
import { runAnimated } from './animation/run';
import { forgetDecoded } from './codecs/decode';
import { embedProfile, readProfile } from './metadata/icc';
import { OPERATIONS } from './ops/registry';
import { pixelOperation } from './pipeline/either-path';
import { reach } from './pipeline/paths';
import type { EngineResult, EngineServices, Job, OperationEntry, OptionsOf, Picture, StreamedResult } from './types';

export type OptionsByOperation = { [K in keyof typeof OPERATIONS]: OptionsOf<(typeof OPERATIONS)[K]> };
export type OperationName = keyof OptionsByOperation;

/** An operation's record (ops/registry.ts), or undefined for a name that is none. */
const entryOf = (operation: string): OperationEntry<unknown> | undefined =>
  Object.hasOwn(OPERATIONS, operation)
    ? (OPERATIONS[operation as OperationName] as OperationEntry<unknown>)
    : undefined;

// The rest of the front door: everything outside imaging/ may use of the engine comes from this file, intake/ or
// service/ (ESLint's no-restricted-imports holds it so, ARCHITECTURE.md). The one intake rule for every uploaded
// picture (ADR 0012) and the editor's canvas data URL that passes it:
export { intake } from './intake/intake';
export { decodeCanvasData } from './intake/data-url';
// Reading a header without decoding (AI answers, generated images, the tool routes' first bytes):
export { readHeader, readHeadOf, sniffImage, type ImageHeader, type ImageInfo } from './intake/sniff';
// Step one of every operation: the header. Unknown formats 415, damaged files 422, over 50 MP 413.
export { probe } from './intake/probe';
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

/** What the tool routes read of an operation's record: whether it spends one unit of the daily AI allowance, */
export const isMetered = (fields: ToolFields) => entryOf(fields.operation)?.metered?.(fields as never) ?? false;
/** what its duration is filed under (db/op-timings.ts), */
export const timingNameOf = (fields: ToolFields) =>
  entryOf(fields.operation)?.timingKey?.(fields as never) ?? fields.operation;
/** whether its result is another picture (the answer's compressionRatio is then 0), */
export const makesNewPicture = (operation: string) => entryOf(operation)?.newPicture ?? false;
/** Whether the operation works on the picture's pixels (intake then keeps its decode for it, ADR 0203). */
export const readsPixels = (operation: string | undefined) =>
  operation === undefined || !(entryOf(operation)?.readsFileOnly ?? false);
/** the fields it reads from the request's headers where the form left them out, */
export const headerFields = (fields: Readonly<Record<string, string>>, headers: Headers): Record<string, string> =>
  (fields.operation === undefined ? undefined : entryOf(fields.operation)?.fromHeaders?.(fields, headers)) ?? {};
/** and the files it takes beside the picture, checked and read into its fields before any work. */
export async function withFiles(
  fields: { operation: OperationName },
  files: Readonly<Record<string, File>>,
): Promise<ToolFields> {
  const entry = entryOf(fields.operation);
  return (entry?.withFiles ? await entry.withFiles(fields, files) : fields) as ToolFields;
}

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
  let result: EngineResult | StreamedResult;
  try {
    result = await runOperation(operation, input, options, services);
  } finally {
    // Intake's decode, if the operation did not take it (it went to the image service, or needed no pixels).
    forgetDecoded(input.bytes);
  }
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
  const op = entryOf(operation);
  if (!op) throw new HttpError(400, 'validation_failed', 'Unknown operation.');
  const job: Job = { operation, input, services, notes: [] };
  // An animated GIF or WebP keeps its frames where the operation can (its `frames`, ADR 0137), unless the request chose
  // its first frame only; elsewhere the first frame is used, and said (an APNG is read as its first frame).
  if (
    op.frames &&
    input.header.animated &&
    (input.header.format === 'gif' || input.header.format === 'webp') &&
    !input.firstFrameOnly
  ) {
    const kept = await op.frames(job, options, runAnimated);
    if (kept) return kept;
  }
  if (input.header.animated && input.firstFrameOnly)
    job.notes.push('Only the first frame of the animation was used, as asked (frames=first).');
  else if (input.header.animated && !op.allFrames)
    job.notes.unshift('The picture is animated: only its first frame was used.');
  if ('run' in op) return op.run(job, options);
  return pixelOperation(job, await op.plan(job, options), op.details);
}
