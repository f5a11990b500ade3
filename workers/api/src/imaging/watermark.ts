/** Text watermark drawn with a real OFL font (Noto Sans Bold) by resvg, then alpha-composited onto the picture. */
import latinExt from '@fontsource/noto-sans/files/noto-sans-latin-ext-700-normal.woff';
import latin from '@fontsource/noto-sans/files/noto-sans-latin-700-normal.woff';
import { Resvg } from '@cf-wasm/resvg';
import { WATERMARK_REFERENCE_WIDTH, type WatermarkPosition } from '../../../../core/tools/watermark';
import { composite } from './pixels';
import type { Raster } from './raster';
import { woffToSfnt } from './woff';

let fonts: Uint8Array[] | undefined;
const loadFonts = () => (fonts ??= [latin, latinExt].map((f) => woffToSfnt(new Uint8Array(f as unknown as ArrayBuffer))));

const escapeXml = (s: string) =>
  s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

export interface WatermarkOptions {
  text: string;
  position: WatermarkPosition;
  /** 0–1. */
  opacity: number;
  /** Font size in pixels on a picture WATERMARK_REFERENCE_WIDTH wide; scaled with the picture. */
  size: number;
  /** #rrggbb */
  color: string;
}

export function fontPixels(imageWidth: number, size: number): number {
  return Math.max(8, Math.round((size * imageWidth) / WATERMARK_REFERENCE_WIDTH));
}

/** Renders one line of text as a strip as wide as the picture, so resvg's canvas stays small. */
export async function renderTextStrip(width: number, opts: WatermarkOptions): Promise<Raster> {
  const px = fontPixels(width, opts.size);
  const height = Math.ceil(px * 1.5);
  const pad = Math.round(Math.max(px * 0.5, width * 0.02));
  const horizontal = opts.position.endsWith('left') ? 'start' : opts.position.endsWith('right') ? 'end' : 'middle';
  const x = horizontal === 'start' ? pad : horizontal === 'end' ? width - pad : width / 2;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<text x="${x}" y="${Math.round(px * 1.1)}" font-family="Noto Sans" font-weight="700" font-size="${px}" ` +
    `text-anchor="${horizontal}" fill="${opts.color}">${escapeXml(opts.text)}</text></svg>`;
  return rasteriseSvg(svg);
}

/** Draws an SVG with the bundled OFL font; the resvg objects are always freed. */
export async function rasteriseSvg(svg: string): Promise<Raster> {
  const resvg = await Resvg.async(svg, { font: { fontBuffers: loadFonts(), defaultFontFamily: 'Noto Sans' } });
  try {
    const rendered = resvg.render();
    try {
      return { data: new Uint8ClampedArray(rendered.pixels), width: rendered.width, height: rendered.height };
    } finally {
      rendered.free();
    }
  } finally {
    resvg.free();
  }
}

/** Where the strip goes: a margin from the top or bottom edge, or the middle. */
export function stripTop(pictureHeight: number, stripHeight: number, position: WatermarkPosition): number {
  const margin = Math.round(Math.max(pictureHeight * 0.02, stripHeight * 0.2));
  if (position === 'center') return Math.round((pictureHeight - stripHeight) / 2);
  return position.startsWith('top') ? margin : pictureHeight - stripHeight - margin;
}

export async function watermark(src: Raster, opts: WatermarkOptions): Promise<Raster> {
  const strip = await renderTextStrip(src.width, opts);
  return composite(src, strip, 0, stripTop(src.height, strip.height, opts.position), opts.opacity);
}
