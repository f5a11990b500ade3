/**
 * WCAG 2 contrast, for the checks that captions read on their templates. Definitions from
 * https://www.w3.org/TR/WCAG21/#dfn-relative-luminance and https://www.w3.org/TR/WCAG21/#dfn-contrast-ratio;
 * 3:1 is the level WCAG asks of large text (https://www.w3.org/TR/WCAG21/#contrast-minimum), and captions are large.
 */
export type Rgb = readonly [r: number, g: number, b: number];

export const CAPTION_CONTRAST_MIN = 3;

const NAMED: Record<string, Rgb> = { black: [0, 0, 0], white: [255, 255, 255] };

/** A template box's colour (`black`, `white`, `#rgb` or `#rrggbb`, what the catalog uses) as 0–255 channels. */
export function parseColour(css: string): Rgb {
  const c = css.trim().toLowerCase();
  const named = NAMED[c];
  if (named) return named;
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/.exec(c)?.[1];
  if (!hex) throw new Error(`unsupported caption colour "${css}"`);
  const full = hex.length === 3 ? [...hex].map((d) => d + d).join('') : hex;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as unknown as Rgb;
}

const linear = (channel: number) => {
  const v = channel / 255;
  return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
};

export const relativeLuminance = ([r, g, b]: Rgb) => 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);

export function contrastRatio(a: Rgb | number, b: Rgb | number): number {
  const la = typeof a === 'number' ? a : relativeLuminance(a);
  const lb = typeof b === 'number' ? b : relativeLuminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}
