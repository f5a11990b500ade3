/**
 * Private metadata removed from a picture's container without re-encoding its pixels (ADR 0118), for any operation
 * that answers a person's own file: Privacy itself, and Compress where it keeps the original (ops/compress/
 * keep-original.ts). What stays is chosen from an allow-list: the picture, its colour profile, its orientation, and
 * the kinds of EXIF tags the person asked to keep. A GIF loses its comments and application extensions in place,
 * every frame kept; TIFF is rewritten losslessly. The log says exactly what went, in plain words.
 */
import type { PrivacyLog } from '../../../../../core/api/tools';
import { GifError, stripGifMetadata } from '../../../../../core/animation';
import { HttpError } from '../../errors';
import { decode } from '../codecs/decode';
import { encode, type OutputFormat } from '../codecs/encode';
import { displaySize, type ImageHeader } from '../intake/sniff';
import type { ExifKeep, ExifKind } from './exif-scrub';
import { readProfile } from './icc';
import { stripPng, stripWebp } from './strip-chunks';
import { stripJpeg, type Stripped } from './strip-jpeg';

/** A GIF's metadata removed in place; a block structure intake let through but this reader cannot walk is a 422. */
function gifWithoutMetadata(bytes: Uint8Array): ReturnType<typeof stripGifMetadata> {
  try {
    return stripGifMetadata(bytes);
  } catch (err) {
    if (err instanceof GifError)
      throw new HttpError(
        422,
        'unprocessable_image',
        `This GIF is damaged or incomplete (${err.message}). Please try a different image.`,
      );
    throw err;
  }
}

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

/** What a kept EXIF block still tells, in the log's words. */
const PRESERVED: [ExifKind, string][] = [
  ['time', 'Capture date and time'],
  ['location', 'GPS location'],
  ['device', 'Camera make and model'],
  ['settings', 'Camera settings'],
  ['software', 'Software'],
  ['author', 'Author and copyright'],
];

function describeKept(s: Stripped, log: PrivacyLog): void {
  const kept = s.exif?.kept ?? new Set<ExifKind>();
  for (const [kind, words] of PRESERVED) if (kept.has(kind)) log.preserved.push(words);
  if (s.icc) log.preserved.push('ICC colour profile');
  const orientation = s.exif?.orientation;
  if (!orientation) return;
  const only = [...kept].every((k) => k === 'orientation');
  log.actions.push(
    `Kept ${only ? 'only ' : ''}the orientation tag (${orientation}), so the photo still shows upright.`,
  );
}

function strip(bytes: Uint8Array, format: 'jpeg' | 'png' | 'webp', keep: ExifKeep): Stripped {
  if (format === 'jpeg') return stripJpeg(bytes, keep);
  return format === 'png' ? stripPng(bytes, keep) : stripWebp(bytes, keep);
}

/** The log is built from what the rebuild kept and dropped, not from what analysis read. */
export async function protectPrivacy(
  bytes: Uint8Array,
  header: ImageHeader,
  req: PrivacyRequest,
): Promise<PrivacyResult> {
  const log: PrivacyLog = { removed: [], actions: [], preserved: [] };
  // The size people see: a sideways-stored photo keeps its orientation tag, so it shows upright.
  const base = { ...displaySize(header), log };
  if (!req.removeExif && !req.removeLocation && !req.removeTimestamp) {
    log.actions.push('Nothing was chosen for removal; the file is unchanged.');
    log.preserved.push('Image pixels (not re-encoded)');
    return { ...base, bytes, format: header.format as OutputFormat | 'gif', reencoded: false };
  }
  if (header.format === 'jpeg' || header.format === 'png' || header.format === 'webp') {
    const keep: ExifKeep = { time: !req.removeTimestamp, location: !req.removeLocation, camera: !req.removeExif };
    const stripped = strip(bytes, header.format, keep);
    log.preserved.push('Image pixels (not re-encoded)');
    if (stripped.removed.size === 0) {
      log.actions.push('No matching metadata was found; the file is unchanged.');
      describeKept(stripped, log);
      return { ...base, bytes, format: header.format, reencoded: false };
    }
    log.removed.push(...stripped.removed.list());
    log.actions.push('Removed the metadata from the file without re-encoding the picture.');
    describeKept(stripped, log);
    return { ...base, bytes: stripped.bytes, format: header.format, reencoded: false };
  }
  if (header.format === 'bmp') {
    log.actions.push('BMP files carry no metadata; the file is unchanged.');
    log.preserved.push('Image pixels (not re-encoded)');
    return { ...base, bytes, format: 'bmp', reencoded: false };
  }
  if (header.format === 'gif') {
    // Comments and application extensions (XMP, ICC) go; every frame, its timing and the loop count stay, byte for
    // byte (core/animation/gif-blocks.ts, ADR 0137).
    const stripped = gifWithoutMetadata(bytes);
    log.preserved.push(
      header.animated
        ? 'Image pixels and every frame with its timing (not re-encoded)'
        : 'Image pixels (not re-encoded)',
    );
    if (stripped.removed.length === 0) {
      log.actions.push('No metadata was found; the file is unchanged.');
      return { ...base, bytes, format: 'gif', reencoded: false };
    }
    log.removed.push(...stripped.removed);
    log.actions.push('Removed the metadata from the GIF without re-encoding the picture.');
    return { ...base, bytes: stripped.bytes, format: 'gif', reencoded: false };
  }
  // TIFF keeps metadata in structures we do not edit: a clean copy is written instead.
  const raster = await decode(bytes, header);
  const format: OutputFormat = header.format === 'tiff' ? 'tiff' : 'png';
  const out = await encode(raster, format, { quality: 100 });
  log.removed.push('All metadata');
  log.actions.push(`Re-encoded losslessly as ${format.toUpperCase()}, which writes no metadata.`);
  log.preserved.push('Image pixels (lossless copy)');
  // An AVIF's colour profile (or its Display P3 code points) goes on the copy as on every result of the isolate (icc.ts).
  if (readProfile(bytes, header.format)) log.preserved.push('ICC colour profile');
  return { ...base, bytes: out, format, reencoded: true, width: raster.width, height: raster.height };
}
