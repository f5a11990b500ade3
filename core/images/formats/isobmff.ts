/**
 * The ISO base media file format (ISO/IEC 14496-12) as HEIF pictures use it: AVIF (AV1 images) and HEIC (HEVC
 * images, the iPhone's photos) are one container, told apart by the brands of their `ftyp` box. This reads the boxes
 * a header needs (brands, the size properties, the rotation, where the EXIF item lies) without decoding anything, and
 * every read is bounds-checked: a box that overruns its parent, or a file cut short, is `corrupt`.
 */
import { type HeaderInfo, type ReadOptions, ascii, checkDimensions, corrupt, need, view } from './shared';

export interface Box {
  type: string;
  start: number;
  end: number;
}

/** The boxes between `from` and `to`, one level deep. */
export function* boxes(bytes: Uint8Array, from: number, to: number): Generator<Box> {
  const dv = view(bytes);
  let offset = from;
  while (offset + 8 <= to) {
    let size = dv.getUint32(offset);
    const type = ascii(bytes, offset + 4, 4);
    let header = 8;
    if (size === 1) {
      need(bytes, offset + 16);
      size = Number(dv.getBigUint64(offset + 8));
      header = 16;
    } else if (size === 0) {
      size = to - offset;
    }
    if (size < header || offset + size > to) throw corrupt(`box ${type} overruns its parent`);
    yield { type, start: offset + header, end: offset + size };
    offset += size;
  }
}

/** The first child of `parent` of this type; `skip` bytes of the parent's own fields come first (a full box's 4). */
export const child = (bytes: Uint8Array, parent: Box, type: string, skip = 0) => {
  for (const box of boxes(bytes, parent.start + skip, parent.end)) if (box.type === type) return box;
  return undefined;
};

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
export const HEIC_BRANDS: ReadonlySet<string> = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1']);

export type HeifKind = 'avif' | 'heic';

/** Which HEIF picture the brands name, or null. */
export function heifKind(brands: readonly string[]): HeifKind | null {
  if (brands.some((b) => AVIF_BRANDS.has(b))) return 'avif';
  if (brands.some((b) => HEIC_BRANDS.has(b))) return 'heic';
  return null;
}

interface Layout {
  meta: Box;
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
  if (!ipco) throw corrupt('missing image properties');
  return { meta, ipco };
}

/** EXIF orientation for a HEIF rotation (`irot`: quarter turns anticlockwise), which decoders apply themselves. */
const IROT_ORIENTATION = [1, 8, 3, 6] as const;

/**
 * A HEIF picture's header: the size from the `ispe` properties in meta/iprp/ipco (the largest is used, so a small
 * primary item beside a huge grid cannot hide it) and the rotation from `irot`, given as the EXIF orientation that
 * turns the same way, so the upright size is right (decoders, the image service's included, apply `irot` and ignore
 * the EXIF orientation tag a HEIC also carries).
 */
export function readHeif(bytes: Uint8Array, options: ReadOptions, kind: HeifKind): HeaderInfo {
  const { ipco } = layout(bytes, kind);
  const dv = view(bytes);
  let best: { width: number; height: number } | undefined;
  let orientation = 1;
  for (const box of boxes(bytes, ipco.start, ipco.end)) {
    if (box.type === 'ispe') {
      need(bytes, box.start + 12);
      const size = { width: dv.getUint32(box.start + 4), height: dv.getUint32(box.start + 8) };
      if (!best || size.width * size.height > best.width * best.height) best = size;
    } else if (box.type === 'irot' && orientation === 1) {
      need(bytes, box.start + 1);
      orientation = IROT_ORIENTATION[(bytes[box.start] ?? 0) & 3] ?? 1;
    }
  }
  if (!best) throw corrupt('no image size');
  checkDimensions(best.width, best.height, options);
  return { ...best, orientation };
}

/** A big-endian unsigned number of 0, 4 or 8 bytes (iloc's sized fields). */
function uint(bytes: Uint8Array, at: number, size: number): number {
  if (size === 0) return 0;
  need(bytes, at + size);
  const dv = view(bytes);
  if (size === 4) return dv.getUint32(at);
  if (size === 8) return Number(dv.getBigUint64(at));
  if (size === 2) return dv.getUint16(at);
  throw corrupt(`a field of ${size} bytes`);
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
