import { type HeaderInfo, type ReadOptions, ascii, checkDimensions, corrupt, need, view } from './shared';

const AVIF_BRANDS = new Set(['avif', 'avis']);

interface Box {
  type: string;
  start: number;
  end: number;
}

function* boxes(bytes: Uint8Array, from: number, to: number): Generator<Box> {
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

const child = (bytes: Uint8Array, parent: Box, type: string, skip = 0) => {
  for (const box of boxes(bytes, parent.start + skip, parent.end)) if (box.type === type) return box;
  return undefined;
};

/**
 * ISO-BMFF: an `ftyp` naming an AVIF brand, image data (`mdat`), and the size from the `ispe` properties in
 * meta/iprp/ipco. The largest `ispe` is used, so an image with a small primary item and a huge grid cannot hide.
 */
export function readAvif(bytes: Uint8Array, options: ReadOptions): HeaderInfo {
  const top = [...boxes(bytes, 0, bytes.length)];
  const ftyp = top[0];
  if (!ftyp || ftyp.type !== 'ftyp') throw corrupt('no ftyp box');
  const brands = [ascii(bytes, ftyp.start, 4)];
  for (let o = ftyp.start + 8; o + 4 <= ftyp.end; o += 4) brands.push(ascii(bytes, o, 4));
  if (!brands.some((b) => AVIF_BRANDS.has(b))) throw corrupt('not an AVIF brand');
  const meta = top.find((b) => b.type === 'meta');
  if (!meta || !top.some((b) => b.type === 'mdat')) throw corrupt('missing meta or image data');
  const iprp = child(bytes, meta, 'iprp', 4);
  const ipco = iprp && child(bytes, iprp, 'ipco');
  if (!ipco) throw corrupt('missing image properties');
  const dv = view(bytes);
  let best: { width: number; height: number } | undefined;
  for (const box of boxes(bytes, ipco.start, ipco.end)) {
    if (box.type !== 'ispe') continue;
    need(bytes, box.start + 12);
    const size = { width: dv.getUint32(box.start + 4), height: dv.getUint32(box.start + 8) };
    if (!best || size.width * size.height > best.width * best.height) best = size;
  }
  if (!best) throw corrupt('no image size');
  checkDimensions(best.width, best.height, options);
  return { ...best, orientation: 1 };
}
