/**
 * The meme fonts the editor offers (docs/product.md §4.3), each backed by an openly licensed stand-in that we
 * self-host. The @font-face rules keep the family name the editor shows and try the system font first (`local()`), so a
 * machine that has Impact uses Impact and every other machine gets Anton, with identical layout code.
 */
export interface MemeFont {
  /** The family name used in the UI, the editor and saved documents. */
  family: string;
  /** The @fontsource package that stands in for it (all OFL or Apache-2.0). */
  standIn: string;
  /** Weights shipped, with italics where the stand-in has them. */
  weights: number[];
  italic: boolean;
  generic: 'sans-serif' | 'serif' | 'monospace' | 'cursive';
}

export const MEME_FONTS: MemeFont[] = [
  { family: 'Impact', standIn: 'anton', weights: [400], italic: false, generic: 'sans-serif' },
  { family: 'Arial Black', standIn: 'archivo-black', weights: [400], italic: false, generic: 'sans-serif' },
  { family: 'Comic Sans MS', standIn: 'comic-neue', weights: [400, 700], italic: true, generic: 'cursive' },
  { family: 'Helvetica', standIn: 'arimo', weights: [400, 700], italic: true, generic: 'sans-serif' },
  { family: 'Times New Roman', standIn: 'tinos', weights: [400, 700], italic: true, generic: 'serif' },
  { family: 'Verdana', standIn: 'noto-sans', weights: [400, 700], italic: true, generic: 'sans-serif' },
  { family: 'Georgia', standIn: 'gelasio', weights: [400, 700], italic: true, generic: 'serif' },
  { family: 'Courier New', standIn: 'cousine', weights: [400, 700], italic: true, generic: 'monospace' },
  { family: 'Trebuchet MS', standIn: 'fira-sans', weights: [400, 700], italic: true, generic: 'sans-serif' },
  { family: 'Arial', standIn: 'arimo', weights: [400, 700], italic: true, generic: 'sans-serif' },
];

/** The one list of fonts the editor offers, in its top toolbar and its text panel alike (docs/product.md §4.3). */
export const FONT_FAMILIES: readonly string[] = MEME_FONTS.map((f) => f.family);

/** Fallbacks after the chosen family, so non-Latin scripts and emoji still render. */
export const FONT_FALLBACK = '"Noto Sans", "Noto Color Emoji", "Apple Color Emoji", "Segoe UI Emoji", sans-serif';

export const cssFontStack = (family: string) => `"${family}", ${FONT_FALLBACK}`;

/**
 * The file a stand-in's Latin subset is served from (scripts/build-fonts.ts copies @fontsource's files to /fonts/).
 * The editor preloads Impact's so template text is drawn without waiting for the stylesheet to ask for it.
 */
export const latinFontFile = (font: MemeFont, weight = 400) => `/fonts/${font.standIn}-latin-${weight}-normal.woff2`;
