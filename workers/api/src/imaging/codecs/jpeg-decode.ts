/**
 * JPEG pixels for the engine: mozjpeg, whose warnings count (libjpeg decodes a damaged scan into grey or garbage and
 * only warns: "Corrupt JPEG data", "Premature end of JPEG file"; such a file is damaged, and ImageMagick says so
 * too), and photon for the CMYK and YCCK JPEGs (print and Photoshop exports) that mozjpeg's RGBA output cannot take.
 */
import decodeJpeg from '@jsquash/jpeg/decode';
import { takeMessages } from './codec-instances';
import { photonDecode, withEmscripten } from './codecs';
import type { Raster } from './raster';

const DAMAGE = /corrupt|premature end|bogus|invalid|bad huffman/i;

/** Whether the frame header declares four components (CMYK or YCCK). */
function fourComponents(bytes: Uint8Array): boolean {
  for (let i = 2; i + 9 < bytes.length; ) {
    if (bytes[i] !== 0xff) return false;
    const marker = bytes[i + 1]!;
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return bytes[i + 9] === 4;
    i += 2 + ((bytes[i + 2]! << 8) | bytes[i + 3]!);
  }
  return false;
}

/** Decodes a JPEG to RGBA (orientation not applied); throws when the data is damaged. */
export async function decodeJpegPixels(bytes: Uint8Array): Promise<Raster> {
  if (fourComponents(bytes)) return photonDecode(bytes);
  takeMessages('jpegDec');
  const img = await withEmscripten('jpegDec', () => decodeJpeg(bytes.slice().buffer, { preserveOrientation: false }));
  const warnings = takeMessages('jpegDec').filter((m) => DAMAGE.test(m));
  if (warnings.length > 0) throw new Error(`damaged JPEG: ${warnings[0]}`);
  return {
    data: new Uint8ClampedArray(img.data.buffer as ArrayBuffer, img.data.byteOffset, img.data.byteLength),
    width: img.width,
    height: img.height,
  };
}
