/**
 * The engine's types, shared by engine.ts, the pipeline and every operation in ops/: the accepted picture, the
 * services, the result, and what an operation gives the engine (its record in the table of operations, ops/registry.ts).
 *
 * A pixel operation gives a plan: the size it makes, the WASM budget it counts against, how to do it on decoded
 * pixels (small pictures, in the isolate), and the same result as image-service steps (any size). Planning is pure
 * (size and options in, plan out), so each operation's rules are tested without a codec.
 */
import type { ToolResult } from '../../../../core/api/tools';
import type { CompressOptions } from '../../../../core/tools/compress';
import type { JobPhase } from '../../../../core/api/tool-progress';
import type { AiProvider } from '../ai/provider';
import type { WasmOperation } from './options';
import type { OutputFormat } from './codecs/encode';
import type { Raster } from './codecs/raster';
import type { ImageHeader } from './intake/sniff';
import type { ImageService, ServiceOverlay, ServiceStep } from './service/types';

export interface Size {
  width: number;
  height: number;
}

export interface EngineServices {
  images: ImageService;
  ai: AiProvider;
  /** Told as the work reaches each phase (streamed answers); absent for plain ones. */
  onPhase?: (phase: JobPhase) => void;
  /** Aborted when the person cancels: the AI provider's calls stop, and the engine stops at its next step. */
  signal?: AbortSignal;
  /**
   * Who pays for the paid work an operation chooses to do (ADR 0148): a smart crop's face detection spends a unit of
   * the visitor's daily AI allowance, searches spend from the daily budget of search calls. The tool routes always
   * pass it (quota.ts `allowanceFor`); absent, where no visitor asked (tests, benches), nothing is counted or refused.
   */
  allowance?: Allowance;
}

/** The visitor's allowances, as the engine spends them (quota.ts). */
export interface Allowance {
  /**
   * Runs `work` on one unit of the daily AI allowance, given back when `free(result)` says the work could not be done
   * (or it throws); a member's is recorded as activity. `refused` (the words why, for a note) when the allowance is
   * spent: `work` is not run.
   */
  aiUnit<T>(work: () => Promise<T>, free: (result: T) => boolean): Promise<{ done: T } | { refused: string }>;
  /**
   * Reserves up to `wanted` billed calls of the daily budget of search calls: `granted` may be fewer (0 when spent,
   * with `refused`, the words why). `settle(used)` gives back what the search did not make.
   */
  searchCalls(wanted: number): Promise<SearchCalls>;
}

export interface SearchCalls {
  granted: number;
  refused?: string;
  settle(used: number): Promise<void>;
}

/** What the service path needs to know: the input's bytes, its upright size, and the services. */
export interface ServiceContext {
  bytes: Uint8Array;
  upright: Size;
  services: EngineServices;
}

export interface ServicePlan {
  steps: ServiceStep[];
  overlays?: ServiceOverlay[];
}

export interface PixelPlan {
  /** The budget of `options.ts` this operation counts against. */
  budget: WasmOperation;
  /** The size of the result (upright). */
  output: Size;
  /** Does the work on upright decoded pixels. */
  wasm(raster: Raster): Promise<Raster>;
  /** The same result as image-service work; may call the service itself first (patches, proxies). */
  service(ctx: ServiceContext): Promise<ServicePlan>;
  /** What was done, in plain words, for the result's notes. */
  note: string;
  /**
   * The result would be the picture itself (a crop of the whole picture, no turn): the file is answered as it came,
   * not re-encoded, where it is already in the format the result would have (pipeline/paths.ts).
   */
  unchanged?: boolean;
}

/** An accepted picture: its bytes and what its header says (read before anything is decoded). */
export interface Picture {
  bytes: Uint8Array;
  header: ImageHeader;
  /** The size people see: the header's, with the EXIF orientation applied. */
  upright: Size;
  /**
   * The file as it was sent, when intake cut bytes after the picture's end (intake/intake.ts): privacy removal reads
   * it, so its log names what was there (a camera's preview image, data after the end) and the result ends at EOI.
   */
  received?: Uint8Array;
  /** An animation's first frame only, as the request asked (`frames=first`, ADR 0137); else every frame is kept. */
  firstFrameOnly?: boolean;
}

export type EngineResult = Omit<ToolResult, 'imageUrl' | 'expiresAt' | 'size' | 'compressionRatio'> & {
  bytes: Uint8Array;
};
/**
 * An AI result (ADR 0114): a stream the store reads once, never held whole here. Its size is known once the store
 * has read its header, so width and height come from there.
 */
export type StreamedResult = Omit<EngineResult, 'bytes' | 'width' | 'height'> & { stream: ReadableStream<Uint8Array> };

/** One run of an operation: its name, the accepted picture, the services, and the notes its answer will carry. */
export interface Job {
  operation: string;
  input: Picture;
  services: EngineServices;
  notes: string[];
}

/** What an operation does to each frame of an animation, and the same as image-service steps (animation/run.ts). */
export type FrameWork = Pick<PixelPlan, 'budget' | 'output' | 'service' | 'note'> & {
  frame(raster: Raster): Promise<Raster>;
};

/** How the animation is written: a GIF (at `colours` per frame and `tolerance`), an animated WebP, or the smaller. */
export interface AnimatedOutput {
  format: 'gif' | 'webp' | 'auto';
  /** WebP quality (1–100); the GIF's colours and tolerance follow from it (animation/run.ts gifSettings). */
  quality: number;
}

/**
 * Runs `work` on every frame of the job's animation and writes it as `out` (animation/run.ts `runAnimated`): the
 * engine hands it to an operation's `frames`, so an operation's folder loads no codec to say what it does per frame.
 */
export type AnimateFrames = (job: Job, work: FrameWork, out: AnimatedOutput) => Promise<EngineResult>;

/**
 * One operation's record in the engine's table (ops/registry.ts, ADR 0180): everything the engine, the animation
 * code and the tool routes know of an operation comes from here, so none of them names one. A pixel operation gives
 * its `plan` (which carries its memory budget, options.ts) and the engine picks the path and does the rest
 * (pipeline/paths.ts); any other operation does its own `run` with the pipeline's steps. Either may refuse its
 * options with a 400 before any work.
 */
export type OperationEntry<O> = {
  /** Works on every frame of an animation: its answer has no "only its first frame was used" note. */
  allFrames?: boolean;
  /**
   * What it does with an animated GIF or WebP (ADR 0137, animation/): the result with every frame kept, or null where
   * it (or the format asked for) keeps one picture, and the engine then uses the first frame and says so. It may
   * refuse an animation (blur). Absent: the first frame, said.
   */
  frames?(job: Job, options: O, animate: AnimateFrames): Promise<EngineResult | null>;
  /** Spends one unit of the visitor's daily AI allowance, refunded on failure (quota.ts); its duration is filed. */
  metered?(options: O): boolean;
  /** What a metered job's duration is filed under (db/op-timings.ts): the operation as it costs time. Else its name. */
  timingKey?(options: O): string;
  /** Its result is another picture (an upscale, a cut-out): the answer's compressionRatio is 0 (docs/product.md §5.2). */
  newPicture?: boolean;
  /** It reads the file, not its pixels (privacy removal): intake's decode is not kept for it (ADR 0203). */
  readsFileOnly?: boolean;
  /** Fields it reads from the request's headers where the form left them out (compress's `accept`, ADR 0135). */
  fromHeaders?(fields: Readonly<Record<string, string>>, headers: Headers): Record<string, string>;
  /** Files it takes beside the picture (a watermark's `logo`), checked and read into its options before any work. */
  withFiles?(options: O, files: Readonly<Record<string, File>>): Promise<O>;
} & (
  | {
      plan(job: Job, options: O): PixelPlan | Promise<PixelPlan>;
      /** The answer also carries what was done as `details`, a detail line (docs/product.md §5.1). */
      details?: boolean;
    }
  | { run(job: Job, options: O): Promise<EngineResult | StreamedResult> }
);

/** The options an operation's line takes. */
export type OptionsOf<T> = T extends OperationEntry<infer O> ? O : never;

/** What compress is asked: a format (or `original`, `auto`), and a quality (or `auto`) or a target size. */
export type CompressRequest = Pick<CompressOptions, 'quality' | 'targetBytes' | 'accept' | 'maxSide'> & {
  format: OutputFormat | 'original' | 'auto';
};

/**
 * Compress as another operation uses it on its own result (a batch's resize then compress, ops/resize/resize.ts):
 * ops/compress/ gives it and the table of operations (ops/registry.ts) hands it over, so no operation's folder
 * imports another's.
 */
export interface CompressStage {
  /** Whether compressing a picture of this size runs in the isolate. */
  fits(size: Size, req: CompressRequest, resolved: OutputFormat): boolean;
  /** The image service's compress of the input made into `picture` by `steps` (one pass through the service). */
  byService(
    job: Job,
    picture: { bytes: Uint8Array; steps: readonly ServiceStep[]; size: Size },
    req: CompressRequest,
    resolved: OutputFormat,
  ): Promise<Omit<EngineResult, 'operation' | 'originalSize' | 'notes'>>;
  /** Compress of another picture than the job's (`subject` names it in a kept original's note). */
  picture(job: Job, input: Picture, req: CompressRequest, subject?: string): Promise<EngineResult>;
}
