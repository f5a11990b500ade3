/**
 * Text drawn as pixels: an SVG of `<text>` rasterised by resvg with the bundled fonts (fonts.ts). resvg is a codec
 * like the others: an instance grown by a large layer is dropped after it when the idle limit says so (wasm-memory.ts,
 * ADR 0157).
 */
import { svgRender } from '../codecs/codecs';
import type { Raster } from '../codecs/raster';
import { notoSansBold } from './fonts';

/** Text as SVG character data: the five characters XML reserves, escaped. */
export const escapeXml = (s: string) =>
  s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

/** Draws an SVG with the bundled OFL fonts (Noto Sans Bold unless others are given). */
export async function rasteriseSvg(
  svg: string,
  fontBuffers: Uint8Array[] = notoSansBold(),
  defaultFontFamily = 'Noto Sans',
): Promise<Raster> {
  return svgRender(svg, fontBuffers, defaultFontFamily);
}
