/**
 * The seam between the API and whatever runs the models. Routes see only this interface; which implementation
 * serves a request is configuration (`AI_PROVIDER`), and every AI answer names it.
 */
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
  /** Set when the captions did not come from a language model (offline bank, or the model failed). */
  note?: string;
}

/** Per call: a signal that stops the work when the person cancels (providers that can, pass it to their fetch). */
export interface AiCallOptions {
  signal?: AbortSignal;
}

export interface AiProvider {
  readonly name: ProviderName;
  generateImage(prompt: string, seed?: number): Promise<GeneratedImage>;
  suggestCaptions(template: CaptionTemplate, context: string): Promise<CaptionSuggestions>;
  removeBackground(image: Uint8Array, options?: AiCallOptions): Promise<Uint8Array>;
  upscale(image: Uint8Array, factor: 2 | 3 | 4, options?: AiCallOptions): Promise<Uint8Array>;
  detectFaces(image: Uint8Array, options?: AiCallOptions): Promise<Box[]>;
  detectPeople(image: Uint8Array, options?: AiCallOptions): Promise<Box[]>;
}

/** What caption suggestion needs from a catalogue template (core/api/templates `Template`). */
export function toCaptionTemplate(t: { id: string; name: string; examples: string[][]; textBoxes: unknown[] }): CaptionTemplate {
  return { id: t.id, name: t.name, examples: t.examples, boxCount: Math.max(1, t.textBoxes.length) };
}
