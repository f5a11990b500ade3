/**
 * Advance widths from an OpenType font (sfnt): `cmap` (format 4, Unicode BMP) maps characters to glyphs, `hmtx`
 * gives each glyph's advance in font units and `head.unitsPerEm` scales them to pixels (OpenType spec, tables
 * cmap/hmtx/hhea/head). Kerning is left out; it moves a line of Anton by well under 1%. The Worker's meme renderer
 * measures its captions with it, and so do the Node tests of the editor's text fitting (scripts/lib/font-metrics.ts),
 * so both fit text with the same numbers.
 */
import type { Measure } from '../../../../../core/memes/text-fit';

function table(v: DataView, tag: string): DataView {
  const count = v.getUint16(4);
  for (let i = 0; i < count; i++) {
    const e = 12 + i * 16;
    const name = String.fromCharCode(v.getUint8(e), v.getUint8(e + 1), v.getUint8(e + 2), v.getUint8(e + 3));
    if (name === tag) return new DataView(v.buffer, v.byteOffset + v.getUint32(e + 8), v.getUint32(e + 12));
  }
  throw new Error(`font has no ${tag} table`);
}

function cmapFormat4(cmap: DataView): (codePoint: number) => number {
  const count = cmap.getUint16(2);
  for (let i = 0; i < count; i++) {
    const platform = cmap.getUint16(4 + i * 8);
    const encoding = cmap.getUint16(6 + i * 8);
    const at = cmap.getUint32(8 + i * 8);
    const sub = new DataView(cmap.buffer, cmap.byteOffset + at, cmap.byteLength - at);
    if (platform !== 3 || encoding !== 1 || sub.getUint16(0) !== 4) continue;
    const segs = sub.getUint16(6) / 2;
    const ends = 14;
    const starts = ends + segs * 2 + 2;
    const deltas = starts + segs * 2;
    const ranges = deltas + segs * 2;
    return (cp) => {
      if (cp > 0xffff) return 0;
      for (let s = 0; s < segs; s++) {
        if (cp > sub.getUint16(ends + s * 2)) continue;
        const start = sub.getUint16(starts + s * 2);
        if (cp < start) return 0;
        const delta = sub.getInt16(deltas + s * 2);
        const rangeOffset = sub.getUint16(ranges + s * 2);
        if (rangeOffset === 0) return (cp + delta) & 0xffff;
        const glyph = sub.getUint16(ranges + s * 2 + rangeOffset + (cp - start) * 2);
        return glyph === 0 ? 0 : (glyph + delta) & 0xffff;
      }
      return 0;
    };
  }
  throw new Error('font has no Unicode BMP cmap');
}

/** A `Measure` for an OpenType font's bytes: the width of a run of text at a font size, in pixels. */
export function advanceMeasure(sfnt: Uint8Array): Measure {
  const v = new DataView(sfnt.buffer, sfnt.byteOffset, sfnt.byteLength);
  const unitsPerEm = table(v, 'head').getUint16(18);
  const metrics = table(v, 'hhea').getUint16(34);
  const hmtx = table(v, 'hmtx');
  const glyphOf = cmapFormat4(table(v, 'cmap'));
  const cache = new Map<number, number>();
  const units = (cp: number) => {
    let w = cache.get(cp);
    if (w === undefined) cache.set(cp, (w = hmtx.getUint16(Math.min(glyphOf(cp), metrics - 1) * 4)));
    return w;
  };
  return (text, fontSize) => {
    let sum = 0;
    for (const ch of text) sum += units(ch.codePointAt(0) ?? 0);
    return (sum / unitsPerEm) * fontSize;
  };
}
