/**
 * PNG and WebP private data removed from an allow-list of chunks (ADR 0118): the chunks that draw the picture, its
 * colour (ICC profile, gamma, chromaticities, sRGB, cICP, HDR levels), transparency, density and animation stay;
 * EXIF is rebuilt with the kinds of tags asked to stay; text, XMP, tIME (unless dates stay) and every chunk this
 * list does not name go. Pixel data chunks are copied as they are.
 */
import { pngChunk } from '../codecs/plain-png';
import { type Chunk, concat, joinWebp, pngChunks, riffChunk, startsWith, webpChunks } from './container';
import { unreadable } from '../codecs/decode';
import { rebuildExif, type ExifKeep, type ExifReport } from './exif-scrub';
import type { Stripped } from './strip-jpeg';
import { describeExif, Removed, WORDS } from './strip-words';

const PNG_KEEP = new Set([
  'IHDR',
  'PLTE',
  'IDAT',
  'IEND',
  'tRNS',
  'gAMA',
  'cHRM',
  'sRGB',
  'iCCP',
  'sBIT',
  'cICP',
  'mDCV',
  'cLLI',
  'mDCv',
  'cLLi',
  'bKGD',
  'pHYs',
  'acTL',
  'fcTL',
  'fdAT',
]);
const PNG_TEXT = new Set(['tEXt', 'zTXt', 'iTXt']);

/** An EXIF block rebuilt with what stays, described in `removed`; null when nothing is left of it. */
function exifKept(tiff: Uint8Array, keep: ExifKeep, removed: Removed): { tiff: Uint8Array | null; report: ExifReport } {
  const rebuilt = rebuildExif(tiff, keep);
  describeExif(rebuilt.report, removed, keep);
  return rebuilt;
}

export function stripPng(bytes: Uint8Array, keep: ExifKeep): Stripped {
  const chunks = pngChunks(bytes);
  if (!chunks) throw unreadable();
  const removed = new Removed();
  const out: Uint8Array[] = [bytes.subarray(0, 8)];
  let exif: ExifReport | null = null;
  for (const c of chunks) {
    if (PNG_KEEP.has(c.type)) out.push(c.raw);
    else if (c.type === 'eXIf' && !exif) {
      const rebuilt = exifKept(c.data, keep, removed);
      exif = rebuilt.report;
      if (rebuilt.tiff) out.push(pngChunk('eXIf', rebuilt.tiff));
    } else if (c.type === 'tIME' && keep.time) out.push(c.raw);
    else if (c.type === 'tIME') removed.add(WORDS.modified);
    else if (PNG_TEXT.has(c.type)) removed.add(startsWith(c.data, 'XML:com.adobe.xmp\0') ? WORDS.xmp : WORDS.textNotes);
    else if (c.type === 'caBX') removed.add(WORDS.credentials);
    else removed.add(WORDS.other);
  }
  return { bytes: concat(out), removed, exif, icc: chunks.some((c) => c.type === 'iCCP') };
}

const WEBP_KEEP = new Set(['VP8X', 'VP8 ', 'VP8L', 'ALPH', 'ANIM', 'ICCP']);
const FRAME_KEEP = new Set(['ALPH', 'VP8 ', 'VP8L']);

/** An animation frame with only its header and picture chunks (the format lets unknown chunks follow them). */
function cleanFrame(frame: Chunk, removed: Removed): Chunk {
  const inner = frame.data.length >= 16 ? webpChunks(concat([new Uint8Array(12), frame.data.subarray(16)])) : null;
  if (!inner) return frame;
  const kept = inner.filter((c) => FRAME_KEEP.has(c.type));
  removed.add(WORDS.other, inner.length - kept.length);
  return kept.length === inner.length
    ? frame
    : riffChunk('ANMF', concat([frame.data.subarray(0, 16), ...kept.map((c) => c.raw)]));
}

export function stripWebp(bytes: Uint8Array, keep: ExifKeep): Stripped {
  const chunks = webpChunks(bytes);
  if (!chunks) throw unreadable();
  const removed = new Removed();
  const kept: Chunk[] = [];
  let exif: ExifReport | null = null;
  for (const c of chunks) {
    if (WEBP_KEEP.has(c.type)) kept.push(c);
    else if (c.type === 'ANMF') kept.push(cleanFrame(c, removed));
    else if (c.type === 'EXIF' && !exif) {
      const rebuilt = exifKept(startsWith(c.data, 'Exif\0\0') ? c.data.subarray(6) : c.data, keep, removed);
      exif = rebuilt.report;
      if (rebuilt.tiff) kept.push(riffChunk('EXIF', rebuilt.tiff));
    } else if (c.type === 'XMP ') removed.add(WORDS.xmp);
    // RIFF INFO chunks some writers add (ICMT comment, IART artist, ICOP copyright, INAM title…).
    else if (/^I[A-Z]{3}$/.test(c.type)) removed.add(WORDS.textNotes);
    else removed.add(WORDS.other);
  }
  return { bytes: joinWebp(kept), removed, exif, icc: chunks.some((c) => c.type === 'ICCP') };
}
