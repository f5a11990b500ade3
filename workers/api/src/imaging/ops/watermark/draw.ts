/**
 * Text watermark drawn with a real OFL font (Noto Sans Bold) by resvg (imaging/text/), then alpha-composited onto the
 * picture.
 */
import { watermarkStrip, watermarkStripTop, type WatermarkPosition } from '../../../../../../core/tools/watermark';
import { composite } from '../../codecs/pixels';
import { crop, type Raster } from '../../codecs/raster';
import { escapeXml, rasteriseSvg } from '../../text/rasterise';

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

/**
 * Renders one line of text as a strip as wide as the picture, so resvg's canvas stays small. The geometry is
 * core's (`watermarkStrip`), which the live preview draws from too.
 */
export async function renderTextStrip(width: number, opts: WatermarkOptions): Promise<Raster> {
  const { fontPx, stripHeight, x, anchor, textY } = watermarkStrip(width, opts.size, opts.position);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${stripHeight}">` +
    `<text x="${x}" y="${textY}" font-family="Noto Sans" font-weight="700" font-size="${fontPx}" ` +
    `text-anchor="${anchor}" fill="${opts.color}">${escapeXml(opts.text)}</text></svg>`;
  return rasteriseSvg(svg);
}

/**
 * One line of text cut to the pixels it drew, for a tiled watermark: the tiles' spacing is measured from the text as
 * drawn, never guessed from its length.
 */
export async function renderTextTile(
  width: number,
  opts: Pick<WatermarkOptions, 'text' | 'size' | 'color'>,
): Promise<Raster> {
  const { fontPx } = watermarkStrip(width, opts.size, 'top-left');
  // Room enough for any glyph of the bundled font (the widest are about 1.2 em), cut to what was drawn below.
  const room = Math.ceil(opts.text.length * fontPx * 1.3 + fontPx * 2);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${room}" height="${fontPx * 2}">` +
    `<text x="${fontPx}" y="${Math.round(fontPx * 1.3)}" font-family="Noto Sans" font-weight="700" font-size="${fontPx}" fill="${opts.color}">${escapeXml(opts.text)}</text></svg>`;
  return drawnPart(await rasteriseSvg(svg));
}

/** The smallest rectangle holding every pixel that is not fully transparent (the whole raster when none is). */
function drawnPart(r: Raster): Raster {
  let [left, top, right, bottom] = [r.width, r.height, -1, -1];
  for (let y = 0; y < r.height; y++)
    for (let x = 0; x < r.width; x++)
      if (r.data[(y * r.width + x) * 4 + 3]) {
        left = Math.min(left, x);
        right = Math.max(right, x);
        top = Math.min(top, y);
        bottom = Math.max(bottom, y);
      }
  return right < 0 ? r : crop(r, left, top, right - left + 1, bottom - top + 1);
}

export async function watermark(src: Raster, opts: WatermarkOptions): Promise<Raster> {
  const strip = await renderTextStrip(src.width, opts);
  return composite(src, strip, 0, watermarkStripTop(src.height, strip.height, opts.position), opts.opacity);
}
