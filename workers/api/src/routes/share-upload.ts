/**
 * What POST /api/shares takes (ADR 0139, ADR 0142): the upload read as the `image` file or its `url`, then sniffed and
 * held to a share's limits (format, side, bytes, frames) before anything is stored.
 */
import { z } from '../../../../core/api/zod';
import {
  SHARE_FORMATS,
  SHARE_MAX_ANIMATED_BYTES,
  SHARE_MAX_BYTES,
  SHARE_MAX_FRAMES,
  SHARE_MAX_SIDE,
  shareFormSchema,
} from '../../../../core/api/shares';
import { GifError, readGifInfo, readWebpAnimation, WebpContainerError } from '../../../../core/animation';
import { BOTH_SOURCES_MESSAGE, MISSING_SOURCE_MESSAGE, sourceUrlSchema } from '../../../../core/api/images';
import { HttpError } from '../errors';
import { readHeader } from '../imaging/engine';
import { fileBytes, readMultipart } from '../multipart';
import { fetchSource } from '../sources/fetch-source';

const MB = SHARE_MAX_BYTES / 1_000_000;
const ANIMATED_MB = SHARE_MAX_ANIMATED_BYTES / 1_000_000;
/** The picture as the `image` file or its `url` (exactly one, as every route that takes a picture, ADR 0131). */
const shareUploadSchema = shareFormSchema.extend({
  image: z.instanceof(File, { error: MISSING_SOURCE_MESSAGE }).optional(),
  url: sourceUrlSchema.optional(),
});

/** Over the larger (animated) cap before the bytes are read; over the cap of what they turn out to be after. */
const tooLarge = (animated?: boolean) =>
  new HttpError(
    413,
    'payload_too_large',
    animated === undefined
      ? `A shared meme is at most ${MB} MB, or ${ANIMATED_MB} MB when animated (a GIF or animated WebP). Please share the smaller size.`
      : animated
        ? `A shared animated meme is at most ${ANIMATED_MB} MB (the share size's GIF, 480 pixels, stays under it). Please share the smaller size or fewer frames.`
        : `A shared meme is at most ${MB} MB (${ANIMATED_MB} MB when animated). Please share the smaller size.`,
  );

/** The form's fields with the picture's bytes, read from the upload or fetched from its URL, within the larger cap. */
export async function readShareForm(request: Request) {
  const { image, url, ...form } = await readMultipart(request, shareUploadSchema);
  if (image && url !== undefined) throw new HttpError(400, 'bad_request', BOTH_SOURCES_MESSAGE);
  if (image) {
    if (image.size > SHARE_MAX_ANIMATED_BYTES) throw tooLarge();
    return { ...form, bytes: await fileBytes(image) };
  }
  if (url === undefined) throw new HttpError(400, 'validation_failed', MISSING_SOURCE_MESSAGE);
  const fetched = await fetchSource(url, { maxBytes: SHARE_MAX_ANIMATED_BYTES });
  if (fetched.bytes.byteLength > SHARE_MAX_ANIMATED_BYTES) throw tooLarge();
  return { ...form, bytes: fetched.bytes };
}

/** How many frames a GIF or animated WebP holds, read from its blocks (no pixels decoded); 1 for a still. */
function framesOf(bytes: Uint8Array, format: string, animated: boolean): number {
  try {
    if (format === 'gif') return readGifInfo(bytes).frames;
    if (format === 'webp' && animated) return readWebpAnimation(bytes)?.frames ?? 1;
    return 1;
  } catch (err) {
    if (!(err instanceof GifError || err instanceof WebpContainerError || err instanceof RangeError)) throw err;
    const kind = format === 'gif' ? 'GIF' : 'animated WebP';
    throw new HttpError(
      422,
      'unprocessable_image',
      `This ${kind} is damaged or incomplete, so it cannot be shared. Please export it again.`,
    );
  }
}

/**
 * What the bytes are (the declared type is not read: a file is what it starts as) and whether they are within a
 * share's limits: a still at most SHARE_MAX_BYTES, an animation (a GIF, or a WebP with its animation bit)
 * at most SHARE_MAX_ANIMATED_BYTES and SHARE_MAX_FRAMES frames; either at most SHARE_MAX_SIDE a side (ADR 0142).
 */
export function sniffShare(sent: Uint8Array) {
  const header = readHeader(sent);
  // A GIF the sniffer refuses is a damaged one: said as such (422), not as a format we do not take.
  if (!header && String.fromCharCode(...sent.subarray(0, 4)) === 'GIF8') framesOf(sent, 'gif', true);
  if (!header || !(SHARE_FORMATS as readonly string[]).includes(header.format)) {
    throw new HttpError(
      415,
      'unsupported_media_type',
      'A shared meme is a PNG, JPEG or WebP picture, or an animated GIF or WebP.',
    );
  }
  if (Math.max(header.width, header.height) > SHARE_MAX_SIDE) {
    throw new HttpError(
      413,
      'payload_too_large',
      `A shared meme is at most ${SHARE_MAX_SIDE} pixels a side; this one is ${header.width} × ${header.height}.`,
    );
  }
  const frames = framesOf(sent, header.format, header.animated === true);
  const animated = header.format === 'gif' || frames > 1;
  if (sent.byteLength > (animated ? SHARE_MAX_ANIMATED_BYTES : SHARE_MAX_BYTES)) throw tooLarge(animated);
  if (frames > SHARE_MAX_FRAMES) {
    throw new HttpError(
      413,
      'payload_too_large',
      `This animation has ${frames.toLocaleString('en-US')} frames; a shared meme has at most ${SHARE_MAX_FRAMES}. Please shorten it.`,
    );
  }
  return header;
}
