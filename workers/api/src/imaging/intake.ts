/**
 * The Worker's notion of "a usable image" for POST /api/upload: what the engine can process. The header rule
 * (`assertImage`: format from the bytes, structure, pixel budget) comes first; then the picture is decoded with the
 * engine's own decoders when it fits the isolate's decode budget, so a file whose pixel data is broken is refused
 * here with words, not accepted and refused by every tool later. Only the image's own bytes are kept: anything
 * appended after its end is cut (core/images/extent.ts).
 */
import { undecodableMessage } from '../../../../core/images/intake';
import { imageEnd } from '../../../../core/images/extent';
import { HttpError } from '../errors';
import { assertImage } from './assert-image';
import { decode } from './decode';
import { WASM_PIXEL_BUDGET } from './options';
import { decodeSlicePixels } from './slices';
import type { ImageInfo } from './sniff';

/**
 * Pictures up to this size are decoded at upload (the in-isolate operations' budget, so a decode here never needs
 * more memory than a tool would). Larger ones go to the image service for every operation; their header and
 * structure are checked, their pixels are not decoded in the isolate.
 */
export const UPLOAD_DECODE_MAX_PIXELS = WASM_PIXEL_BUDGET.compress;

export async function acceptUpload(received: Uint8Array): Promise<{ info: ImageInfo; bytes: Uint8Array }> {
  const info = assertImage(received);
  const bytes = received.subarray(0, imageEnd(received, info.format));
  // AVIF is accepted for the editor (browsers draw it) but no engine decoder reads it yet (the tools say so).
  // Within a slice of the isolate's thread too (slices.ts, ADR 0122): a larger picture is the image service's work.
  if (info.format !== 'avif' && info.width * info.height <= Math.min(UPLOAD_DECODE_MAX_PIXELS, decodeSlicePixels(info.format))) {
    try {
      await decode(bytes, info);
    } catch (err) {
      if (err instanceof HttpError && err.status === 422) {
        throw new HttpError(422, 'unprocessable_image', undecodableMessage(info.format));
      }
      throw err;
    }
  }
  return { info, bytes };
}
