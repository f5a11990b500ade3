/**
 * A meme's captions as one transparent layer the size of the picture, drawn by resvg with the fonts the Worker
 * carries. The layout is core's (core/memes/layout.ts: the editor's text-fit rule), measured with the same font
 * file's advance widths that resvg then draws with, so a caption that fits by the numbers fits on the picture.
 */
import { layoutCaption, type CaptionLayout } from '../../../../../../core/memes/layout';
import type { TextBox } from '../../../../../../core/api/templates';
import { boxLook, type BoxLook, type MemeStyle } from '../../../../../../core/tools/meme';
import type { Raster } from '../../codecs/raster';
import { FONTS, notoSansBold } from '../../text/fonts';
import { escapeXml, rasteriseSvg } from '../../text/rasterise';
import type { Size } from '../../types';

/** A caption laid out, with how it is drawn. */
export type LookedLayout = CaptionLayout & { look: BoxLook };

/** Every box's layout in output pixels, each measured in the font its look draws it with. */
export function layoutCaptions(
  boxes: TextBox[],
  lines: string[],
  natural: Size,
  output: Size,
  style: MemeStyle,
): LookedLayout[] {
  return boxes.map((box, i) => {
    const look = boxLook(box, style);
    const layout = layoutCaption(lines[i] ?? '', box, natural, output, FONTS[look.font].measure(), {
      uppercase: style.uppercase,
      align: style.align,
    });
    return { ...layout, look };
  });
}

/** The SVG of the captions (exported for tests that read where each line goes). */
export function captionsSvg(layouts: LookedLayout[], output: Size): string {
  const texts = layouts
    .filter((l) => l.lines.some((line) => line.text.trim() !== ''))
    .map((l) => {
      const font = FONTS[l.look.font];
      const cx = l.box.left + l.box.width / 2;
      const cy = l.box.top + l.box.height / 2;
      const turn = l.angle ? ` transform="rotate(${l.angle} ${cx} ${cy})"` : '';
      const stroke =
        l.look.outline === 'none'
          ? ''
          : ` stroke="${escapeXml(l.look.outline)}" stroke-width="${l.outline.toFixed(2)}" stroke-linejoin="round" paint-order="stroke"`;
      const lines = l.lines
        .map((line) => `<text x="${line.x.toFixed(2)}" y="${line.y.toFixed(2)}">${escapeXml(line.text)}</text>`)
        .join('');
      return (
        `<g font-family="${font.family}" font-weight="${font.weight}" fill="${escapeXml(l.look.colour)}"${stroke} ` +
        `font-size="${l.fontSize.toFixed(2)}" text-anchor="${l.anchor}"${turn}>${lines}</g>`
      );
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${output.width}" height="${output.height}"><g xml:space="preserve">${texts}</g></svg>`;
}

/** The captions as a transparent layer `output` in size. */
export async function drawCaptions(
  boxes: TextBox[],
  lines: string[],
  natural: Size,
  output: Size,
  style: MemeStyle,
): Promise<Raster> {
  const layouts = layoutCaptions(boxes, lines, natural, output, style);
  const fonts = [...new Set(layouts.map((l) => l.look.font))];
  const first = FONTS[fonts[0] ?? 'sans'];
  return rasteriseSvg(
    captionsSvg(layouts, output),
    [...fonts.filter((f) => f === 'impact').map((f) => FONTS[f].sfnt()), ...notoSansBold()],
    first.family,
  );
}
