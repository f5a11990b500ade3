import { type HeaderInfo, type ReadOptions, checkDimensions, corrupt, need, view } from './shared';

const TAG = {
  width: 256,
  height: 257,
  stripOffsets: 273,
  orientation: 274,
  stripCounts: 279,
  tileOffsets: 324,
  tileCounts: 325,
};
const TYPE_SIZE: Record<number, number> = { 1: 1, 3: 2, 4: 4, 16: 8 };
const MAX_ENTRIES = 4096;

interface Entry {
  type: number;
  count: number;
  /** Offset of the value (inline in the entry, or where it points). */
  at: number;
}

/** A TIFF structure (a .tif file, or the EXIF block of a JPEG): the first IFD's entries by tag. */
export class TiffReader {
  private readonly dv: DataView;
  readonly littleEndian: boolean;

  constructor(private readonly bytes: Uint8Array) {
    this.dv = view(bytes);
    need(bytes, 8);
    const order = String.fromCharCode(bytes[0]!, bytes[1]!);
    if (order !== 'II' && order !== 'MM') throw corrupt('bad TIFF byte order');
    this.littleEndian = order === 'II';
    if (this.dv.getUint16(2, this.littleEndian) !== 42) throw corrupt('bad TIFF magic');
  }

  firstIfd(): Map<number, Entry> {
    const le = this.littleEndian;
    const ifd = this.dv.getUint32(4, le);
    need(this.bytes, ifd + 2);
    const count = this.dv.getUint16(ifd, le);
    if (count > MAX_ENTRIES) throw corrupt('too many TIFF entries');
    need(this.bytes, ifd + 2 + count * 12);
    const entries = new Map<number, Entry>();
    for (let i = 0; i < count; i++) {
      const e = ifd + 2 + i * 12;
      const type = this.dv.getUint16(e + 2, le);
      const n = this.dv.getUint32(e + 4, le);
      const size = (TYPE_SIZE[type] ?? 1) * n;
      entries.set(this.dv.getUint16(e, le), { type, count: n, at: size <= 4 ? e + 8 : this.dv.getUint32(e + 8, le) });
    }
    return entries;
  }

  /** The values of a SHORT or LONG entry (bounded: a hostile count cannot make us loop forever). */
  numbers(entry: Entry | undefined, max = 1_000_000): number[] {
    if (!entry) return [];
    if (entry.count > max) throw corrupt('TIFF entry too long');
    const size = entry.type === 3 ? 2 : entry.type === 4 ? 4 : 0;
    if (!size) throw corrupt(`unexpected TIFF type ${entry.type}`);
    need(this.bytes, entry.at + size * entry.count);
    const out: number[] = [];
    for (let i = 0; i < entry.count; i++) {
      const at = entry.at + i * size;
      out.push(size === 2 ? this.dv.getUint16(at, this.littleEndian) : this.dv.getUint32(at, this.littleEndian));
    }
    return out;
  }
}

/** Width, height and orientation of a TIFF, and a check that every strip or tile lies inside the file. */
export function readTiff(bytes: Uint8Array, options: ReadOptions): HeaderInfo {
  const tiff = new TiffReader(bytes);
  const ifd = tiff.firstIfd();
  const width = tiff.numbers(ifd.get(TAG.width), 1)[0] ?? 0;
  const height = tiff.numbers(ifd.get(TAG.height), 1)[0] ?? 0;
  checkDimensions(width, height, options);
  const tiled = ifd.has(TAG.tileOffsets);
  const offsets = tiff.numbers(ifd.get(tiled ? TAG.tileOffsets : TAG.stripOffsets));
  const counts = tiff.numbers(ifd.get(tiled ? TAG.tileCounts : TAG.stripCounts));
  if (offsets.length === 0 || offsets.length !== counts.length) throw corrupt('missing strips or tiles');
  offsets.forEach((offset, i) => need(bytes, offset + counts[i]!));
  return { width, height, orientation: orientationOf(tiff, ifd) };
}

/** The EXIF Orientation of a TIFF structure, 1 when absent or out of range. */
export function orientationOf(tiff: TiffReader, ifd = tiff.firstIfd()): number {
  const value = tiff.numbers(ifd.get(TAG.orientation), 1)[0] ?? 1;
  return value >= 1 && value <= 8 ? value : 1;
}
