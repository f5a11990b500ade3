/** A box on the meme, in any one unit (pixels, or fractions of the picture). */
export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * A box joins a row when it overlaps the row's first box by at least this share of the shorter one's height: the
 * Two Buttons' right button sits 30 px higher than the left one, yet both are one row read left to right.
 */
const SAME_ROW_OVERLAP = 0.5;

/**
 * Items in the order a person reads their boxes: rows top to bottom, each row left to right. The editor's captions
 * list is in this order (Caption 1 first), and a template's boxes are written in it, so a caption suggestion's first
 * line fills Caption 1 (ADR 0119; scripts/templates/catalog.test.ts holds every template to it).
 */
export function readingOrder<T>(items: readonly T[], boxOf: (item: T) => Box): T[] {
  const byTop = items
    .map((item) => ({ item, box: boxOf(item) }))
    .sort((a, b) => a.box.top - b.box.top || a.box.left - b.box.left);
  const rows: (typeof byTop)[] = [];
  for (const entry of byTop) {
    const row = rows.at(-1);
    const first = row?.[0]?.box;
    if (row && first && sameRow(first, entry.box)) row.push(entry);
    else rows.push([entry]);
  }
  return rows.flatMap((row) => row.sort((a, b) => a.box.left - b.box.left).map((e) => e.item));
}

function sameRow(a: Box, b: Box): boolean {
  const overlap = Math.min(a.top + a.height, b.top + b.height) - Math.max(a.top, b.top);
  return overlap > 0 && overlap >= SAME_ROW_OVERLAP * Math.min(a.height, b.height);
}
