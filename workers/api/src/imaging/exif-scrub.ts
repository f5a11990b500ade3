/**
 * Removes chosen tags from an EXIF (TIFF) block in place, without moving anything: an entry is taken out of its IFD by
 * shifting the later entries up, and the bytes it pointed to are zeroed so that no reader (or hex editor) finds them.
 */
const TYPE_SIZE: Record<number, number> = { 1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 6: 1, 7: 1, 8: 2, 9: 4, 10: 8, 11: 4, 12: 8 };

const EXIF_IFD = 0x8769;
const GPS_IFD = 0x8825;
/** DateTime, DateTimeOriginal, DateTimeDigitized, their offsets and sub-seconds, and the GPS date and time stamps. */
const IFD0_TIME_TAGS = new Set([0x0132]);
const EXIF_TIME_TAGS = new Set([0x9003, 0x9004, 0x9010, 0x9011, 0x9012, 0x9290, 0x9291, 0x9292]);
const GPS_TIME_TAGS = new Set([0x0007, 0x001d]);
const ORIENTATION = 0x0112;
/** A thumbnail's offset and length (IFD1): a small copy of the picture as it was before any crop. */
const THUMB_OFFSET = 0x0201;
const THUMB_LENGTH = 0x0202;

export interface ScrubRequest {
  location: boolean;
  timestamps: boolean;
  /**
   * Everything else: camera, lens, serial numbers, settings, software, owner, the thumbnail. What stays is the
   * orientation and whatever `location` and `timestamps` keep, so "remove EXIF" never takes what another box protects.
   */
  others?: boolean;
}

export interface ScrubReport {
  location: boolean;
  timestamps: number;
  others: number;
}

export function scrubExif(tiff: Uint8Array, request: ScrubRequest): ScrubReport {
  const report: ScrubReport = { location: false, timestamps: 0, others: 0 };
  if (tiff.length < 8) return report;
  const le = tiff[0] === 0x49;
  const v = new DataView(tiff.buffer, tiff.byteOffset, tiff.byteLength);
  const r16 = (o: number) => v.getUint16(o, le);
  const r32 = (o: number) => v.getUint32(o, le);
  const w16 = (o: number, x: number) => v.setUint16(o, x, le);
  const w32 = (o: number, x: number) => v.setUint32(o, x, le);
  const inside = (o: number, n: number) => o >= 0 && o + n <= tiff.length;

  const entries = (ifd: number): { at: number; tag: number }[] => {
    if (!inside(ifd, 2)) return [];
    const n = r16(ifd);
    const out = [];
    for (let i = 0; i < n && inside(ifd + 2 + i * 12, 12); i++) out.push({ at: ifd + 2 + i * 12, tag: r16(ifd + 2 + i * 12) });
    return out;
  };
  const pointer = (ifd: number, tag: number) => {
    const e = entries(ifd).find((x) => x.tag === tag);
    return e ? r32(e.at + 8) : null;
  };
  const zeroValue = (at: number) => {
    const size = (TYPE_SIZE[r16(at + 2)] ?? 1) * r32(at + 4);
    if (size > 4 && inside(r32(at + 8), size)) tiff.fill(0, r32(at + 8), r32(at + 8) + size);
  };
  /** Removes the entries matching `drop` from one IFD; returns how many went. */
  const remove = (ifd: number, drop: (tag: number) => boolean): number => {
    const list = entries(ifd);
    const keep = list.filter((e) => !drop(e.tag));
    const gone = list.length - keep.length;
    if (gone === 0) return 0;
    const next = inside(ifd + 2 + list.length * 12, 4) ? r32(ifd + 2 + list.length * 12) : 0;
    for (const e of list) if (drop(e.tag)) zeroValue(e.at);
    const saved = keep.map((e) => tiff.slice(e.at, e.at + 12));
    saved.forEach((bytes, i) => tiff.set(bytes, ifd + 2 + i * 12));
    w16(ifd, keep.length);
    w32(ifd + 2 + keep.length * 12, next);
    tiff.fill(0, ifd + 6 + keep.length * 12, Math.min(tiff.length, ifd + 6 + list.length * 12));
    return gone;
  };

  const ifd0 = r32(4);
  const exifIfd = pointer(ifd0, EXIF_IFD);
  const gpsIfd = pointer(ifd0, GPS_IFD);
  if (request.timestamps) {
    report.timestamps += remove(ifd0, (t) => IFD0_TIME_TAGS.has(t));
    if (exifIfd !== null) report.timestamps += remove(exifIfd, (t) => EXIF_TIME_TAGS.has(t));
    if (gpsIfd !== null && !request.location) report.timestamps += remove(gpsIfd, (t) => GPS_TIME_TAGS.has(t));
  }
  if (request.others) {
    // IFD1 (the thumbnail) goes entirely: its entries, its picture and the link to it.
    const list0 = entries(ifd0);
    const nextAt = ifd0 + 2 + list0.length * 12;
    const ifd1 = inside(nextAt, 4) ? r32(nextAt) : 0;
    if (ifd1 > 0 && inside(ifd1, 2)) {
      const thumbAt = entries(ifd1).find((e) => e.tag === THUMB_OFFSET);
      const thumbLen = entries(ifd1).find((e) => e.tag === THUMB_LENGTH);
      if (thumbAt && thumbLen && inside(r32(thumbAt.at + 8), r32(thumbLen.at + 8))) {
        tiff.fill(0, r32(thumbAt.at + 8), r32(thumbAt.at + 8) + r32(thumbLen.at + 8));
      }
      report.others += remove(ifd1, () => true);
      w32(nextAt, 0);
    }
    const keepIfd0 = (t: number) =>
      t === ORIENTATION || t === EXIF_IFD || (t === GPS_IFD && !request.location) || (IFD0_TIME_TAGS.has(t) && !request.timestamps);
    report.others += remove(ifd0, (t) => !keepIfd0(t));
    if (exifIfd !== null) report.others += remove(exifIfd, (t) => !(EXIF_TIME_TAGS.has(t) && !request.timestamps));
  }
  if (request.location && gpsIfd !== null) {
    for (const e of entries(gpsIfd)) zeroValue(e.at);
    const n = entries(gpsIfd).length;
    if (inside(gpsIfd, 6 + n * 12)) tiff.fill(0, gpsIfd, gpsIfd + 6 + n * 12);
    remove(ifd0, (t) => t === GPS_IFD);
    report.location = true;
  }
  return report;
}
