import { UNSUPPORTED_IMAGE_MESSAGE } from '../../../../core/api/images';
import { MAX_IMAGE_PIXELS } from '../../../../core/limits';
import { HttpError } from '../errors';
import { type ImageInfo, sniffImage } from './sniff';

/**
 * The HTTP face of `sniffImage`: unknown formats are 415, too many pixels 413, damaged files 422.
 * Every route that takes an image from a client goes through here before doing anything else with it.
 */
export function assertImage(bytes: Uint8Array, maxPixels = MAX_IMAGE_PIXELS): ImageInfo {
  const result = sniffImage(bytes, { maxPixels });
  if (result.ok) return result.info;
  switch (result.problem) {
    case 'unknown_format':
      throw new HttpError(415, 'unsupported_media_type', UNSUPPORTED_IMAGE_MESSAGE);
    case 'too_many_pixels':
      throw new HttpError(
        413,
        'payload_too_large',
        `This image has too many pixels. Please upload an image under ${Math.floor(maxPixels / 1_000_000)} megapixels.`,
      );
    case 'unsupported':
      throw new HttpError(422, 'unprocessable_image', 'This image uses a format variant browsers cannot show. Please convert it to a standard JPG or PNG.');
    case 'corrupt':
      throw new HttpError(422, 'unprocessable_image', 'This image file is damaged or incomplete. Please try a different image.');
  }
}
