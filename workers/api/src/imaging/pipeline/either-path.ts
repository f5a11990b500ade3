/**
 * The one choice of path every operation that writes a picture makes (ADR 0123), written once: in the isolate when
 * the picture fits the operation's measured memory budget and one slice of the isolate's thread (paths.ts
 * `runsInIsolate`), decoded, worked on and encoded here; else the image service, given a picture it can read
 * (`readableByService`) after its limits are checked, before the first billed call (`assertServiceCan`); else a 413
 * that names the limit (`beyondBoth`). A pixel operation's whole run (`pixelOperation`) is this with its plan;
 * convert and the meme describe their work the same way.
 */
import { decode, forgetDecoded } from '../codecs/decode';
import { encode, type OutputFormat } from '../codecs/encode';
import type { Raster } from '../codecs/raster';
import type { WasmOperation } from '../options';
import type { EngineResult, Job, PixelPlan, ServiceContext, ServicePlan, Size } from '../types';
import { resolveFormat, serviceWrites } from './format';
import {
  assertServiceCan,
  beyondBoth,
  editQuality,
  pixels,
  reach,
  readableByService,
  runsInIsolate,
  viaService,
} from './paths';

/** A picture's work, as either path does it. */
export interface EitherPath {
  /** The memory budget (options.ts) the isolate's work counts against. */
  budget: WasmOperation;
  format: OutputFormat;
  quality?: number;
  /** The size of the result. */
  output: Size;
  /**
   * The encoder's budget bounds the input too, not only the output: convert and the meme were measured so (ADR 0180
   * keeps them as they were; a pixel operation holds the encoder to its output alone, ADR 0148).
   */
  inputToEncoder?: boolean;
  /** The work on the upright decoded pixels. */
  wasm(raster: Raster): Promise<Raster>;
  /** Pixels made another way, for the isolate's encoder, where the picture does not decode here (convert's TIFF and BMP). */
  otherwise?(): Promise<Raster | null>;
  /** The same result as image-service steps and overlays on the picture as it can read it. */
  service(ctx: ServiceContext): Promise<ServicePlan>;
  /** What was done, in plain words, added to the notes once it is. */
  note?: string;
}

/** The picture written by whichever path can: its bytes, its size, and which path made it. */
export async function isolateOrService(
  { input, services, notes }: Job,
  work: EitherPath,
): Promise<Pick<EngineResult, 'bytes' | 'width' | 'height' | 'engine'>> {
  const { header, bytes, upright } = input;
  const { format, quality } = work;
  const counted = work.inputToEncoder && pixels(upright) > pixels(work.output) ? upright : work.output;
  const raster = runsInIsolate(input, work.budget, counted, format, quality)
    ? await decode(bytes, header)
    : await work.otherwise?.();
  if (raster) {
    const out = await work.wasm(raster);
    reach(services, 'encoding');
    if (work.note) notes.push(work.note);
    const written = await encode(out, format, { quality: quality ?? 100 });
    return { bytes: written, width: out.width, height: out.height, engine: 'wasm' };
  }
  const readable = serviceWrites(format) ? await readableByService(input) : null;
  // The service works from the file: intake's decode, kept for the isolate, is not needed (ADR 0203).
  forgetDecoded(bytes);
  if (!readable || !serviceWrites(format))
    throw beyondBoth(work.budget, format, header, Math.max(pixels(upright), pixels(work.output)), pixels(upright));
  assertServiceCan(readable, work.output, format);
  const job = await viaService(() => work.service({ bytes: readable.bytes, upright, services }));
  const out = await viaService(() =>
    services.images.run({ input: readable.bytes, ...job, output: { format, quality } }),
  );
  if (work.note) notes.push(work.note);
  return { bytes: out.bytes, width: out.width, height: out.height, engine: 'images' };
}

/**
 * A pixel operation's whole run: its plan by either path, the result in the picture's own format. `details`: the
 * answer also carries the plan's note as a detail line.
 */
export async function pixelOperation(job: Job, plan: PixelPlan, details = false): Promise<EngineResult> {
  const { operation, input, notes } = job;
  const { header, bytes, upright } = input;
  const format = resolveFormat('original', header.format, notes);
  const quality = editQuality(format);
  const base = { operation, originalSize: bytes.length, notes, quality, details: details ? plan.note : undefined };
  // Nothing to do: a re-encode would only lose quality (and a JPEG's metadata) for the same pixels.
  if (plan.unchanged && format === header.format && header.orientation === 1) {
    notes.push(plan.note);
    return {
      ...base,
      quality: undefined,
      bytes,
      format,
      width: upright.width,
      height: upright.height,
      engine: 'passthrough',
    };
  }
  const written = await isolateOrService(job, { ...plan, format, quality, note: undefined });
  // Read after the work: a plan's note may name what the work found (a smart crop's faces, resize.ts).
  notes.push(plan.note);
  return {
    ...base,
    bytes: written.bytes,
    format,
    width: written.width,
    height: written.height,
    engine: written.engine,
  };
}
