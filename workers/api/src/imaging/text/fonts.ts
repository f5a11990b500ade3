/**
 * The fonts the Worker draws text with, all in its bundle (read from the site, a font could be served by whoever the
 * request's Host named and kept for the isolate's life, ADR 0155): Noto Sans Bold (Latin, then Latin Extended) for the
 * watermark, a meme's `sans` look and every fallback, and Anton, the editor's stand-in for Impact (core/fonts.ts).
 * Each is unpacked from WOFF (woff.ts) and measured (metrics.ts) once per isolate, when first used.
 */
import antonWoff from '@fontsource/anton/files/anton-latin-400-normal.woff';
import latinExt from '@fontsource/noto-sans/files/noto-sans-latin-ext-700-normal.woff';
import latin from '@fontsource/noto-sans/files/noto-sans-latin-700-normal.woff';
import type { Measure } from '../../../../../core/memes/text-fit';
import type { MemeFontKey } from '../../../../../core/tools/meme';
import { advanceMeasure } from './metrics';
import { woffToSfnt } from './woff';

const sfntOf = (woff: unknown) => woffToSfnt(new Uint8Array(woff as ArrayBuffer));

let noto: Uint8Array[] | undefined;
/** Noto Sans Bold, Latin then Latin Extended, as OpenType: the default font, and every drawing's fallback. */
export const notoSansBold = () => (noto ??= [latin, latinExt].map(sfntOf));

let antonSfnt: Uint8Array | undefined;
const anton = () => (antonSfnt ??= sfntOf(antonWoff));

/** A font as a drawing names it: its family and weight in the SVG, its bytes for resvg, its advance widths. */
export interface TextFont {
  family: string;
  weight: number;
  sfnt: () => Uint8Array;
  measure: () => Measure;
}

const measured = (sfnt: () => Uint8Array) => {
  let measure: Measure | undefined;
  return () => (measure ??= advanceMeasure(sfnt()));
};

/** A caption's looks (core/tools/meme.ts): `impact`, drawn with its stand-in Anton; `sans`, Noto Sans Bold. */
export const FONTS: Record<MemeFontKey, TextFont> = {
  impact: { family: 'Anton', weight: 400, sfnt: anton, measure: measured(anton) },
  sans: {
    family: 'Noto Sans',
    weight: 700,
    sfnt: () => notoSansBold()[0]!,
    measure: measured(() => notoSansBold()[0]!),
  },
};
