/**
 * A logo watermark's own picture, the `logo` file of POST /api/security: a PNG or WebP of at most
 * WATERMARK_LOGO_MAX_BYTES and WATERMARK_LOGO_MAX_SIDE a side, refused with the same codes as a picture (ADR 0163).
 * Read here, decoded in the isolate when the plan runs (it is small), and scaled to the size the watermark asks.
 */
import { formatBytes } from '../../../../../../core/file-size';
import { FORMAT_NAMES } from '../../../../../../core/images/kinds';
import {
  WATERMARK_LOGO_FORMATS,
  WATERMARK_LOGO_MAX_BYTES,
  WATERMARK_LOGO_MAX_SIDE,
} from '../../../../../../core/tools/watermark';
import { HttpError } from '../../../errors';
import { decode } from '../../codecs/decode';
import { resize } from '../../codecs/pixels';
import type { Raster } from '../../codecs/raster';
import { displaySize, sniffImage, type ImageHeader } from '../../intake/sniff';

export interface Logo {
  bytes: Uint8Array;
  header: ImageHeader;
}

const SIDE = `${WATERMARK_LOGO_MAX_SIDE.toLocaleString('en-US')} px`;

/** The `logo` file checked: its size, that it is a PNG or WebP, and its sides. Nothing is decoded yet. */
export async function readLogo(file: File): Promise<Logo> {
  if (file.size === 0) throw new HttpError(400, 'validation_failed', 'The logo file is empty. Please choose a PNG.');
  if (file.size > WATERMARK_LOGO_MAX_BYTES)
    throw new HttpError(
      413,
      'payload_too_large',
      `The logo is larger than ${formatBytes(WATERMARK_LOGO_MAX_BYTES)}. Please send a smaller PNG.`,
    );
  const bytes = new Uint8Array(await file.arrayBuffer());
  const sniffed = sniffImage(bytes, { maxPixels: WATERMARK_LOGO_MAX_SIDE * WATERMARK_LOGO_MAX_SIDE });
  if (!sniffed.ok) {
    if (sniffed.problem === 'too_many_pixels')
      throw new HttpError(
        413,
        'payload_too_large',
        `The logo may be at most ${SIDE} a side. Please send a smaller PNG.`,
      );
    if (sniffed.format)
      throw new HttpError(
        422,
        'unprocessable_image',
        `The logo ${FORMAT_NAMES[sniffed.format]} could not be read: it may be damaged. Please send it again as a PNG.`,
      );
    // A file we recognise is named (core/images/foreign.ts): "JPEG XL pictures are not accepted".
    throw new HttpError(
      415,
      'unsupported_media_type',
      `The logo must be a PNG or WebP picture${sniffed.foreign ? `: ${sniffed.foreign} are not accepted` : ''}.`,
    );
  }
  const { info } = sniffed;
  if (!(WATERMARK_LOGO_FORMATS as readonly string[]).includes(info.format)) {
    throw new HttpError(
      415,
      'unsupported_media_type',
      `The logo must be a PNG or WebP picture (a logo keeps its transparent background); this one is a ${FORMAT_NAMES[info.format]}.`,
    );
  }
  if (Math.max(info.width, info.height) > WATERMARK_LOGO_MAX_SIDE)
    throw new HttpError(413, 'payload_too_large', `The logo may be at most ${SIDE} a side. Please send a smaller PNG.`);
  return { bytes, header: info };
}

/** The logo's upright size, before it is scaled. */
export const logoBox = (logo: Logo) => displaySize(logo.header);

/** The logo decoded (its first frame, if animated) and scaled to `width` × `height`. */
export async function logoRaster(logo: Logo, width: number, height: number): Promise<Raster> {
  return resize(await decode(logo.bytes, logo.header), width, height);
}
