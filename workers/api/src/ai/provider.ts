/**
 * The seam between the API and whatever runs the models. Routes see only this interface; which implementation
 * serves a request is configuration (`AI_PROVIDER`), and every AI answer names it.
 */
import type { AiOutput } from '../../../../core/tools/ai';
import type { Candidate, SuggestTemplate } from '../../../../core/memes/suggest/answer';
import type { SuggestRequest } from '../../../../core/memes/suggest/model';

export type { AiOutput } from '../../../../core/tools/ai';
export type ProviderName = 'cloudflare' | 'local' | 'fake' | 'none';

export interface Box {
  /** Pixels in the input image. */
  x: number;
  y: number;
  width: number;
  height: number;
  score: number;
}

export interface GeneratedImage {
  bytes: Uint8Array;
  contentType: string;
  /** True when the image is not a real generation (offline preview card). */
  isPlaceholder: boolean;
  note?: string;
}

/** What caption suggestion needs to know about a template (a subset of core/api/templates `Template`). */
export interface CaptionTemplate {
  id: string;
  name: string;
  /** Example captions, one line per text box (the template's `examples`). */
  examples: string[][];
  boxCount: number;
}

export interface CaptionSuggestions {
  /** Each caption has one line per text box joined by CAPTION_LINE_SEPARATOR. */
  captions: string[];
  /** Where they came from: a language model, or the caption bank (offline, or after the model failed). */
  source: 'model' | 'bank';
  /** Set when the captions did not come from a language model, saying so. */
  note?: string;
}

/** Memes for a topic (POST /api/memes/suggest, ADR 0173): each on a different template, one line per box. */
export interface MemeSuggestions {
  /** `source` per meme: `model` when a language model wrote it, `bank` for the offline stand-in. */
  candidates: (Candidate & { source: 'model' | 'bank' })[];
  /** Set when any meme did not come from a language model, saying so. */
  note?: string;
}

/** Per call: a signal that stops the work when the person cancels (providers that can, pass it to their fetch). */
export interface AiCallOptions {
  signal?: AbortSignal;
}

/**
 * An AI image result, read once: upscales and cut-outs can be tens of megabytes, so they travel as a stream to
 * storage and are never held whole in the isolate (ADR 0114).
 */
export type ImageStream = ReadableStream<Uint8Array>;

export interface AiProvider {
  readonly name: ProviderName;
  generateImage(prompt: string, seed?: number): Promise<GeneratedImage>;
  /** `picture`: a small JPEG of the person's own picture, for captions about what it shows. */
  suggestCaptions(template: CaptionTemplate, context: string, picture?: Uint8Array): Promise<CaptionSuggestions>;
  /** Throws a 422 `topic_refused` when the model declines the topic (the route refunds the unit). */
  suggestMemes(catalogue: readonly SuggestTemplate[], request: SuggestRequest): Promise<MemeSuggestions>;
  removeBackground(image: Uint8Array, output: AiOutput, options?: AiCallOptions): Promise<ImageStream>;
  upscale(image: Uint8Array, factor: 2 | 3 | 4, output: AiOutput, options?: AiCallOptions): Promise<ImageStream>;
  detectFaces(image: Uint8Array, options?: AiCallOptions): Promise<Box[]>;
  detectPeople(image: Uint8Array, options?: AiCallOptions): Promise<Box[]>;
}

/** What caption suggestion needs from a catalogue template (core/api/templates `Template`). */
export function toCaptionTemplate(t: {
  id: string;
  name: string;
  examples: string[][];
  textBoxes: unknown[];
}): CaptionTemplate {
  return { id: t.id, name: t.name, examples: t.examples, boxCount: Math.max(1, t.textBoxes.length) };
}
