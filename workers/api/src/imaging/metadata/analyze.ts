/** What a file says about the person who made it, read with exifr (EXIF, GPS, XMP, IPTC, ICC). */
import exifr from 'exifr';
import type { MetadataAnalysis } from '../../../../../core/api/tools';
import { captureTimeIso, captureTimeText, offsetOf, wallClockOf } from '../../../../../core/images/capture-time';
import { heifExif } from '../../../../../core/images/formats/isobmff';
import { startsWith, webpChunks } from './container';
import type { ImageHeader } from '../intake/sniff';

type Segments = Record<string, Record<string, unknown> | undefined>;

export interface Findings {
  exifPresent: boolean;
  gps: { latitude: number; longitude: number } | null;
  /** As the file wrote it (ISO 8601 without a zone, or with the offset the file gives): never converted to UTC. */
  captureTime: string | null;
  /** The same, for people: "24 Nov 2026, 14:03 (UTC+01:00)". */
  captureTimeText: string | null;
  device: { make?: string; model?: string; serial?: string } | null;
  software: string | null;
  author: { artist?: string; copyright?: string } | null;
  xmp: boolean;
  icc: boolean;
  iptc: boolean;
  /** True when a metadata block exists but could not be parsed (hostile or broken EXIF). */
  unreadable: boolean;
}

/**
 * exifr reads JPEG, PNG and TIFF; for WebP the EXIF chunk (a TIFF block) is handed over on its own, and for HEIC and
 * AVIF the `Exif` item of the container (core/images/formats/isobmff.ts): exifr's own HEIF reader misses the items
 * libheif writes (ADR 0132).
 */
function exifSource(bytes: Uint8Array, header: ImageHeader): Uint8Array | null {
  if (header.format === 'heic' || header.format === 'avif') return heifExif(bytes);
  if (header.format !== 'webp') return bytes;
  const chunk = webpChunks(bytes)?.find((c) => c.type === 'EXIF');
  if (!chunk) return null;
  return startsWith(chunk.data, 'Exif\0\0') ? chunk.data.subarray(6) : chunk.data;
}

const str = (v: unknown) =>
  typeof v === 'string' && v.trim() ? v.trim() : typeof v === 'number' ? String(v) : undefined;

export async function inspect(bytes: Uint8Array, header: ImageHeader): Promise<Findings> {
  const f: Findings = {
    exifPresent: false,
    gps: null,
    captureTime: null,
    captureTimeText: null,
    device: null,
    software: null,
    author: null,
    xmp: false,
    icc: false,
    iptc: false,
    unreadable: false,
  };
  const source = exifSource(bytes, header);
  if (!source || !['jpeg', 'png', 'tiff', 'webp', 'heic', 'avif'].includes(header.format)) return f;
  let out: Segments | undefined;
  try {
    out = (await exifr.parse(source, {
      tiff: true,
      ifd0: {},
      exif: true,
      gps: true,
      xmp: true,
      icc: true,
      iptc: true,
      ifd1: false,
      mergeOutput: false,
      translateValues: false,
      reviveValues: true,
      sanitize: true,
    })) as Segments | undefined;
  } catch {
    f.unreadable = true;
    return f;
  }
  if (!out) return f;
  const ifd0 = out.ifd0 ?? {};
  const exif = out.exif ?? {};
  const gps = out.gps ?? {};
  f.exifPresent = Object.keys(ifd0).length + Object.keys(exif).length + Object.keys(gps).length > 0;
  const lat = gps.latitude;
  const lon = gps.longitude;
  if (typeof lat === 'number' && typeof lon === 'number' && Number.isFinite(lat) && Number.isFinite(lon))
    f.gps = { latitude: lat, longitude: lon };
  else if (Object.keys(gps).length > 0) f.gps = null;
  // Each date has its own offset tag (EXIF 2.31); without one the time is the camera's clock, zone unknown.
  const [time, offsetTag] =
    exif.DateTimeOriginal !== undefined
      ? [exif.DateTimeOriginal, exif.OffsetTimeOriginal]
      : exif.CreateDate !== undefined
        ? [exif.CreateDate, exif.OffsetTimeDigitized]
        : [ifd0.ModifyDate ?? ifd0.DateTime, exif.OffsetTime];
  const clock = wallClockOf(time);
  const offset = offsetOf(offsetTag);
  if (clock) {
    f.captureTime = captureTimeIso(clock, offset);
    f.captureTimeText = captureTimeText(clock, offset);
  } else if (str(time)) {
    f.captureTime = f.captureTimeText = str(time) ?? null;
  }
  const make = str(ifd0.Make);
  const model = str(ifd0.Model);
  const serial = str(exif.BodySerialNumber ?? exif.SerialNumber ?? exif.LensSerialNumber);
  if (make || model || serial) f.device = { make, model, serial };
  f.software = str(ifd0.Software) ?? null;
  const artist = str(ifd0.Artist);
  const copyright = str(ifd0.Copyright);
  if (artist || copyright) f.author = { artist, copyright };
  f.xmp = !!out.xmp && Object.keys(out.xmp).length > 0;
  f.icc = !!out.icc && Object.keys(out.icc).length > 0;
  f.iptc = !!out.iptc && Object.keys(out.iptc).length > 0;
  return f;
}

export function describe(bytes: Uint8Array, header: ImageHeader, f: Findings): MetadataAnalysis {
  const risks: string[] = [];
  const types: string[] = [];
  if (f.gps) {
    risks.push(
      `GPS location: the photo reveals where it was taken (${f.gps.latitude.toFixed(5)}, ${f.gps.longitude.toFixed(5)}).`,
    );
    types.push('GPS location');
  }
  if (f.captureTime) {
    risks.push(`Capture time: ${f.captureTimeText ?? f.captureTime}.`);
    types.push('Timestamp');
  }
  if (f.device) {
    const name = [f.device.make, f.device.model].filter(Boolean).join(' ');
    if (name) risks.push(`Device: ${name}.`);
    if (f.device.serial) risks.push(`Device serial number: ${f.device.serial}.`);
    types.push('Device information');
  }
  if (f.software) {
    risks.push(`Software: ${f.software}.`);
    types.push('Software');
  }
  if (f.author) {
    risks.push(`Author or copyright: ${[f.author.artist, f.author.copyright].filter(Boolean).join(' / ')}.`);
    types.push('Author');
  }
  if (f.xmp) types.push('XMP');
  if (f.iptc) types.push('IPTC');
  if (f.icc) types.push('ICC profile');
  if (f.unreadable)
    risks.push('The file has a metadata block that could not be read; removing metadata is recommended.');
  return {
    metadata: {
      privacy: { potentialRisks: risks, dataTypes: types },
      technical: { format: header.format, fileSize: bytes.length, width: header.width, height: header.height },
      exif: {
        available: f.exifPresent || f.unreadable,
        gps: f.gps,
        captureTime: f.captureTime,
        device: f.device,
        software: f.software,
        author: f.author,
        xmp: f.xmp,
        icc: f.icc,
        iptc: f.iptc,
        orientation: header.orientation,
      },
    },
  };
}
