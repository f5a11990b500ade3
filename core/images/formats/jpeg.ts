import { ImageProblem, type HeaderInfo, type ReadOptions, ascii, checkDimensions, corrupt, need, view } from './shared';
import { TiffReader, orientationOf } from './tiff';

/** Start-of-frame markers (baseline, progressive, lossless, arithmetic); not DHT (C4), JPG (C8) or DAC (CC). */
const isStartOfFrame = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;

/**
 * Walks the marker segments up to the first scan: the frame header gives the size, an APP1 Exif block the
 * orientation. A JPEG with no end-of-image marker after its scan data was cut off in transit.
 */
export function readJpeg(bytes: Uint8Array, options: ReadOptions): HeaderInfo {
  const dv = view(bytes);
  let offset = 2;
  let orientation = 1;
  let frame: HeaderInfo | undefined;
  for (;;) {
    need(bytes, offset + 2);
    if (bytes[offset] !== 0xff)
      throw corrupt(offset === 2 ? 'no marker after the start-of-image marker' : `no marker at byte ${offset}`);
    while (bytes[offset + 1] === 0xff) offset++; // fill bytes
    const marker = bytes[offset + 1]!;
    offset += 2;
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue;
    if (marker === 0xd8 || marker === 0xd9) throw corrupt('no image before end of file');
    need(bytes, offset + 2);
    const length = dv.getUint16(offset);
    const end = offset + length;
    if (length < 2) throw corrupt('bad segment length');
    need(bytes, end);
    if (marker === 0xe1 && length > 8 && ascii(bytes, offset + 2, 6) === 'Exif\0\0') {
      orientation = exifOrientation(bytes.subarray(offset + 8, end));
    } else if (isStartOfFrame(marker) && !frame) {
      need(bytes, offset + 7);
      const precision = bytes[offset + 2];
      if (precision !== 8) throw new ImageProblem('unsupported', `${precision}-bit JPEG`);
      const height = dv.getUint16(offset + 3);
      const width = dv.getUint16(offset + 5);
      checkDimensions(width, height, options);
      frame = { width, height, orientation };
    } else if (marker === 0xda) {
      if (!frame) throw corrupt('scan before frame header');
      if (!options.prefix && !hasEndMarker(bytes, end)) throw corrupt('cut short: no end-of-image marker');
      return { ...frame, orientation };
    }
    offset = end;
  }
}

/** 0xFF 0xD9 cannot occur inside entropy-coded data (0xFF is always stuffed), so finding it means the end is there. */
function hasEndMarker(bytes: Uint8Array, from: number): boolean {
  for (let i = bytes.length - 2; i >= from; i--) {
    if (bytes[i] === 0xff && bytes[i + 1] === 0xd9) return true;
  }
  return false;
}

/** A broken or hostile EXIF block is ignored (treated as upright), never a reason to refuse the picture. */
function exifOrientation(tiffBytes: Uint8Array): number {
  try {
    return orientationOf(new TiffReader(tiffBytes));
  } catch {
    return 1;
  }
}
