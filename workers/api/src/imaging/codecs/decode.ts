import decodeAvif from '@jsquash/avif/decode';
import decodeWebp from '@jsquash/webp/decode';
import UTIF from 'utif2';
import { readWebpAnimation, readWebpFrames } from '../../../../../core/animation';
import { HttpError } from '../../errors';
import { photonDecode, pngDecode, withEmscripten } from './codecs';
import { decodeJpegPixels } from './jpeg-decode';
import type { ImageHeader } from '../intake/sniff';
import { applyOrientation, type Raster } from './raster';
import { yieldToEventLoop } from '../slices';
import { tiffSafeToDecode } from './tiff-guard';

export const unreadable = () =>
  new HttpError(
    422,
    'unprocessable_image',
    'We could not read this image. It may be damaged or cut short; please try another file.',
  );

const raise = (err: Error): never => {
  throw err;
};

function fromImageData(img: { data: Uint8ClampedArray | Uint8Array; width: number; height: number }): Raster {
  const data =
    img.data instanceof Uint8ClampedArray
      ? img.data
      : new Uint8ClampedArray(img.data.buffer, img.data.byteOffset, img.data.byteLength);
  return { data, width: img.width, height: img.height };
}

/** A still WebP (one frame of an animation too) to RGBA. */
export const decodeStillWebp = async (bytes: Uint8Array): Promise<Raster> =>
  fromImageData(await withEmscripten('webpDec', () => decodeWebp(bytes.slice().buffer)));

async function firstWebpFrame(bytes: Uint8Array): Promise<Raster> {
  const animation = readWebpAnimation(bytes);
  if (!animation) return decodeStillWebp(bytes);
  for await (const frame of readWebpFrames(animation, decodeStillWebp))
    return fromImageData({ data: frame.rgba, width: animation.width, height: animation.height });
  throw unreadable();
}

async function decodeRaw(bytes: Uint8Array, header: ImageHeader): Promise<Raster> {
  switch (header.format) {
    case 'jpeg':
      return decodeJpegPixels(bytes);
    case 'webp':
      // An animated WebP as a still picture is its first frame as shown (core/animation/, ADR 0137).
      if (header.animated) return firstWebpFrame(bytes);
      return decodeStillWebp(bytes);
    case 'avif':
      // One call of libavif for the whole picture: at most 1,200² (intake), about twice a slice (ADR 0132).
      return fromImageData(
        (await withEmscripten('avifDec', () => decodeAvif(bytes.slice().buffer))) ?? raise(unreadable()),
      );
    case 'png': {
      // The PNG decoder skips CRC checks; the header came from sniff.ts, which checked every chunk's CRC.
      return pngDecode(bytes);
    }
    case 'tiff': {
      // utif2 trusts declared counts and IFD links: a damaged file can cost it seconds, or loop forever.
      if (!tiffSafeToDecode(bytes)) throw unreadable();
      const ifds = UTIF.decode(bytes.slice().buffer);
      const first = ifds[0];
      if (!first) throw unreadable();
      UTIF.decodeImage(bytes.slice().buffer, first);
      const rgba = UTIF.toRGBA8(first);
      return {
        data: new Uint8ClampedArray(rgba.buffer, rgba.byteOffset, rgba.byteLength),
        width: first.width,
        height: first.height,
      };
    }
    case 'gif':
    case 'bmp': {
      // photon's decoder reads the first frame of a GIF and every common BMP variant.
      return photonDecode(bytes);
    }
    default:
      // HEIC is never decoded here: the engine sends it to the image service (ADR 0132).
      throw new HttpError(
        415,
        'unsupported_media_type',
        `${header.format.toUpperCase()} pictures are not decoded here.`,
      );
  }
}

/**
 * Pictures already decoded by intake, waiting for the operation that decodes them next (ADR 0203): the tool routes'
 * intake decodes every picture that fits a slice to refuse broken pixel data, and the operation then decoded the same
 * bytes again. Keyed by the very bytes and header objects intake hands on, taken once: a second decode of them, or of
 * anything else, decodes afresh. Held no longer than the request holds the picture's bytes.
 */
const decodedAtIntake = new WeakMap<Uint8Array, { header: ImageHeader; raster: Raster }>();

/** Hands `raster`, intake's decode of `bytes`, to the next `decode(bytes, header)` of this request. */
export function keepForNextDecode(bytes: Uint8Array, header: ImageHeader, raster: Raster): void {
  decodedAtIntake.set(bytes, { header, raster });
}

/** Lets go of a kept raster no decode will take (the work went to the image service). */
export function forgetDecoded(bytes: Uint8Array): void {
  decodedAtIntake.delete(bytes);
}

/** Decodes to upright RGBA: the EXIF orientation of a JPEG is applied, so every later step sees what people see. */
export async function decode(bytes: Uint8Array, header: ImageHeader): Promise<Raster> {
  // A decode is a slice of its own (slices.ts): whatever ran before it does not add to it.
  await yieldToEventLoop();
  const kept = decodedAtIntake.get(bytes);
  if (kept?.header === header) {
    decodedAtIntake.delete(bytes);
    await yieldToEventLoop();
    return kept.raster;
  }
  let raster: Raster;
  try {
    raster = await decodeRaw(bytes, header);
  } catch (err) {
    if (err instanceof HttpError) throw err;
    throw unreadable();
  }
  if (!raster.width || !raster.height || raster.data.length < raster.width * raster.height * 4) throw unreadable();
  const upright = applyOrientation(raster, header.orientation);
  // And the step after it (the operation, a judge) starts a slice of its own.
  await yieldToEventLoop();
  return upright;
}
