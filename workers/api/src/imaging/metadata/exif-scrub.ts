/**
 * An EXIF (TIFF) block rebuilt from an allow-list: a new block holds copies of the entries whose kind is kept, and
 * nothing else of the old one (no unreferenced bytes for a hex editor to find, no maker note whose offsets point
 * anywhere). Kinds are decided by tag, per directory; a tag this table does not know is "other" and never kept.
 */
const TYPE_SIZE: Record<number, number> = { 1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 6: 1, 7: 1, 8: 2, 9: 4, 10: 8, 11: 4, 12: 8 };
/** A hostile block cannot make us walk more entries than a camera ever writes. */
const MAX_ENTRIES = 1000;

const EXIF_IFD = 0x8769;
const GPS_IFD = 0x8825;
const THUMB_OFFSET = 0x0201;

export type ExifKind =
  | 'orientation'
  | 'time'
  | 'location'
  | 'device'
  | 'software'
  | 'author'
  | 'settings'
  | 'makerNote'
  | 'owner'
  | 'serial'
  | 'lensSerial'
  | 'uniqueId'
  | 'other';

const kinds = (table: Record<ExifKind, number[]>) =>
  new Map(Object.entries(table).flatMap(([k, tags]) => tags.map((t) => [t, k as ExifKind])));
const none: number[] = [];

/** IFD0: the picture's own directory. */
const IFD0 = kinds({
  orientation: [0x0112],
  time: [0x0132],
  device: [0x010f, 0x0110],
  software: [0x0131],
  author: [0x013b, 0x8298],
  // Resolution and how the colours are coded: what a printer or a decoder reads.
  settings: [0x011a, 0x011b, 0x0128, 0x012d, 0x013e, 0x013f, 0x0211, 0x0212, 0x0213, 0x0214],
  serial: [0xc62f],
  location: none,
  makerNote: none,
  owner: none,
  lensSerial: none,
  uniqueId: none,
  other: none,
});

/** The Exif sub-IFD: exposure, lens and capture times. */
const EXIF = kinds({
  time: [0x9003, 0x9004, 0x9010, 0x9011, 0x9012, 0x9290, 0x9291, 0x9292],
  device: [0xa432, 0xa433, 0xa434],
  settings: [
    0x829a, 0x829d, 0x8822, 0x8827, 0x8830, 0x8831, 0x8832, 0x8833, 0x9000, 0x9101, 0x9102, 0x9201, 0x9202, 0x9203,
    0x9204, 0x9205, 0x9206, 0x9207, 0x9208, 0x9209, 0x920a, 0x9214, 0xa000, 0xa001, 0xa002, 0xa003, 0xa20b, 0xa20e,
    0xa20f, 0xa210, 0xa214, 0xa215, 0xa217, 0xa300, 0xa301, 0xa302, 0xa401, 0xa402, 0xa403, 0xa404, 0xa405, 0xa406,
    0xa407, 0xa408, 0xa409, 0xa40a, 0xa40c, 0xa460, 0xa500,
  ],
  makerNote: [0x927c],
  owner: [0xa430],
  serial: [0xa431],
  lensSerial: [0xa435],
  uniqueId: [0xa420],
  orientation: none,
  location: none,
  software: none,
  author: none,
  other: none,
});

/** GPS: all of it is where the photo was taken; its date and time stamps are times as well. */
const GPS_TIME = new Set([0x0007, 0x001d]);

export interface ExifKeep {
  time: boolean;
  location: boolean;
  /** Make, model, lens, software, author and the exposure settings: what "Remove EXIF" takes. */
  camera: boolean;
}

export interface ExifReport {
  /** How many entries of each kind went, and whether a thumbnail (IFD1) went with them. */
  removed: Map<ExifKind, number>;
  thumbnail: boolean;
  kept: Set<ExifKind>;
  /** The camera maker (IFD0 Make), to name its maker notes. */
  make: string | null;
  /** The block could not be read at all: it went whole. */
  damaged: boolean;
  /** The orientation the new block holds (null: none, the picture is stored upright). */
  orientation: number | null;
}

const keeps = (kind: ExifKind, keep: ExifKeep) =>
  kind === 'orientation' ||
  (kind === 'time' && keep.time) ||
  (kind === 'location' && keep.location) ||
  ((kind === 'device' || kind === 'software' || kind === 'author' || kind === 'settings') && keep.camera);

interface Entry {
  tag: number;
  type: number;
  count: number;
  /** The value's bytes as stored (source byte order). */
  value: Uint8Array;
}

/**
 * The block rebuilt with only the kept kinds (null when nothing worth a block is left: no entry, or only an upright
 * orientation), in the source's byte order, and what went. `tiff` starts at the byte-order mark.
 */
export function rebuildExif(tiff: Uint8Array, keep: ExifKeep): { tiff: Uint8Array | null; report: ExifReport } {
  const report: ExifReport = {
    removed: new Map(),
    thumbnail: false,
    kept: new Set(),
    make: null,
    damaged: false,
    orientation: null,
  };
  const le = tiff[0] === 0x49 && tiff[1] === 0x49;
  if (tiff.length < 8 || !(le || (tiff[0] === 0x4d && tiff[1] === 0x4d))) {
    report.damaged = true;
    return { tiff: null, report };
  }
  const v = new DataView(tiff.buffer, tiff.byteOffset, tiff.byteLength);
  const inside = (o: number, n: number) => o >= 0 && o + n <= tiff.length;
  const r16 = (o: number) => (inside(o, 2) ? v.getUint16(o, le) : 0);
  const r32 = (o: number) => (inside(o, 4) ? v.getUint32(o, le) : 0);

  const read = (ifd: number): { entries: Entry[]; next: number } => {
    if (ifd < 8 || !inside(ifd, 2)) return { entries: [], next: 0 };
    const n = Math.min(r16(ifd), MAX_ENTRIES);
    const entries: Entry[] = [];
    for (let i = 0; i < n && inside(ifd + 2 + i * 12, 12); i++) {
      const at = ifd + 2 + i * 12;
      const type = r16(at + 2);
      const count = r32(at + 4);
      const size = (TYPE_SIZE[type] ?? 0) * count;
      const from = size <= 4 ? at + 8 : r32(at + 8);
      // An entry whose value lies outside the block is kept as nothing: it counts as removed.
      const value =
        TYPE_SIZE[type] && size <= 65_535 && inside(from, size) ? tiff.subarray(from, from + size) : new Uint8Array(0);
      entries.push({ tag: r16(at), type, count: value.length ? count : 0, value });
    }
    return { entries, next: r32(ifd + 2 + n * 12) };
  };
  const drop = (kind: ExifKind, n = 1) => report.removed.set(kind, (report.removed.get(kind) ?? 0) + n);
  const sift = (entries: Entry[], kindOf: (tag: number) => ExifKind): Entry[] => {
    const out: Entry[] = [];
    const seen = new Set<number>();
    for (const e of entries) {
      const kind = kindOf(e.tag);
      if (keeps(kind, keep) && e.value.length > 0 && !seen.has(e.tag)) {
        out.push(e);
        seen.add(e.tag);
        report.kept.add(kind);
      } else drop(kind);
    }
    return out;
  };

  const ifd0 = read(r32(4));
  const pointer = (tag: number) => {
    const e = ifd0.entries.find((x) => x.tag === tag);
    return e && e.value.length === 4 ? new DataView(e.value.buffer, e.value.byteOffset, 4).getUint32(0, le) : 0;
  };
  const make = ifd0.entries.find((e) => e.tag === 0x010f && e.type === 2);
  if (make)
    report.make =
      String.fromCharCode(...make.value.subarray(0, 64))
        .replace(/\0.*$/s, '')
        .trim() || null;
  const exifIfd = pointer(EXIF_IFD);
  const gpsIfd = pointer(GPS_IFD);
  const main = sift(
    ifd0.entries.filter((e) => e.tag !== EXIF_IFD && e.tag !== GPS_IFD),
    (t) => IFD0.get(t) ?? 'other',
  );
  const exif = sift(exifIfd && exifIfd !== r32(4) ? read(exifIfd).entries : [], (t) => EXIF.get(t) ?? 'other');
  const gps = sift(gpsIfd && gpsIfd !== r32(4) ? read(gpsIfd).entries : [], (t) =>
    GPS_TIME.has(t) && !keep.time ? 'time' : 'location',
  );
  if (ifd0.next) {
    const ifd1 = read(ifd0.next).entries;
    report.thumbnail = ifd1.some((e) => e.tag === THUMB_OFFSET);
    if (!report.thumbnail && ifd1.length) drop('other', ifd1.length);
  }

  const orientation = main.find((e) => e.tag === 0x0112);
  const turned = orientation && orientation.type === 3 ? r16At(orientation, le) : 1;
  report.kept.delete('orientation');
  // An upright orientation alone is not worth a block: viewers assume it.
  if (main.length + exif.length + gps.length === (orientation ? 1 : 0) && turned === 1) return { tiff: null, report };
  if (orientation && turned !== 1) {
    report.kept.add('orientation');
    report.orientation = turned;
  }
  return { tiff: writeTiff(le, main, exif, gps), report };
}

const r16At = (e: Entry, le: boolean) =>
  e.value.length >= 2 ? new DataView(e.value.buffer, e.value.byteOffset, 2).getUint16(0, le) : 0;

/** A TIFF block: IFD0 (with pointers to the Exif and GPS directories when they have entries), then their values. */
function writeTiff(le: boolean, main: Entry[], exif: Entry[], gps: Entry[]): Uint8Array {
  const pointerEntry = (tag: number): Entry => ({ tag, type: 4, count: 1, value: new Uint8Array(4) });
  const ifd0 = [
    ...main,
    ...(exif.length ? [pointerEntry(EXIF_IFD)] : []),
    ...(gps.length ? [pointerEntry(GPS_IFD)] : []),
  ];
  const dirs = [ifd0, exif, gps].filter((d) => d.length > 0).map((d) => [...d].sort((a, b) => a.tag - b.tag));
  const dirSize = (d: Entry[]) => 2 + d.length * 12 + 4;
  const valuesSize = (d: Entry[]) =>
    d.reduce((n, e) => n + (e.value.length > 4 ? e.value.length + (e.value.length & 1) : 0), 0);
  const total = 8 + dirs.reduce((n, d) => n + dirSize(d) + valuesSize(d), 0);
  const out = new Uint8Array(total);
  const v = new DataView(out.buffer);
  out.set(le ? [0x49, 0x49, 42, 0] : [0x4d, 0x4d, 0, 42]);
  v.setUint32(4, 8, le);
  // Where each directory goes, so IFD0's pointers can be filled in before it is written.
  const at: number[] = [];
  let o = 8;
  for (const d of dirs) {
    at.push(o);
    o += dirSize(d) + valuesSize(d);
  }
  const exifAt = exif.length ? at[1]! : 0;
  const gpsAt = gps.length ? at[exif.length ? 2 : 1]! : 0;
  dirs.forEach((d, i) => {
    let dir = at[i]!;
    let values = dir + dirSize(d);
    v.setUint16(dir, d.length, le);
    dir += 2;
    for (const e of d) {
      v.setUint16(dir, e.tag, le);
      v.setUint16(dir + 2, e.type, le);
      v.setUint32(dir + 4, e.count, le);
      if (i === 0 && e.tag === EXIF_IFD) v.setUint32(dir + 8, exifAt, le);
      else if (i === 0 && e.tag === GPS_IFD) v.setUint32(dir + 8, gpsAt, le);
      else if (e.value.length <= 4) out.set(e.value, dir + 8);
      else {
        v.setUint32(dir + 8, values, le);
        out.set(e.value, values);
        values += e.value.length + (e.value.length & 1);
      }
      dir += 12;
    }
    v.setUint32(dir, 0, le);
  });
  return out;
}
