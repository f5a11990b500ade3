import { z } from 'zod';
import { HttpError } from '../errors';
import { captionsFromBank } from './caption-bank';
import { offlineMemes } from './offline-memes';
// The header reader from core/, not the engine's front door: local-ai's Node tests load this provider, and the engine
// would bring the WASM codecs with it.
import { readHeader } from '../../../../core/images/sniff';
import { cancelled } from '../cancel';
import type { AiCallOptions, AiOutput, AiProvider, Box, ImageStream } from './provider';
import { asBody, toBytes } from './upstream';

/**
 * Offline: the Node service in local-ai/ (started by `npm start`) runs models whose weights ship in npm packages.
 * The Worker sends image bytes over loopback and gets JSON or image bytes back. Every call has a deadline, so a
 * stopped or stuck service is a clean 503, never a hang.
 */
export const LOCAL_NOT_RUNNING =
  'The local AI service is not running. Start the app with `npm start` (it starts the service), or try again in a moment.';
export const OFFLINE_CAPTIONS_NOTE =
  'Offline mode: these captions come from the built-in caption bank, not an AI model.';
export const OFFLINE_PICTURE_CAPTIONS_NOTE =
  'Offline mode: these captions come from the built-in caption bank, not an AI model, so they do not describe your picture.';
export const OFFLINE_PREVIEW_NOTE =
  'Offline preview: real image generation needs Workers AI, so this card only shows your prompt.';

/** Detection is quick; upscaling and background removal of a large photo on a laptop CPU can take a minute. */
export const LOCAL_TIMEOUTS_MS = { detect: 30_000, heavy: 180_000, card: 15_000 };

const boxesSchema = z.object({
  boxes: z.array(z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number(), score: z.number() })),
});
const serviceErrorSchema = z.object({ error: z.string() });

export interface LocalBindings {
  LOCAL_AI_URL: string;
}

export function localProvider(
  env: LocalBindings,
  fetcher: typeof fetch = fetch,
  timeouts = LOCAL_TIMEOUTS_MS,
): AiProvider {
  const base = env.LOCAL_AI_URL.replace(/\/+$/, '');

  async function call(
    path: string,
    body: BodyInit,
    contentType: string,
    timeoutMs: number,
    what: string,
    cancel?: AbortSignal,
  ): Promise<Response> {
    if (!base) throw new HttpError(503, 'ai_not_configured', LOCAL_NOT_RUNNING);
    let res: Response;
    try {
      // Cancelling the job closes the connection, and the service stops the work it was doing for it.
      const deadline = AbortSignal.timeout(timeoutMs);
      res = await fetcher(`${base}${path}`, {
        method: 'POST',
        body,
        headers: { 'content-type': contentType },
        signal: cancel ? AbortSignal.any([cancel, deadline]) : deadline,
      });
    } catch (err) {
      if (cancel?.aborted) throw cancelled();
      const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
      throw new HttpError(
        503,
        'ai_upstream_error',
        timedOut
          ? `The local AI service took too long to ${what}. Please try again with a smaller image.`
          : LOCAL_NOT_RUNNING,
      );
    }
    if (res.ok) return res;
    const parsed = serviceErrorSchema.safeParse(await res.json().catch(() => null));
    const message = parsed.success ? parsed.data.error : `The local AI service could not ${what}.`;
    if (res.status === 415 || res.status === 422) throw new HttpError(422, 'unprocessable_image', message);
    if (res.status === 413) throw new HttpError(413, 'payload_too_large', message);
    throw new HttpError(res.status === 503 ? 503 : 502, 'ai_upstream_error', message);
  }

  function imageType(image: Uint8Array) {
    const h = readHeader(image);
    if (!h) throw new HttpError(415, 'unsupported_media_type', 'Please upload a PNG, JPEG, GIF or WebP image.');
    return h.mimeType;
  }

  async function boxes(path: string, image: Uint8Array, what: string, options?: AiCallOptions): Promise<Box[]> {
    const res = await call(path, asBody(image), imageType(image), timeouts.detect, what, options?.signal);
    const parsed = boxesSchema.safeParse(await res.json().catch(() => null));
    if (!parsed.success)
      throw new HttpError(502, 'ai_upstream_error', `The local AI service answered oddly when asked to ${what}.`);
    return parsed.data.boxes;
  }

  /** The service writes the result in the format asked for; its body goes on as a stream (checked where it is stored). */
  async function imageOut(
    path: string,
    image: Uint8Array,
    output: AiOutput,
    what: string,
    options?: AiCallOptions,
  ): Promise<ImageStream> {
    const query = new URLSearchParams({
      format: output.format,
      ...(output.quality === undefined ? {} : { quality: String(output.quality) }),
    });
    const res = await call(
      `${path}${path.includes('?') ? '&' : '?'}${query}`,
      asBody(image),
      imageType(image),
      timeouts.heavy,
      what,
      options?.signal,
    );
    if (!res.body || !(res.headers.get('content-type') ?? '').startsWith('image/')) {
      await res.body?.cancel();
      throw new HttpError(502, 'ai_upstream_error', `The local AI service answered oddly when asked to ${what}.`);
    }
    return res.body;
  }

  return {
    name: 'local',
    async generateImage(prompt) {
      const res = await call(
        '/preview-card',
        JSON.stringify({ prompt }),
        'application/json',
        timeouts.card,
        'draw the preview card',
      );
      const bytes = await toBytes(res);
      return { bytes, contentType: 'image/png', isPlaceholder: true, note: OFFLINE_PREVIEW_NOTE };
    },
    async suggestCaptions(template, context, picture) {
      return {
        captions: captionsFromBank(template, context),
        source: 'bank',
        note: picture ? OFFLINE_PICTURE_CAPTIONS_NOTE : OFFLINE_CAPTIONS_NOTE,
      };
    },
    // Offline there is no language model: the stand-in picks by keywords and says so (ADR 0173).
    suggestMemes: async (catalogue, request) => offlineMemes(catalogue, request),
    removeBackground: (image, output, options) =>
      imageOut('/remove-background', image, output, 'remove the background', options),
    upscale: (image, factor, output, options) =>
      imageOut(`/upscale?factor=${factor}`, image, output, 'upscale the image', options),
    detectFaces: (image, options) => boxes('/faces', image, 'find faces', options),
    detectPeople: (image, options) => boxes('/people', image, 'find people', options),
  };
}
