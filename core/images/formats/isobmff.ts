/**
 * The ISO base media file format (ISO/IEC 14496-12) as HEIF pictures use it: AVIF (AV1 images) and HEIC (HEVC
 * images, the iPhone's photos) are one container, told apart by the brands of their `ftyp` box. This reads the boxes
 * a header needs (brands, the size properties, the rotation, where the EXIF item lies) without decoding anything,
 * walking them with isobmff-boxes.ts, which checks every read against its bounds.
 */
import { type Box, boxes, child, uint } from './isobmff-boxes';
import { type HeaderInfo, type ReadOptions, ascii, checkDimensions, corrupt, need, view } from './shared';

/** The brands an `ftyp` box names (major first), read from the first bytes alone: what the sniffer goes by. */
export function ftypBrands(bytes: Uint8Array): string[] {
  if (bytes.length < 16 || ascii(bytes, 4, 4) !== 'ftyp') return [];
  const size = Math.min(bytes.length, view(bytes).getUint32(0), 256);
  const brands = [ascii(bytes, 8, 4)];
  for (let o = 16; o + 4 <= size; o += 4) brands.push(ascii(bytes, o, 4));
  return brands;
}

/** AVIF: an AV1 image (ADR 0132). Checked before HEIC's brands, which an AVIF also names (`mif1`). */
export const AVIF_BRANDS: ReadonlySet<string> = new Set(['avif', 'avis']);
/** HEIC: an HEVC image or image sequence, or a plain HEIF (`mif1`/`msf1`) that names no AV1 brand. */
export const HEIC_BRANDS: ReadonlySet<string> = new Set([
  'heic',
  'heix',
  'heim',
  'heis',
  'hevc',
  'hevx',
  'mif1',
  'msf1',
]);

export type HeifKind = 'avif' | 'heic';

/** Which HEIF picture the brands name, or null. */
export function heifKind(brands: readonly string[]): HeifKind | null {
  if (brands.some((b) => AVIF_BRANDS.has(b))) return 'avif';
  if (brands.some((b) => HEIC_BRANDS.has(b))) return 'heic';
  return null;
}

interface Layout {
  meta: Box;
  iprp: Box;
  ipco: Box;
}

function layout(bytes: Uint8Array, kind: HeifKind): Layout {
  const top = [...boxes(bytes, 0, bytes.length)];
  const ftyp = top[0];
  if (!ftyp || ftyp.type !== 'ftyp') throw corrupt('no ftyp box');
  const brands = [ascii(bytes, ftyp.start, 4)];
  for (let o = ftyp.start + 8; o + 4 <= ftyp.end; o += 4) brands.push(ascii(bytes, o, 4));
  if (heifKind(brands) !== kind) throw corrupt(`not an ${kind.toUpperCase()} brand`);
  const meta = top.find((b) => b.type === 'meta');
  if (!meta || !top.some((b) => b.type === 'mdat')) throw corrupt('missing meta or image data');
  const iprp = child(bytes, meta, 'iprp', 4);
  const ipco = iprp && child(bytes, iprp, 'ipco');
  if (!iprp || !ipco) throw corrupt('missing image properties');
  return { meta, iprp, ipco };
}

/** EXIF orientation for a HEIF rotation (`irot`: quarter turns anticlockwise), which decoders apply themselves. */
const IROT_ORIENTATION = [1, 8, 3, 6] as const;

/** The primary item's id (`pitm`), or null. */
function primaryItem(bytes: Uint8Array, meta: Box): number | null {
  const pitm = child(bytes, meta, 'pitm', 4);
  if (!pitm) return null;
  need(bytes, pitm.start + 6);
  return (bytes[pitm.start] ?? 0) === 0
    ? view(bytes).getUint16(pitm.start + 4)
    : (need(bytes, pitm.start + 8), view(bytes).getUint32(pitm.start + 4));
}

/** One property given to an item by `ipma`: its 1-based index into `ipco`, and where that index is written. */
export interface Association {
  item: number;
  index: number;
  essential: boolean;
  /** The offset of the index field, 1 byte, or 2 when `wide` (its top bit is the essential flag). */
  at: number;
  wide: boolean;
}

/** Every item-to-property association of `ipma` (ISO/IEC 23008-12 §9.3), in file order. */
export function* associations(bytes: Uint8Array, iprp: Box): Generator<Association> {
  const ipma = child(bytes, iprp, 'ipma');
  if (!ipma) return;
  need(bytes, ipma.start + 8);
  const version = bytes[ipma.start] ?? 0;
  const wide = ((bytes[ipma.start + 3] ?? 0) & 1) === 1;
  const count = view(bytes).getUint32(ipma.start + 4);
  let at = ipma.start + 8;
  for (let i = 0; i < count && at < ipma.end; i++) {
    const item = uint(bytes, at, version < 1 ? 2 : 4);
    at += version < 1 ? 2 : 4;
    need(bytes, at + 1);
    const n = bytes[at] ?? 0;
    at += 1;
    for (let j = 0; j < n; j++) {
      const value = wide ? uint(bytes, at, 2) : (need(bytes, at + 1), bytes[at] ?? 0);
      const flag = wide ? 0x8000 : 0x80;
      yield { item, index: value & (flag - 1), essential: (value & flag) !== 0, at, wide };
      at += wide ? 2 : 1;
    }
  }
}

/** The 1-based indexes into `ipco` of the properties `ipma` gives the item, or null when it names none. */
function propertiesOf(bytes: Uint8Array, iprp: Box, id: number): number[] | null {
  const own = [...associations(bytes, iprp)].filter((a) => a.item === id).map((a) => a.index);
  return own.length ? own : null;
}

/**
 * A HEIF file's item properties: every box of `ipco` in order (`ipma` indexes them from 1), its `iprp`, and the
 * properties of the primary item (null when it has none). Null for a file without them; `corrupt` for a broken one.
 */
export function itemProperties(bytes: Uint8Array): { iprp: Box; properties: Box[]; primary: Box[] | null } | null {
  const meta = [...boxes(bytes, 0, bytes.length)].find((b) => b.type === 'meta');
  const iprp = meta && child(bytes, meta, 'iprp', 4);
  const ipco = iprp && child(bytes, iprp, 'ipco');
  if (!meta || !iprp || !ipco) return null;
  const properties = [...boxes(bytes, ipco.start, ipco.end)];
  const id = primaryItem(bytes, meta);
  const own = id === null ? null : propertiesOf(bytes, iprp, id);
  return {
    iprp,
    properties,
    primary: own && own.map((i) => properties[i - 1]).filter((b): b is Box => b !== undefined),
  };
}

/**
 * A HEIF picture's header: the size is the primary item's `ispe` (for an iPhone photo, the grid's, whose 512 px tiles
 * are items of their own), its rotation the primary item's `irot`, given as the EXIF orientation that turns the same
 * way, so the upright size is right (decoders, the image service's included, apply `irot` and ignore the EXIF
 * orientation tag a HEIC also carries). The pixel budget is held against the largest `ispe` of all too, so no item,
 * a tile or a hidden one, can be a decompression bomb.
 */
export function readHeif(bytes: Uint8Array, options: ReadOptions, kind: HeifKind): HeaderInfo {
  const { meta, iprp, ipco } = layout(bytes, kind);
  const dv = view(bytes);
  const properties = [...boxes(bytes, ipco.start, ipco.end)];
  const sizeOf = (box: Box) => (
    need(bytes, box.start + 12), { width: dv.getUint32(box.start + 4), height: dv.getUint32(box.start + 8) }
  );
  let largest: { width: number; height: number } | undefined;
  for (const box of properties) {
    if (box.type !== 'ispe') continue;
    const size = sizeOf(box);
    if (!largest || size.width * size.height > largest.width * largest.height) largest = size;
  }
  if (!largest) throw corrupt('no image size');
  checkDimensions(largest.width, largest.height, options);
  const primary = primaryItem(bytes, meta);
  const own =
    primary === null
      ? null
      : propertiesOf(bytes, iprp, primary)
          ?.map((i) => properties[i - 1])
          .filter((b): b is Box => b !== undefined);
  const ispe = own?.find((b) => b.type === 'ispe');
  const size = ispe ? sizeOf(ispe) : largest;
  checkDimensions(size.width, size.height, options);
  const irot = own?.find((b) => b.type === 'irot');
  const orientation = irot ? (need(bytes, irot.start + 1), IROT_ORIENTATION[(bytes[irot.start] ?? 0) & 3] ?? 1) : 1;
  return { ...size, orientation };
}

/** The id of the item of this type in `iinf` (ISO/IEC 23008-12 `infe` versions 2 and 3), or null. */
function itemOfType(bytes: Uint8Array, meta: Box, type: string): number | null {
  const iinf = child(bytes, meta, 'iinf', 4);
  if (!iinf) return null;
  need(bytes, iinf.start + 4);
  const version = bytes[iinf.start] ?? 0;
  const first = iinf.start + 4 + (version === 0 ? 2 : 4);
  const dv = view(bytes);
  for (const infe of boxes(bytes, first, iinf.end)) {
    if (infe.type !== 'infe') continue;
    need(bytes, infe.start + 4);
    const v = bytes[infe.start] ?? 0;
    if (v < 2) continue;
    const idSize = v === 2 ? 2 : 4;
    need(bytes, infe.start + 4 + idSize + 2 + 4);
    const id = idSize === 2 ? dv.getUint16(infe.start + 4) : dv.getUint32(infe.start + 4);
    if (ascii(bytes, infe.start + 4 + idSize + 2, 4) === type) return id;
  }
  return null;
}

/** Where an item's bytes are (`iloc`), as absolute ranges of the file; null when it is not found or not in the file. */
function itemExtents(bytes: Uint8Array, meta: Box, id: number): Array<[number, number]> | null {
  const iloc = child(bytes, meta, 'iloc', 4);
  if (!iloc) return null;
  need(bytes, iloc.start + 6);
  const version = bytes[iloc.start] ?? 0;
  const sizes = bytes[iloc.start + 4] ?? 0;
  const more = bytes[iloc.start + 5] ?? 0;
  const [offsetSize, lengthSize, baseSize] = [sizes >> 4, sizes & 15, more >> 4];
  const indexSize = version === 1 || version === 2 ? more & 15 : 0;
  let at = iloc.start + 6;
  const count = uint(bytes, at, version < 2 ? 2 : 4);
  at += version < 2 ? 2 : 4;
  const idat = child(bytes, meta, 'idat', 4);
  for (let i = 0; i < count; i++) {
    const itemId = uint(bytes, at, version < 2 ? 2 : 4);
    at += version < 2 ? 2 : 4;
    let method = 0;
    if (version === 1 || version === 2) {
      method = uint(bytes, at, 2) & 15;
      at += 2;
    }
    at += 2; // data_reference_index
    const base = uint(bytes, at, baseSize);
    at += baseSize;
    const extentCount = uint(bytes, at, 2);
    at += 2;
    const extents: Array<[number, number]> = [];
    for (let e = 0; e < extentCount; e++) {
      at += indexSize;
      const offset = uint(bytes, at, offsetSize);
      at += offsetSize;
      const length = uint(bytes, at, lengthSize);
      at += lengthSize;
      const origin = method === 1 ? (idat?.start ?? -1) : 0;
      const start = origin + base + offset;
      if (origin < 0 || method > 1 || length === 0 || start + length > bytes.length) return null;
      extents.push([start, start + length]);
    }
    if (itemId === id) return extents;
  }
  return null;
}

/**
 * The EXIF block of a HEIF picture (its `Exif` item), as a TIFF header and what follows (what an EXIF reader takes),
 * or null when there is none or it cannot be found whole. The item starts with the offset of the TIFF header in it
 * (after an `Exif\0\0` prefix, usually).
 */
export function heifExif(bytes: Uint8Array): Uint8Array | null {
  try {
    const top = [...boxes(bytes, 0, bytes.length)];
    const meta = top.find((b) => b.type === 'meta');
    if (!meta) return null;
    const id = itemOfType(bytes, meta, 'Exif');
    if (id === null) return null;
    const extents = itemExtents(bytes, meta, id);
    if (!extents?.length) return null;
    const item = new Uint8Array(extents.reduce((n, [s, e]) => n + e - s, 0));
    let at = 0;
    for (const [s, e] of extents) {
      item.set(bytes.subarray(s, e), at);
      at += e - s;
    }
    if (item.length < 4) return null;
    const tiff = 4 + view(item).getUint32(0);
    if (tiff + 8 > item.length) return null;
    const order = ascii(item, tiff, 2);
    return order === 'II' || order === 'MM' ? item.subarray(tiff) : null;
  } catch {
    return null;
  }
}
