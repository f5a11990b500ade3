import { MAX_CANVAS_DATA_CHARS } from '../../../../../core/limits';
import { HttpError } from '../../errors';
import { intake } from './intake';
import type { ImageInfo } from './sniff';

const CANVAS_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp']);
const DATA_URL = /^data:(image\/[a-z0-9.+-]+);base64,([A-Za-z0-9+/]*={0,2})$/;

/** The most bytes a canvas data URL of MAX_CANVAS_DATA_CHARS can hold (base64: 3 bytes in 4 characters). */
const CANVAS_MAX_BYTES = Math.floor((MAX_CANVAS_DATA_CHARS * 3) / 4);

/**
 * The bytes of a canvas export: only a base64 PNG, JPEG or WebP data URL whose bytes really are the type it names
 * (a PNG header under an image/jpeg label is refused), taken in by the rule of every route (`intake`).
 */
export async function decodeCanvasData(dataUrl: string): Promise<{ bytes: Uint8Array; info: ImageInfo }> {
  const match = DATA_URL.exec(dataUrl);
  if (!match) throw new HttpError(400, 'validation_failed', 'The canvas data must be a base64 image data URL.');
  const [, type, base64] = match as unknown as [string, string, string];
  if (!CANVAS_TYPES.has(type)) {
    throw new HttpError(415, 'unsupported_media_type', 'Memes can be downloaded as PNG, JPG or WebP only.');
  }
  let binary: string;
  try {
    binary = atob(base64);
  } catch {
    throw new HttpError(400, 'validation_failed', 'The canvas data is not valid base64.');
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  const picture = await intake(bytes, { maxBytes: CANVAS_MAX_BYTES });
  const info = picture.header;
  if (info.mimeType !== type) {
    throw new HttpError(
      415,
      'unsupported_media_type',
      `The canvas data says ${type} but holds a ${info.format.toUpperCase()} image.`,
    );
  }
  return { bytes: picture.bytes, info };
}
