import { AI_INPUT_FORMATS, AI_INPUT_MAX_BYTES } from '../../../../core/tools/ai-options';
import { HttpError } from '../errors';
import { captionsFromBank } from './caption-bank';
import { offlineMemes } from './offline-memes';
import { encode, plainPng, readHeader } from '../imaging/engine';
import { cancelled, throwIfCancelled } from '../cancel';
import type { AiCallOptions, AiOutput, AiProvider, Box, ImageStream } from './provider';
import { bytesToStream } from './upstream';

/**
 * The deterministic provider of the Worker tests: real, decodable images of the right size and format (streamed,
 * like the real ones) and fixed boxes, with no model behind them. Tests make it fail on purpose (to exercise refunds and error answers) with the markers below,
 * in a prompt, a caption context, or anywhere inside image bytes (e.g. appended after the image data).
 */
export const FAKE_FAIL_MARKER = 'fake-ai-fail';
export const FAKE_UNAVAILABLE_MARKER = 'fake-ai-unavailable';
/** Image work on bytes with this takes FAKE_SLOW_MS unless cancelled first (tests of progress and cancel). */
export const FAKE_SLOW_MARKER = 'fake-ai-slow';
export const FAKE_SLOW_MS = 10_000;
/** A picture with this has nobody in it: face and people detection find nothing, background removal no subject. */
export const FAKE_NOBODY_MARKER = 'fake-ai-nobody';
/**
 * A picture with this, followed by `x,y,width,height` as fractions of the picture (several boxes joined by `;`; the
 * list ends at the first other character), has its faces there: e.g. `fake-ai-faces:0.05,0.3,0.2,0.25`.
 */
export const FAKE_FACES_MARKER = 'fake-ai-faces:';
/** A prompt with this answers like the offline provider: a labelled preview card, not a generation. */
export const FAKE_PLACEHOLDER_MARKER = 'fake-ai-placeholder';

export const FAKE_GENERATED_SIZE = 64;

const encoder = new TextEncoder();

function contains(haystack: Uint8Array, needle: string): boolean {
  const n = encoder.encode(needle);
  outer: for (let i = 0; i + n.length <= haystack.length; i++) {
    for (let j = 0; j < n.length; j++) if (haystack[i + j] !== n[j]) continue outer;
    return true;
  }
  return false;
}

function failIfAsked(input: string | Uint8Array) {
  const has = (marker: string) => (typeof input === 'string' ? input.includes(marker) : contains(input, marker));
  if (has(FAKE_UNAVAILABLE_MARKER)) {
    throw new HttpError(503, 'ai_upstream_error', 'The AI service is busy right now. Please try again in a minute.');
  }
  if (has(FAKE_FAIL_MARKER))
    throw new HttpError(502, 'ai_upstream_error', 'The AI service failed to answer. Please try again.');
}

/** The face boxes a FAKE_FACES_MARKER in the image names, in its pixels; null when it has none. */
function markedFaces(image: Uint8Array, width: number, height: number): Box[] | null {
  const n = encoder.encode(FAKE_FACES_MARKER);
  outer: for (let i = 0; i + n.length <= image.length; i++) {
    for (let j = 0; j < n.length; j++) if (image[i + j] !== n[j]) continue outer;
    let text = '';
    for (
      let k = i + n.length;
      k < image.length && '0123456789.,;'.includes(String.fromCharCode(image[k]!)) && text.length < 200;
      k++
    )
      text += String.fromCharCode(image[k]!);
    return text.split(';').map((part) => {
      const [x = 0, y = 0, w = 0, h = 0] = part.split(',').map(Number);
      return {
        x: Math.round(x * width),
        y: Math.round(y * height),
        width: Math.round(w * width),
        height: Math.round(h * height),
        score: 0.99,
      };
    });
  }
  return null;
}

/** Waits like a slow model would, and stops at once when the call is cancelled. */
async function slowIfAsked(image: Uint8Array, options?: AiCallOptions): Promise<void> {
  if (!contains(image, FAKE_SLOW_MARKER)) return;
  const signal = options?.signal;
  throwIfCancelled(signal);
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, FAKE_SLOW_MS);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(cancelled());
    });
  });
}

function sizeOf(image: Uint8Array) {
  const header = readHeader(image);
  if (!header) throw new HttpError(415, 'unsupported_media_type', 'Please upload a PNG, JPEG, GIF or WebP image.');
  return header;
}

/** A picture to work on, refused as the real providers refuse it: a format they do not read, or over their limit. */
function workedOn(image: Uint8Array) {
  const header = sizeOf(image);
  // local-ai/ answers these words for a HEIC or AVIF, and its 413 past AI_INPUT_MAX_BYTES.
  if (!AI_INPUT_FORMATS.includes(header.format))
    throw new HttpError(
      422,
      'unprocessable_image',
      'The image could not be read. Please upload a PNG, JPEG, GIF or WebP image.',
    );
  if (image.length > AI_INPUT_MAX_BYTES)
    throw new HttpError(413, 'payload_too_large', 'The image is too large for the local AI service.');
  return header;
}

/** A horizontal gradient whose colour depends on the seed, so different seeds give different bytes. */
function gradientPixels(width: number, height: number, seed: number, alpha?: (x: number, y: number) => number) {
  const channels = alpha ? 4 : 3;
  const px = new Uint8Array(width * height * channels);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * channels;
      px[i] = (seed * 37 + x * 4) & 0xff;
      px[i + 1] = (seed * 91 + y * 4) & 0xff;
      px[i + 2] = (seed * 53) & 0xff;
      if (alpha) px[i + 3] = alpha(x, y);
    }
  }
  return { px, channels: channels as 3 | 4 };
}

function gradient(width: number, height: number, seed: number, alpha?: (x: number, y: number) => number) {
  const { px, channels } = gradientPixels(width, height, seed, alpha);
  return plainPng(px, width, height, channels);
}

/** The gradient in the format asked for, as a stream (JPEG and WebP through the engine's own encoders). */
async function gradientStream(
  width: number,
  height: number,
  seed: number,
  output: AiOutput,
  alpha?: (x: number, y: number) => number,
): Promise<ImageStream> {
  if (output.format === 'png') return bytesToStream(gradient(width, height, seed, alpha));
  const { px, channels } = gradientPixels(width, height, seed, alpha);
  const data = new Uint8ClampedArray(width * height * 4);
  for (let i = 0, j = 0; i < data.length; i += 4, j += channels) {
    data[i] = px[j]!;
    data[i + 1] = px[j + 1]!;
    data[i + 2] = px[j + 2]!;
    data[i + 3] = channels === 4 ? px[j + 3]! : 255;
  }
  return bytesToStream(await encode({ data, width, height }, output.format, { quality: output.quality ?? 90 }));
}

function promptSeed(prompt: string) {
  let h = 0;
  for (let i = 0; i < prompt.length; i++) h = (h * 31 + prompt.charCodeAt(i)) >>> 0;
  return h;
}

/** A subject in the middle half of the image: the fake's face, person and foreground. */
export function fakeSubjectBox(width: number, height: number): Box {
  return {
    x: Math.round(width / 4),
    y: Math.round(height / 4),
    width: Math.round(width / 2),
    height: Math.round(height / 2),
    score: 0.99,
  };
}

export const fakeProvider: AiProvider = {
  name: 'fake',
  async generateImage(prompt, seed) {
    failIfAsked(prompt);
    const bytes = gradient(FAKE_GENERATED_SIZE, FAKE_GENERATED_SIZE, seed ?? promptSeed(prompt));
    const isPlaceholder = prompt.includes(FAKE_PLACEHOLDER_MARKER);
    return {
      bytes,
      contentType: 'image/png',
      isPlaceholder,
      ...(isPlaceholder ? { note: 'Offline preview (test).' } : {}),
    };
  },
  async suggestCaptions(template, context, picture) {
    failIfAsked(context);
    if (picture) sizeOf(picture);
    return { captions: captionsFromBank(template, context), source: 'bank' };
  },
  async suggestMemes(catalogue, request) {
    failIfAsked(request.topic);
    return offlineMemes(catalogue, request);
  },
  async removeBackground(image, output, options) {
    failIfAsked(image);
    await slowIfAsked(image, options);
    const { width, height } = workedOn(image);
    const box = fakeSubjectBox(width, height);
    // Nobody in it: no subject either, a cut-out all transparent (a landscape's).
    const nobody = contains(image, FAKE_NOBODY_MARKER);
    const inside = (x: number, y: number) =>
      !nobody && x >= box.x && x < box.x + box.width && y >= box.y && y < box.y + box.height;
    return gradientStream(width, height, 1, output, (x, y) => (inside(x, y) ? 255 : 0));
  },
  async upscale(image, factor, output, options) {
    failIfAsked(image);
    await slowIfAsked(image, options);
    const { width, height } = workedOn(image);
    return gradientStream(width * factor, height * factor, factor, output);
  },
  async detectFaces(image, options) {
    failIfAsked(image);
    await slowIfAsked(image, options);
    if (contains(image, FAKE_NOBODY_MARKER)) return [];
    const { width, height } = workedOn(image);
    return markedFaces(image, width, height) ?? [fakeSubjectBox(width, height)];
  },
  async detectPeople(image) {
    failIfAsked(image);
    if (contains(image, FAKE_NOBODY_MARKER)) return [];
    const { width, height } = workedOn(image);
    const face = fakeSubjectBox(width, height);
    return [{ x: face.x, y: face.y, width: face.width, height: height - face.y, score: 0.95 }];
  },
};
