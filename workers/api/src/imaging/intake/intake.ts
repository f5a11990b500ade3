/**
 * The one door every client picture comes through (ADR 0012): the upload, every tool route, metadata analysis,
 * privacy removal, the AI routes that read a picture and saved memes all call `intake`, so a file is accepted or
 * refused by the same rule, with the same status and words, wherever it is sent.
 *
 * The rule: the shared header rule of core/images/intake.ts (format from the bytes, in ACCEPTED_FORMATS, structure,
 * pixel budget, a size every tool can work on), then the picture is decoded with the engine's own decoders when it
 * fits the isolate's decode budget, so a file whose pixel data is broken is refused here, by format, and never
 * stored or handed to a tool. Only the image's own bytes go on: anything appended after its end is cut
 * (core/images/extent.ts); privacy removal alone also gets the file as sent, to name in its log what it removed.
 */
import {
  checkFileSize,
  pictureProblem,
  sniffProblem,
  undecodableMessage,
  type IntakeProblem,
  type PictureRule,
} from '../../../../../core/images/intake';
import { imageEnd } from '../../../../../core/images/extent';
import type { ImageFormat } from '../../../../../core/images/kinds';
import { MAX_IMAGE_PIXELS, MAX_UPLOAD_BYTES } from '../../../../../core/limits';
import { HttpError } from '../../errors';
import { decode, keepForNextDecode } from '../codecs/decode';
import type { Picture } from '../types';
import { WASM_PIXEL_BUDGET } from '../options';
import { decodeSlicePixels } from '../slices';
import { displaySize, sniffImage } from './sniff';

/**
 * Pictures up to this size are decoded at intake: the in-isolate operations' memory budget and one time slice of
 * the format's decoder (slices.ts), so a decode here never costs more than a tool's would. Larger ones go to the
 * image service for every operation; their header and structure are checked, their pixels not decoded here.
 */
export const intakeDecodeMaxPixels = (format: ImageFormat) =>
  Math.min(WASM_PIXEL_BUDGET.compress, decodeSlicePixels(format));

const refuse = (problem: IntakeProblem) => new HttpError(problem.status, problem.code, problem.message);

/**
 * Accepts a client's picture or throws the 4xx that says why. `maxBytes` is the route's file limit (a saved meme's
 * canvas may be larger than an upload), `everyFrame` the upload's (PictureRule); everything else is the same for
 * every route.
 */
export async function intake(
  received: Uint8Array,
  {
    maxBytes = MAX_UPLOAD_BYTES,
    everyFrame = false,
    keepPixels = false,
  }: {
    maxBytes?: number;
    /** The caller works on the pixels next (a tool's operation): the decode made here is handed to it (ADR 0203). */
    keepPixels?: boolean;
  } & PictureRule = {},
): Promise<Picture> {
  const sizeProblem = checkFileSize(received.length, maxBytes);
  if (sizeProblem) throw refuse(sizeProblem);
  const sniffed = sniffImage(received, { maxPixels: MAX_IMAGE_PIXELS });
  if (!sniffed.ok) throw refuse(sniffProblem(sniffed, MAX_IMAGE_PIXELS));
  const header = sniffed.info;
  const problem = pictureProblem(header, { everyFrame });
  if (problem) throw refuse(problem);
  const bytes = received.subarray(0, imageEnd(received, header.format));
  // Within a slice of the isolate's thread too (slices.ts, ADR 0122): a larger picture is the image service's work.
  if (header.width * header.height <= intakeDecodeMaxPixels(header.format)) {
    try {
      const raster = await decode(bytes, header);
      if (keepPixels) keepForNextDecode(bytes, header, raster);
    } catch (err) {
      if (err instanceof HttpError && err.status === 422)
        throw new HttpError(422, 'unprocessable_image', undecodableMessage(header.format));
      throw err;
    }
  }
  return { bytes, header, upright: displaySize(header), ...(bytes.length < received.length ? { received } : {}) };
}
