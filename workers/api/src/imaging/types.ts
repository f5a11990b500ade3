/**
 * What every pixel operation gives the engine: the size it makes, the WASM budget it counts against, how to do it
 * on decoded pixels (small pictures, in the isolate), and the same result as image-service steps (any size).
 * Planning is pure (size and options in, plan out), so each operation's rules are tested without a codec.
 */
import type { JobPhase } from '../../../../core/api/tool-progress';
import type { AiProvider } from '../ai/provider';
import type { WasmOperation } from './options';
import type { Raster } from './codecs/raster';
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
}
