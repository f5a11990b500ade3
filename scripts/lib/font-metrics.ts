/**
 * Advance widths from the font files we ship (@fontsource WOFF), for Node tests of the editor's text fitting:
 * `cmap` (format 4, Unicode BMP) maps characters to glyphs, `hmtx` gives each glyph's advance in font units and
 * `head.unitsPerEm` scales them to pixels (OpenType spec, tables cmap/hmtx/hhea/head). Kerning is left out; it
 * moves a line of Anton by well under 1%, and the editor's Chromium tests check fabric's own layout.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
// The Worker's unpacker (it draws the watermark with the same fonts): one WOFF reader in the repo.
import { woffToSfnt } from '../../workers/api/src/imaging/codecs/woff';
import type { Measure } from '../../app/features/editor/model/text-fit';

interface Font {
  unitsPerEm: number;
  advance: (codePoint: number) => number;
}

function table(sfnt: Buffer, tag: string): Buffer {
  const count = sfnt.readUInt16BE(4);
  for (let i = 0; i < count; i++) {
    const e = 12 + i * 16;
    if (sfnt.toString('latin1', e, e + 4) === tag) {
      const offset = sfnt.readUInt32BE(e + 8);
      return sfnt.subarray(offset, offset + sfnt.readUInt32BE(e + 12));
    }
  }
  throw new Error(`font has no ${tag} table`);
}

function cmapFormat4(cmap: Buffer): (codePoint: number) => number {
  const count = cmap.readUInt16BE(2);
  for (let i = 0; i < count; i++) {
    const platform = cmap.readUInt16BE(4 + i * 8);
    const encoding = cmap.readUInt16BE(6 + i * 8);
    const sub = cmap.subarray(cmap.readUInt32BE(8 + i * 8));
    if (platform !== 3 || encoding !== 1 || sub.readUInt16BE(0) !== 4) continue;
    const segs = sub.readUInt16BE(6) / 2;
    const ends = 14;
    const starts = ends + segs * 2 + 2;
    const deltas = starts + segs * 2;
    const ranges = deltas + segs * 2;
    return (cp) => {
      for (let s = 0; s < segs; s++) {
        if (cp > sub.readUInt16BE(ends + s * 2)) continue;
        const start = sub.readUInt16BE(starts + s * 2);
        if (cp < start) return 0;
        const delta = sub.readInt16BE(deltas + s * 2);
        const rangeOffset = sub.readUInt16BE(ranges + s * 2);
        if (rangeOffset === 0) return (cp + delta) & 0xffff;
        const glyph = sub.readUInt16BE(ranges + s * 2 + rangeOffset + (cp - start) * 2);
        return glyph === 0 ? 0 : (glyph + delta) & 0xffff;
      }
      return 0;
    };
  }
  throw new Error('font has no Unicode BMP cmap');
}

function loadFont(standIn: string, weight: number): Font {
  const require = createRequire(import.meta.url);
  const dir = dirname(require.resolve(`@fontsource/${standIn}/package.json`));
  const sfnt = Buffer.from(woffToSfnt(readFileSync(join(dir, 'files', `${standIn}-latin-${weight}-normal.woff`))));
  const unitsPerEm = table(sfnt, 'head').readUInt16BE(18);
  const metrics = table(sfnt, 'hhea').readUInt16BE(34);
  const hmtx = table(sfnt, 'hmtx');
  const glyphOf = cmapFormat4(table(sfnt, 'cmap'));
  const advance = (cp: number) => hmtx.readUInt16BE(Math.min(glyphOf(cp), metrics - 1) * 4);
  return { unitsPerEm, advance };
}

/** A `Measure` for a shipped stand-in font ('anton' for Impact, 'arimo' for Arial …). */
export function fontMeasure(standIn: string, weight = 400): Measure {
  const font = loadFont(standIn, weight);
  const cache = new Map<number, number>();
  const units = (cp: number) => {
    let w = cache.get(cp);
    if (w === undefined) cache.set(cp, (w = font.advance(cp)));
    return w;
  };
  return (text, fontSize) => {
    let sum = 0;
    for (const ch of text) sum += units(ch.codePointAt(0) ?? 0);
    return (sum / font.unitsPerEm) * fontSize;
  };
}
