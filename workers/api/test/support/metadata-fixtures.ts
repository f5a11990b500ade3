/**
 * Crafted metadata for the privacy tests: EXIF blocks with the tags cameras write (maker notes, owner, serials, a
 * thumbnail), and JPEG segments, PNG chunks and WebP chunks of the kinds cameras and editors hide private data in.
 * Built here byte by byte, so each test says exactly what the file holds.
 */
import { pngChunk } from '../../src/imaging/codecs/plain-png';
import { concat, jpegParts, jpegSegment, riffChunk } from '../../src/imaging/metadata/container';

/** A binary string's bytes (each character one byte). */
export const bin = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0) & 255);

export interface TiffEntry {
  tag: number;
  type: number;
  count: number;
  value: (le: boolean) => Uint8Array;
}

const numbers =
  (type: 3 | 4, size: 2 | 4) =>
  (tag: number, ...values: number[]): TiffEntry => ({
    tag,
    type,
    count: values.length,
    value: (le) => {
      const out = new Uint8Array(values.length * size);
      const v = new DataView(out.buffer);
      values.forEach((n, i) => (size === 2 ? v.setUint16(i * 2, n, le) : v.setUint32(i * 4, n, le)));
      return out;
    },
  });
export const short = numbers(3, 2);
export const long = numbers(4, 4);
export const ascii = (tag: number, text: string): TiffEntry => ({
  tag,
  type: 2,
  count: text.length + 1,
  value: () => bin(`${text}\0`),
});
export const undef = (tag: number, bytes: Uint8Array): TiffEntry => ({
  tag,
  type: 7,
  count: bytes.length,
  value: () => bytes,
});
export const rational = (tag: number, ...pairs: [number, number][]): TiffEntry => ({
  tag,
  type: 5,
  count: pairs.length,
  value: (le) => {
    const out = new Uint8Array(pairs.length * 8);
    const v = new DataView(out.buffer);
    pairs.forEach(([n, d], i) => {
      v.setUint32(i * 8, n, le);
      v.setUint32(i * 8 + 4, d, le);
    });
    return out;
  },
});

export interface TiffParts {
  ifd0: TiffEntry[];
  exif?: TiffEntry[];
  gps?: TiffEntry[];
  /** IFD1: a thumbnail JPEG, as cameras store it. */
  thumbnail?: Uint8Array;
  littleEndian?: boolean;
}

/** A TIFF block (EXIF's layout): IFD0 pointing at the Exif and GPS directories, IFD1 with its thumbnail. */
export function tiffBlock(parts: TiffParts): Uint8Array {
  const le = parts.littleEndian ?? false;
  const pointer = (tag: number) => long(tag, 0);
  const ifd0 = [...parts.ifd0, ...(parts.exif ? [pointer(0x8769)] : []), ...(parts.gps ? [pointer(0x8825)] : [])];
  const ifd1 = parts.thumbnail ? [long(0x0201, 0), long(0x0202, parts.thumbnail.length)] : null;
  const dirs = [ifd0, parts.exif, parts.gps, ifd1].map((d) => d?.slice().sort((a, b) => a.tag - b.tag) ?? null);
  const at: number[] = [];
  let o = 8;
  for (const d of dirs) {
    at.push(d ? o : 0);
    if (d) o += 2 + d.length * 12 + 4;
  }
  let valueAt = o;
  const thumbAt =
    valueAt +
    dirs
      .flat()
      .reduce((n, e) => n + (e && e.value(le).length > 4 ? e.value(le).length + (e.value(le).length & 1) : 0), 0);
  const out = new Uint8Array(thumbAt + (parts.thumbnail?.length ?? 0));
  const v = new DataView(out.buffer);
  out.set(le ? bin('II*\0') : bin('MM\0*'));
  v.setUint32(4, 8, le);
  dirs.forEach((d, i) => {
    if (!d) return;
    let e = at[i]!;
    v.setUint16(e, d.length, le);
    e += 2;
    for (const entry of d) {
      const fixed =
        entry.tag === 0x8769 && i === 0
          ? at[1]!
          : entry.tag === 0x8825 && i === 0
            ? at[2]!
            : entry.tag === 0x0201 && i === 3
              ? thumbAt
              : null;
      const value = fixed === null ? entry.value(le) : long(0, fixed).value(le);
      v.setUint16(e, entry.tag, le);
      v.setUint16(e + 2, entry.type, le);
      v.setUint32(e + 4, entry.count, le);
      if (value.length <= 4) out.set(value, e + 8);
      else {
        v.setUint32(e + 8, valueAt, le);
        out.set(value, valueAt);
        valueAt += value.length + (value.length & 1);
      }
      e += 12;
    }
    // IFD0 links to IFD1 (the thumbnail's directory).
    v.setUint32(e, i === 0 && ifd1 ? at[3]! : 0, le);
  });
  if (parts.thumbnail) out.set(parts.thumbnail, thumbAt);
  return out;
}

export const exifSegment = (tiff: Uint8Array) => jpegSegment(0xe1, concat([bin('Exif\0\0'), tiff]));

/**
 * `jpeg` with `head` segments after SOI and its JFIF header, `betweenScans` before its second scan (a progressive
 * JPEG), and `trailer` after EOI.
 */
export function craftJpeg(
  jpeg: Uint8Array,
  head: Uint8Array[],
  betweenScans: Uint8Array[] = [],
  trailer?: Uint8Array,
): Uint8Array {
  const parsed = jpegParts(jpeg);
  if (!parsed) throw new Error('not a JPEG');
  const jfif = parsed.parts[0]?.marker === 0xe0 ? parsed.parts[0].end : 2;
  const scans = parsed.parts.filter((p) => p.marker === 0xda);
  if (betweenScans.length && scans.length < 2) throw new Error('not a progressive JPEG');
  const second = scans[1]?.start ?? parsed.end;
  return concat([
    jpeg.subarray(0, jfif),
    ...head,
    jpeg.subarray(jfif, betweenScans.length ? second : parsed.end),
    ...(betweenScans.length ? [...betweenScans, jpeg.subarray(second, parsed.end)] : []),
    ...(trailer ? [trailer] : []),
  ]);
}

/** The picture data of a JPEG: every scan, entropy-coded data and all, in order (what must never change). */
export function jpegScans(jpeg: Uint8Array): Uint8Array {
  const parsed = jpegParts(jpeg);
  if (!parsed) throw new Error('not a JPEG');
  return concat(parsed.parts.filter((p) => p.marker === 0xda).map((p) => jpeg.subarray(p.start, p.end)));
}

/** A PNG with `extra` chunks after IHDR (ancillary chunks may stand anywhere before IDAT). */
export function craftPng(png: Uint8Array, extra: [string, Uint8Array][]): Uint8Array {
  const ihdrEnd = 8 + 12 + 13;
  return concat([
    png.subarray(0, ihdrEnd),
    ...extra.map(([type, data]) => pngChunk(type, data)),
    png.subarray(ihdrEnd),
  ]);
}

export const webpChunk = (type: string, data: Uint8Array) => riffChunk(type, data);

/**
 * An MPF index (APP2 "MPF"): the photo itself and one preview stored after its EOI, `previewOffset` bytes from the
 * index's own TIFF header, as phones and cameras write them.
 */
export function mpfSegment(photoSize: number, previewOffset: number, previewSize: number): Uint8Array {
  const entries = new Uint8Array(32);
  const v = new DataView(entries.buffer);
  v.setUint32(0, 0x20030000); // the primary picture, baseline JPEG
  v.setUint32(4, photoSize);
  v.setUint32(16, 0x00010001); // a large thumbnail (the MPF "preview" class)
  v.setUint32(20, previewSize);
  v.setUint32(24, previewOffset);
  const index = tiffBlock({ ifd0: [undef(0xb000, bin('0100')), long(0xb001, 2), undef(0xb002, entries)] });
  return jpegSegment(0xe2, concat([bin('MPF\0'), index]));
}
