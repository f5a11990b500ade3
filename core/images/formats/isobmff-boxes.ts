/**
 * Walking the boxes of an ISO base media file (ISO/IEC 14496-12), with every read bounds-checked: a box that overruns
 * its parent, or a file cut short, is `corrupt`. What the boxes mean is isobmff.ts's and heif-colour.ts's business.
 */
import { ascii, corrupt, need, view } from './shared';

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

/** A big-endian unsigned number of 0, 2, 4 or 8 bytes (the sized fields of iloc and ipma). */
export function uint(bytes: Uint8Array, at: number, size: number): number {
  if (size === 0) return 0;
  need(bytes, at + size);
  const dv = view(bytes);
  if (size === 4) return dv.getUint32(at);
  if (size === 8) return Number(dv.getBigUint64(at));
  if (size === 2) return dv.getUint16(at);
  throw corrupt(`a field of ${size} bytes`);
}
