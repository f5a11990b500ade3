/**
 * A meme's captions as one transparent layer the size of the picture, drawn by resvg with the fonts the Worker
 * carries. The layout is core's (core/memes/layout.ts: the editor's text-fit rule), measured with the same font
 * file's advance widths that resvg then draws with, so a caption that fits by the numbers fits on the picture.
 */
import antonWoff from '@fontsource/anton/files/anton-latin-400-normal.woff';
import { layoutCaption, type CaptionLayout } from '../../../../../../core/memes/layout';
import type { Measure } from '../../../../../../core/memes/text-fit';
import type { TextBox } from '../../../../../../core/api/templates';
import { boxLook, type BoxLook, type MemeFontKey, type MemeStyle } from '../../../../../../core/tools/meme';
import { advanceMeasure } from '../../codecs/font-metrics';
import type { Raster } from '../../codecs/raster';
import { woffToSfnt } from '../../codecs/woff';
import { notoSansBold, rasteriseSvg } from '../watermark/draw';
import type { Size } from '../../types';

interface MemeFont {
  family: string;
  weight: number;
  sfnt: () => Uint8Array;
  measure: () => Measure;
}

/**
 * Anton is in the Worker's bundle (16 KB, like Noto Sans): read from the site, a font could be served by whoever the
 * request's Host named and kept for the isolate's life (ADR 0155). Unpacked and measured once per isolate.
 */
let antonSfnt: Uint8Array | undefined;
let antonMeasure: Measure | undefined;
const anton = () => (antonSfnt ??= woffToSfnt(new Uint8Array(antonWoff as unknown as ArrayBuffer)));
let sansMeasure: Measure | undefined;

/** `impact`: the editor's Impact, drawn with its stand-in Anton (core/fonts.ts); `sans`: Noto Sans Bold. */
const FONTS: Record<MemeFontKey, MemeFont> = {
  impact: { family: 'Anton', weight: 400, sfnt: anton, measure: () => (antonMeasure ??= advanceMeasure(anton())) },
  sans: {
    family: 'Noto Sans',
    weight: 700,
    sfnt: () => notoSansBold()[0]!,
    measure: () => (sansMeasure ??= advanceMeasure(notoSansBold()[0]!)),
  },
};

const escapeXml = (s: string) =>
  s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

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
