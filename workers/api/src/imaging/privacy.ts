/**
 * Privacy protection: removes the chosen metadata from the container without re-encoding the pixels, at any size.
 * A JPEG stored sideways (EXIF orientation ≠ 1) whose EXIF is removed keeps a new EXIF block holding only its
 * orientation, so it still shows upright. TIFF and GIF are rewritten losslessly. The log says exactly what happened.
 */
import type { PrivacyLog } from '../../../../core/api/tools';
import type { Findings } from './analyze';
import { type Chunk, concat, fixPngCrc, jpegSegments, joinJpeg, joinWebp, pngChunks, startsWith, webpChunks } from './container';
import { decode, unreadable } from './decode';
import { encode, type OutputFormat } from './encode';
import { scrubExif, type ScrubReport } from './exif-scrub';
import { displaySize, type ImageHeader } from './sniff';

export interface PrivacyRequest {
  removeExif: boolean;
  removeLocation: boolean;
  removeTimestamp: boolean;
}

export interface PrivacyResult {
  bytes: Uint8Array;
  format: OutputFormat | 'gif';
  reencoded: boolean;
  width: number;
  height: number;
  log: PrivacyLog;
}


const XMP_IDS = ['http://ns.adobe.com/xap/1.0/', 'http://ns.adobe.com/xmp/extension/'];
const latin1 = (b: Uint8Array) => String.fromCharCode(...b.subarray(0, Math.min(b.length, 65536)));

/** Whether an XMP packet must go: all of it for "remove EXIF", or when it mentions what was asked to be removed. */
function dropXmp(text: string, req: PrivacyRequest): boolean {
  return req.removeExif || (req.removeLocation && /GPS|Location/i.test(text)) || (req.removeTimestamp && /Date/i.test(text));
}

function logScrub(report: ScrubReport, log: PrivacyLog): void {
  if (report.others > 0) log.removed.push(`Camera, settings and other EXIF tags (${report.others})`);
  if (report.location) log.removed.push('GPS location');
  if (report.timestamps > 0) log.removed.push(`Date and time tags (${report.timestamps})`);
}

function describePreserved(f: Findings, req: PrivacyRequest, log: PrivacyLog): void {
  if (f.captureTime && !req.removeTimestamp) log.preserved.push('Capture date and time');
  if (f.gps && !req.removeLocation) log.preserved.push('GPS location');
  if (req.removeExif) return;
  if (f.device) log.preserved.push('Camera make and model');
  if (f.author) log.preserved.push('Author and copyright');
  if (f.software) log.preserved.push('Software');
}

/**
 * "Remove EXIF" drops the whole block only when neither the dates nor the location are to be kept; otherwise the
 * block is scrubbed of everything else, so each box does what it says (issue 18: dates were lost with the box unticked).
 */
const wholeBlock = (req: PrivacyRequest) => req.removeExif && req.removeTimestamp && req.removeLocation;
const scrubRequest = (req: PrivacyRequest) => ({ location: req.removeLocation, timestamps: req.removeTimestamp, others: req.removeExif });

/**
 * An APP1 segment whose EXIF holds one tag, the orientation: what a sideways-stored photo keeps when its EXIF is
 * removed, so viewers still turn it upright and its pixels are never re-encoded. Big-endian TIFF, one IFD0 entry.
 */
export function orientationOnlyApp1(orientation: number): Uint8Array {
  const tiff = [0x4d, 0x4d, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0, 0, 0, 0, 0];
  const payload = [...'Exif'].map((c) => c.charCodeAt(0)).concat([0, 0], tiff);
  const length = payload.length + 2;
  return new Uint8Array([0xff, 0xe1, length >> 8, length & 255, ...payload]);
}

function jpeg(bytes: Uint8Array, req: PrivacyRequest, log: PrivacyLog, orientation = 1): Uint8Array {
  const parsed = jpegSegments(bytes);
  if (!parsed) throw unreadable();
  const kept = [];
  const copy = bytes.slice();
  let upright: Uint8Array | null = null;
  for (const seg of parsed.segments) {
    const { marker, payload } = seg;
    if (marker === 0xe1 && startsWith(payload, 'Exif\0')) {
      if (wholeBlock(req)) {
        log.removed.push('EXIF block (camera, settings, location, dates)');
        if (orientation !== 1) {
          upright = orientationOnlyApp1(orientation);
          // The new block stands where the old one stood (joinJpeg copies segments out of `source`).
          kept.push({ marker: 0xe1, start: copy.length, end: copy.length + upright.length, payload: upright.subarray(4) });
          log.actions.push(`Kept only the orientation tag (${orientation}), so the photo still shows upright.`);
        }
        continue;
      }
      logScrub(scrubExif(copy.subarray(seg.start + 10, seg.end), scrubRequest(req)), log);
    } else if (marker === 0xe1 && XMP_IDS.some((id) => startsWith(payload, id))) {
      if (dropXmp(latin1(payload), req)) {
        log.removed.push('XMP metadata');
        continue;
      }
    } else if ((marker === 0xed || marker === 0xfe) && req.removeExif) {
      log.removed.push(marker === 0xed ? 'IPTC / Photoshop metadata' : 'JPEG comment');
      continue;
    } else if (marker === 0xe2 && startsWith(payload, 'ICC_PROFILE')) {
      if (!log.preserved.includes('ICC colour profile')) log.preserved.push('ICC colour profile');
    }
    kept.push(seg);
  }
  const source = upright ? concat([copy, upright]) : copy;
  return joinJpeg(kept, source, copy.subarray(bytes.length - parsed.rest.length));
}

const PNG_TEXT = new Set(['tEXt', 'iTXt', 'zTXt']);

function png(bytes: Uint8Array, req: PrivacyRequest, log: PrivacyLog): Uint8Array {
  const chunks = pngChunks(bytes.slice());
  if (!chunks) throw unreadable();
  const kept: Chunk[] = [];
  let texts = 0;
  for (const c of chunks) {
    if (c.type === 'eXIf') {
      if (wholeBlock(req)) {
        log.removed.push('EXIF chunk');
        continue;
      }
      logScrub(scrubExif(c.data, scrubRequest(req)), log);
      fixPngCrc(c);
    } else if (PNG_TEXT.has(c.type)) {
      const text = latin1(c.data);
      if (req.removeExif || (req.removeLocation && /GPS|Location/i.test(text)) || (req.removeTimestamp && /time|date/i.test(text))) {
        texts++;
        continue;
      }
    } else if (c.type === 'tIME' && req.removeTimestamp) {
      log.removed.push('Modification time (tIME)');
      continue;
    } else if (c.type === 'iCCP') log.preserved.push('ICC colour profile');
    kept.push(c);
  }
  if (texts > 0) log.removed.push(`Text chunks (${texts})`);
  return concat([bytes.subarray(0, 8), ...kept.map((c) => c.raw)]);
}

function webp(bytes: Uint8Array, req: PrivacyRequest, log: PrivacyLog): Uint8Array {
  const chunks = webpChunks(bytes.slice());
  if (!chunks) throw unreadable();
  const kept: Chunk[] = [];
  for (const c of chunks) {
    if (c.type === 'EXIF') {
      if (wholeBlock(req)) {
        log.removed.push('EXIF chunk');
        continue;
      }
      const tiff = startsWith(c.data, 'Exif\0\0') ? c.data.subarray(6) : c.data;
      logScrub(scrubExif(tiff, scrubRequest(req)), log);
    } else if (c.type === 'XMP ' && dropXmp(latin1(c.data), req)) {
      log.removed.push('XMP metadata');
      continue;
    } else if (c.type === 'ICCP') log.preserved.push('ICC colour profile');
    kept.push(c);
  }
  return joinWebp(kept);
}

export async function protectPrivacy(bytes: Uint8Array, header: ImageHeader, req: PrivacyRequest, findings: Findings): Promise<PrivacyResult> {
  const log: PrivacyLog = { removed: [], actions: [], preserved: [] };
  // The size people see: a sideways-stored photo keeps its orientation tag, so it shows upright.
  const base = { ...displaySize(header), log };
  describePreserved(findings, req, log);
  if (header.format === 'jpeg' || header.format === 'png' || header.format === 'webp') {
    const out = header.format === 'jpeg' ? jpeg(bytes, req, log, header.orientation) : header.format === 'png' ? png(bytes, req, log) : webp(bytes, req, log);
    log.actions.push(log.removed.length > 0 ? 'Removed the metadata from the file without re-encoding the picture.' : 'No matching metadata was found; the file is unchanged.');
    log.preserved.unshift('Image pixels (not re-encoded)');
    return { ...base, bytes: out, format: header.format, reencoded: false };
  }
  if (header.format === 'bmp') {
    log.actions.push('BMP files carry no metadata; the file is unchanged.');
    log.preserved.push('Image pixels (not re-encoded)');
    return { ...base, bytes, format: 'bmp', reencoded: false };
  }
  // TIFF and GIF keep metadata in structures we do not edit: a clean copy is written instead.
  const raster = await decode(bytes, header);
  const format: OutputFormat = header.format === 'tiff' ? 'tiff' : 'png';
  const out = await encode(raster, format, { quality: 100 });
  log.removed.push('All metadata');
  log.actions.push(`Re-encoded losslessly as ${format.toUpperCase()}, which writes no metadata${header.format === 'gif' ? ' (first frame of the GIF)' : ''}.`);
  log.preserved.push('Image pixels (lossless copy)');
  return { ...base, bytes: out, format, reencoded: true, width: raster.width, height: raster.height };
}
