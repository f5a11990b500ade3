/**
 * The colour of a HEIF picture (HEIC, AVIF), from its `colr` properties (ISO/IEC 14496-12 §12.1.5): an ICC profile
 * (`prof`, or `rICC`, a restricted one) or code points (`nclx`: ITU-T H.273 colour primaries, transfer, matrix and
 * range). An iPhone's HEIC carries Apple's Display P3 profile as `prof`; AVIF encoders often write `nclx` only (Display
 * P3 is primaries 12 with the sRGB transfer 13). Decoders (libheif, libavif) turn YCbCr into RGB with the matrix and
 * leave the values in that colour space: the colour space is the reader's to apply or to carry (ADR 0126, 0153).
 */
import { cicpProfile } from '../icc-cicp';
import { associations, itemProperties } from './isobmff';
import type { Box } from './isobmff-boxes';
import { ascii, view } from './shared';

export interface Nclx {
  primaries: number;
  transfer: number;
  matrix: number;
  fullRange: boolean;
}

export interface HeifColour {
  icc: Uint8Array | null;
  nclx: Nclx | null;
}

const colourType = (bytes: Uint8Array, box: Box) => (box.end - box.start >= 4 ? ascii(bytes, box.start, 4) : '');

function nclxOf(bytes: Uint8Array, box: Box): Nclx | null {
  if (box.end - box.start < 11) return null;
  const dv = view(bytes);
  return {
    primaries: dv.getUint16(box.start + 4),
    transfer: dv.getUint16(box.start + 6),
    matrix: dv.getUint16(box.start + 8),
    fullRange: ((bytes[box.start + 10] ?? 0) & 0x80) !== 0,
  };
}

/**
 * The `colr` boxes that describe the picture: the primary item's own, else (a grid whose tiles carry it) every one of
 * the file's, in order. Null when the file cannot be walked.
 */
function colourBoxes(bytes: Uint8Array): Box[] | null {
  try {
    const found = itemProperties(bytes);
    if (!found) return null;
    const own = found.primary?.filter((b) => b.type === 'colr') ?? [];
    return own.length ? own : found.properties.filter((b) => b.type === 'colr');
  } catch {
    return null;
  }
}

/** What the picture's `colr` properties say: its ICC profile and its code points, each null where absent. */
export function heifColour(bytes: Uint8Array): HeifColour {
  let icc: Uint8Array | null = null;
  let nclx: Nclx | null = null;
  for (const box of colourBoxes(bytes) ?? []) {
    const type = colourType(bytes, box);
    if (!icc && (type === 'prof' || type === 'rICC') && box.end - box.start > 4)
      icc = bytes.slice(box.start + 4, box.end);
    if (!nclx && type === 'nclx') nclx = nclxOf(bytes, box);
  }
  return { icc, nclx };
}

/**
 * The ICC profile the picture's values are in: its own (which wins where both are given, as in libheif and browsers),
 * else one made from its code points (icc-cicp.ts). Null for sRGB, for nothing said, and for what a profile cannot
 * describe (HDR transfers).
 */
export function heifProfile(bytes: Uint8Array): Uint8Array | null {
  const { icc, nclx } = heifColour(bytes);
  return icc ?? (nclx ? cicpProfile(nclx.primaries, nclx.transfer) : null);
}

/** H.273's BT.709 primaries and sRGB transfer: the values read as sRGB. */
const SRGB_CICP = { primaries: 1, transfer: 13 };

/**
 * A copy of the file whose pixels any reader takes as sRGB values, nothing re-encoded: every `colr` ICC box becomes a
 * `free` box of the same size (so `ipma`'s indexes still count it; an essential flag on it is cleared), and every
 * `nclx` keeps its matrix and range (which the YCbCr decode needs) but names BT.709 primaries and the sRGB transfer.
 * What the image service is sent (service/profile.ts); null when the file says nothing of its colour or cannot be
 * walked.
 */
export function heifWithoutColour(bytes: Uint8Array): Uint8Array | null {
  try {
    const found = itemProperties(bytes);
    const colr = found?.properties.flatMap((box, i) => (box.type === 'colr' ? [{ box, index: i + 1 }] : [])) ?? [];
    if (!found || !colr.length) return null;
    const out = bytes.slice();
    const dv = view(out);
    const freed = new Set<number>();
    for (const { box, index } of colr) {
      const type = colourType(out, box);
      if (type === 'nclx' && box.end - box.start >= 11) {
        dv.setUint16(box.start + 4, SRGB_CICP.primaries);
        dv.setUint16(box.start + 6, SRGB_CICP.transfer);
      } else if (type === 'prof' || type === 'rICC') {
        // The type field is just before the payload, or before a 64-bit size.
        const at = ascii(out, box.start - 4, 4) === 'colr' ? box.start - 4 : box.start - 12;
        out.set([0x66, 0x72, 0x65, 0x65], at); // 'free'
        freed.add(index);
      }
    }
    for (const a of associations(out, found.iprp)) {
      if (a.essential && freed.has(a.index)) out[a.at] = (out[a.at] ?? 0) & 0x7f;
    }
    return out;
  } catch {
    return null;
  }
}
