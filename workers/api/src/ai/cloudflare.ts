import { z } from 'zod';
import { HttpError } from '../errors';
import { notBilled, type Bill } from '../billed-calls';
import { IMAGE_SERVICE_MAX_SIDE } from '../../../../core/image-service';
import { suggestCaptionsWithModel } from './cloudflare-captions';
import { suggestMemesWithModel } from './cloudflare-suggest';
import { FLUX_1_SCHNELL, MOONDREAM_3_1, SDXL_LIGHTNING } from './contracts';
import { overAllowanceAnswer, readHeader } from '../imaging/engine';
import type { AiOutput, AiProvider, Box } from './provider';
import { base64ToBytes, bytesToBase64, bytesToStream, toBytes, upstreamError } from './upstream';

/**
 * Production: Workers AI through the native `env.AI` binding (not the deprecated @cloudflare/ai SDK, see ADR 0060)
 * and the Images binding for background removal and AI upscaling. Every `env.AI.run` input follows the model's
 * published schema in `contracts.ts`.
 */
export const DEFAULT_IMAGE_MODEL = FLUX_1_SCHNELL.model;
export const DETECT_MODEL = MOONDREAM_3_1.model;
const FLUX_STEPS = 4;

/** The text-to-image models this adapter knows the input of (`AI_IMAGE_MODEL` must name one). */
export const IMAGE_MODELS: Record<string, (prompt: string, seed?: number) => Record<string, unknown>> = {
  // flux-1-schnell takes no seed: its input allows no other property.
  [FLUX_1_SCHNELL.model]: (prompt) => ({ prompt: prompt.slice(0, 2048), steps: FLUX_STEPS }),
  [SDXL_LIGHTNING.model]: (prompt, seed) => ({ prompt, ...(seed === undefined ? {} : { seed }) }),
};

/** The parts of the bindings this adapter uses, so contract tests can hand it a stub `AI` (and the real IMAGES). */
export interface CloudflareBindings {
  AI: { run(model: string, input: Record<string, unknown>): Promise<unknown> };
  IMAGES: ImagesBinding;
  AI_IMAGE_MODEL?: string;
}

function sniffType(bytes: Uint8Array): string | null {
  const h = readHeader(bytes);
  return h ? h.mimeType : null;
}

/** flux answers `{ image: base64 }`; SDXL-family models answer a PNG stream (or bytes). */
export async function imageFromModelAnswer(answer: unknown): Promise<{ bytes: Uint8Array; contentType: string }> {
  let bytes: Uint8Array | null = null;
  if (answer instanceof ReadableStream || answer instanceof Uint8Array || answer instanceof ArrayBuffer) {
    bytes = await toBytes(answer);
  } else if (answer && typeof answer === 'object' && typeof (answer as { image?: unknown }).image === 'string') {
    bytes = base64ToBytes((answer as { image: string }).image);
  }
  const contentType = bytes && bytes.length > 0 ? sniffType(bytes) : null;
  if (!bytes || !contentType) throw new Error('the image model answered something that is not an image');
  return { bytes, contentType };
}

const detectAnswerSchema = z.object({
  objects: z.array(z.object({ x_min: z.number(), y_min: z.number(), x_max: z.number(), y_max: z.number() })),
});

/**
 * moondream answers `{ objects: [{ x_min, y_min, x_max, y_max }] }`, normalised to 0–1 (some wrappers nest it under
 * `result`, and pixel units would be > 1): boxes become pixels of the input, clamped to the image.
 */
export function boxesFromDetectAnswer(answer: unknown, width: number, height: number): Box[] {
  const root =
    answer && typeof answer === 'object' && 'result' in answer ? (answer as { result: unknown }).result : answer;
  const parsed = detectAnswerSchema.safeParse(root);
  if (!parsed.success) throw new Error('the vision model answered an unexpected shape');
  // Normalised boxes may overshoot 1 slightly at the edges; pixel boxes of any real photo go far beyond 1.5.
  const normalised = parsed.data.objects.every((o) => Math.max(o.x_min, o.y_min, o.x_max, o.y_max) <= 1.5);
  const sx = normalised ? width : 1;
  const sy = normalised ? height : 1;
  const clamp = (v: number, max: number) => Math.min(Math.max(v, 0), max);
  return parsed.data.objects
    .map((o) => {
      const x = clamp(Math.min(o.x_min, o.x_max) * sx, width);
      const y = clamp(Math.min(o.y_min, o.y_max) * sy, height);
      const x2 = clamp(Math.max(o.x_min, o.x_max) * sx, width);
      const y2 = clamp(Math.max(o.y_min, o.y_max) * sy, height);
      return { x: Math.round(x), y: Math.round(y), width: Math.round(x2 - x), height: Math.round(y2 - y), score: 1 };
    })
    .filter((b) => b.width > 0 && b.height > 0);
}

function sizeOrThrow(image: Uint8Array) {
  const h = readHeader(image);
  if (!h) throw new HttpError(415, 'unsupported_media_type', 'Please upload a PNG, JPEG, GIF or WebP image.');
  return h;
}

/** The Images binding's transform, plus the `upscale` option its current type definitions do not list yet. */
type UpscalingTransform = ImageTransform & { upscale?: 'interpolate' | 'generate' };

/** The Images binding's output options for an AI result. */
const imagesOutput = (output: AiOutput): ImageOutputOptions => ({
  format: `image/${output.format}`,
  ...(output.quality === undefined ? {} : { quality: output.quality }),
});

/**
 * `bill` is told of each billed call just before it is made (ADR 0148): every Workers AI run (a caption call may make
 * two) and every Images binding call (background removal, upscaling).
 */
export function cloudflareProvider(env: CloudflareBindings, bill: Bill = notBilled): AiProvider {
  const run = (model: string, input: Record<string, unknown>) => {
    bill('ai');
    return env.AI.run(model, input);
  };

  async function detect(image: Uint8Array, target: 'face' | 'person', what: string): Promise<Box[]> {
    const { width, height, format } = sizeOrThrow(image);
    try {
      const answer = await run(DETECT_MODEL, {
        task: 'detect',
        image: `data:image/${format};base64,${bytesToBase64(image)}`,
        target,
      });
      return boxesFromDetectAnswer(answer, width, height);
    } catch (err) {
      throw upstreamError(what, err);
    }
  }

  return {
    name: 'cloudflare',
    async generateImage(prompt, seed) {
      const model = env.AI_IMAGE_MODEL || DEFAULT_IMAGE_MODEL;
      const input = IMAGE_MODELS[model];
      if (!input) {
        console.warn(`AI_IMAGE_MODEL names ${model}, whose input this adapter does not know (ai/contracts.ts).`);
        throw new HttpError(
          503,
          'ai_not_configured',
          'Image generation is not configured on this server. Please try again later.',
        );
      }
      try {
        const { bytes, contentType } = await imageFromModelAnswer(await run(model, input(prompt, seed)));
        return { bytes, contentType, isPlaceholder: false };
      } catch (err) {
        throw upstreamError('generate the image', err);
      }
    },
    suggestCaptions: (template, context, picture) => suggestCaptionsWithModel(run, template, context, picture),
    suggestMemes: (catalogue, request) => suggestMemesWithModel(run, catalogue, request),
    async removeBackground(image, output) {
      sizeOrThrow(image);
      try {
        const cut = env.IMAGES.input(bytesToStream(image)).transform({ segment: 'foreground' });
        bill('images');
        const result = await cut.output(imagesOutput(output));
        return result.image();
      } catch (err) {
        throw overAllowanceAnswer(err) ?? upstreamError('remove the background', err);
      }
    },
    async upscale(image, factor, output) {
      const { width, height } = sizeOrThrow(image);
      // The AI upscaler does 2× and 4×. 3× is 4× then a plain downscale, unless the 4× step would pass the
      // binding's side limit (a picture over 3,000 px long): then 2× and a plain 1.5× enlargement.
      const modelFactor = factor === 3 ? (Math.max(width, height) * 4 <= IMAGE_SERVICE_MAX_SIDE ? 4 : 2) : factor;
      const grow: UpscalingTransform = {
        width: width * modelFactor,
        height: height * modelFactor,
        fit: 'contain',
        upscale: 'generate',
      };
      try {
        let pipeline = env.IMAGES.input(bytesToStream(image)).transform(grow);
        if (factor === 3) pipeline = pipeline.transform({ width: width * 3, height: height * 3, fit: 'contain' });
        bill('images');
        const result = await pipeline.output(imagesOutput(output));
        return result.image();
      } catch (err) {
        throw overAllowanceAnswer(err) ?? upstreamError('upscale the image', err);
      }
    },
    detectFaces: (image) => detect(image, 'face', 'find faces in the image'),
    detectPeople: (image) => detect(image, 'person', 'find people in the image'),
  };
}
