/** A width and a height in pixels. */
export interface Size {
  width: number;
  height: number;
}

/**
 * Text that fits its template box, memegen/imgflip style: a caption keeps the largest font size at which its
 * word-wrapped lines fit the box's width and height, down to a readable minimum; below that it keeps wrapping and
 * grows taller. Pure code: the width of a run of text comes from a `Measure` (the browser's canvas in the editor,
 * the shipped font files' advance widths in Node tests and in the API Worker's meme renderer, `core/memes/layout.ts`),
 * so the rule is the same in all three.
 */

/** Width in pixels of `text` set at `fontSize` px in the caption's font. */
export type Measure = (text: string, fontSize: number) => number;

/** Smallest size a caption shrinks to on the editing canvas (the export is 2× or more, so 24 px and up). */
export const FIT_MIN_FONT_PX = 12;

/**
 * fabric's text metrics: a line advances `fontSize × FONT_SIZE_MULT × LINE_HEIGHT`, and the last line is
 * `fontSize × FONT_SIZE_MULT` tall (Text#calcTextHeight with the default lineHeight and _fontSizeMult).
 */
export const LINE_HEIGHT = 1.16;
export const FONT_SIZE_MULT = 1.13;

export function blockHeight(lineCount: number, fontSize: number): number {
  if (lineCount === 0) return 0;
  return fontSize * FONT_SIZE_MULT * (LINE_HEIGHT * (lineCount - 1) + 1);
}

/**
 * Greedy word wrap as fabric's Textbox does it (words split on spaces, hard breaks kept): a word goes on the line
 * while the line with it stays within `width`; a word wider than the box stands on a line of its own.
 */
export function wrapLines(text: string, width: number, fontSize: number, measure: Measure): string[] {
  const out: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(' ')) {
      const candidate = line === '' ? word : `${line} ${word}`;
      if (line !== '' && measure(candidate, fontSize) > width) {
        out.push(line);
        line = word;
      } else {
        line = candidate;
      }
    }
    out.push(line);
  }
  return out;
}

export interface Layout {
  fontSize: number;
  lines: string[];
  /** Widest line and the block's height at that size. */
  width: number;
  height: number;
  /** True when the text is inside the box; false only when even the minimum size overflows. */
  fits: boolean;
}

export function layoutAt(text: string, box: Size, fontSize: number, measure: Measure): Layout {
  const lines = wrapLines(text, box.width, fontSize, measure);
  const width = Math.max(0, ...lines.map((l) => measure(l, fontSize)));
  const height = blockHeight(lines.length, fontSize);
  return { fontSize, lines, width, height, fits: width <= box.width && height <= box.height };
}

/**
 * The largest whole font size from `max` down to `min` at which `text` fits `box`; `min` (wrapping and
 * overflowing) when none does. Sizes are tried from the top, since a smaller size can re-wrap into more lines.
 */
export function fitText(text: string, box: Size, measure: Measure, max: number, min = FIT_MIN_FONT_PX): Layout {
  const top = Math.max(min, Math.floor(max));
  for (let size = top; size > min; size--) {
    const layout = layoutAt(text, box, size, measure);
    if (layout.fits) return layout;
  }
  return layoutAt(text, box, min, measure);
}

/** The size a template box starts from before fitting: 40% of its height (two lines), within the toolbar range. */
export function boxMaxFontSize(boxHeight: number): number {
  return Math.min(72, Math.max(16, Math.round(boxHeight * 0.4)));
}

/**
 * The box a caption needs to be set at exactly `fontSize`, for a size the person typed: the box keeps its width
 * unless a single word is wider, grows to the wrapped lines' height, and stays centred where it was. Never smaller
 * than the box it had, so the caption does not jump. A slack of half a pixel keeps fabric's own layout (which
 * rounds differently) from shrinking the text by one size.
 */
export function boxForSize<B extends Size & { left: number; top: number }>(
  text: string,
  box: B,
  fontSize: number,
  measure: Measure,
): B {
  const widestWord = Math.max(0, ...text.split(/[\s]+/).map((w) => measure(w, fontSize)));
  const width = Math.max(box.width, Math.ceil(widestWord + 1));
  const height = Math.max(box.height, Math.ceil(layoutAt(text, { ...box, width }, fontSize, measure).height + 1));
  return {
    ...box,
    left: box.left - (width - box.width) / 2,
    top: box.top - (height - box.height) / 2,
    width,
    height,
  };
}
