/**
 * A JPEG's private data removed from an allow-list (ADR 0118): what is kept is the picture's structure (frame,
 * tables, scans, restart intervals), JFIF without its thumbnail, the ICC colour profile, Adobe's colour-transform
 * marker and an EXIF block rebuilt with the kinds of tags asked to stay. Every other segment, wherever it stands
 * (between the scans of a progressive JPEG too), and everything after EOI goes. The entropy-coded data is copied
 * byte for byte: the pixels are never re-encoded.
 */
import { TiffReader } from '../../../../../core/images/formats/tiff';
import { concat, jpegParts, jpegSegment, startsWith } from './container';
import { unreadable } from '../codecs/decode';
import { rebuildExif, type ExifKeep, type ExifReport } from './exif-scrub';
import { describeExif, describeSegment, Removed, WORDS } from './strip-words';

export interface Stripped {
  bytes: Uint8Array;
  removed: Removed;
  /** What the kept EXIF block holds (null: the file had none). */
  exif: ExifReport | null;
  icc: boolean;
}

/** Frame headers, Huffman and arithmetic tables, quantisation tables, restart interval, line count, hierarchical. */
const STRUCTURE = new Set([
  0xc0, 0xc1, 0xc2, 0xc3, 0xc4, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcc, 0xcd, 0xce, 0xcf, 0xda, 0xdb, 0xdc, 0xdd,
  0xde, 0xdf, 0xd9,
]);
const EXIF_HEADER = new TextEncoder().encode('Exif\0\0');
/** The most TIFF an APP1 segment holds: 65,535 less the length field and the "Exif\0\0" header. */
const APP1_MAX_TIFF = 65_535 - 2 - EXIF_HEADER.length;

/** A JFIF header (version, density) with no thumbnail; whether the old one had one. */
function jfifWithoutThumbnail(payload: Uint8Array): { segment: Uint8Array; thumbnail: boolean } {
  const header = payload.slice(0, 14);
  const thumbnail = (payload[12] ?? 0) * (payload[13] ?? 0) > 0 || payload.length > 14;
  header[12] = 0;
  header[13] = 0;
  return { segment: jpegSegment(0xe0, header), thumbnail };
}

/** How many pictures an MPF index lists (the first is the photo itself), or 0 when unreadable. */
function mpfImages(payload: Uint8Array): number {
  try {
    const tiff = new TiffReader(payload.subarray(4));
    return tiff.numbers(tiff.firstIfd().get(0xb001), 1)[0] ?? 0;
  } catch {
    return 0;
  }
}

export function stripJpeg(bytes: Uint8Array, keep: ExifKeep): Stripped {
  const parsed = jpegParts(bytes);
  if (!parsed) throw unreadable();
  const removed = new Removed();
  const out: Uint8Array[] = [bytes.subarray(0, 2)];
  let exif: ExifReport | null = null;
  let icc = false;
  let jfif = false;
  let previews = 0;
  const firstExif = parsed.parts.find((p) => p.marker === 0xe1 && startsWith(p.payload, 'Exif\0\0'));
  // The camera's Make names the maker of segments that do not name themselves, wherever they stand.
  const make = firstExif ? rebuildExif(firstExif.payload.subarray(6), keep).report.make : null;
  for (const part of parsed.parts) {
    const { marker, payload } = part;
    if (STRUCTURE.has(marker)) out.push(bytes.subarray(part.start, part.end));
    else if (marker === 0xe0 && !jfif && startsWith(payload, 'JFIF\0') && payload.length >= 14) {
      const clean = jfifWithoutThumbnail(payload);
      if (clean.thumbnail) removed.add(WORDS.thumbnail);
      out.push(clean.segment);
      jfif = true;
    } else if (marker === 0xe1 && startsWith(payload, 'Exif\0\0')) {
      let rebuilt = rebuildExif(payload.subarray(6), keep);
      // A block that cannot hold what is kept (a hostile one whose entries share their values) keeps the orientation.
      if (rebuilt.tiff && rebuilt.tiff.length > APP1_MAX_TIFF)
        rebuilt = rebuildExif(payload.subarray(6), { time: false, location: false, camera: false });
      describeExif(rebuilt.report, removed, keep);
      // Only the first EXIF block counts for readers; a second one goes whole.
      if (part !== firstExif) continue;
      exif = rebuilt.report;
      if (rebuilt.tiff) out.push(jpegSegment(0xe1, concat([EXIF_HEADER, rebuilt.tiff])));
    } else if (marker === 0xe2 && startsWith(payload, 'ICC_PROFILE\0')) {
      out.push(bytes.subarray(part.start, part.end));
      icc = true;
    } else if (marker === 0xee && startsWith(payload, 'Adobe') && payload.length >= 12) {
      // Tells a decoder whether the channels are YCbCr or RGB/CMYK: colours, not metadata.
      out.push(jpegSegment(0xee, payload.subarray(0, 12)));
    } else {
      if (marker === 0xe2 && startsWith(payload, 'MPF\0')) previews = Math.max(1, mpfImages(payload) - 1);
      describeSegment(marker, payload, make, removed);
    }
  }
  const trailer = bytes.subarray(parsed.end);
  if (trailer.length > 0) {
    if (previews > 0 || startsWith(trailer, '\xff\xd8\xff')) removed.add(WORDS.previews, Math.max(1, previews));
    else removed.add(WORDS.trailer);
  } else if (previews > 0) removed.add(WORDS.other);
  return { bytes: concat(out), removed, exif, icc };
}
