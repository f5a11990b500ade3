/**
 * The before/after comparison at 100%: the pictures at their own pixel size in a window that pans, the divider fixed
 * in the window. Pure, so the geometry is tested without a browser.
 */

/**
 * Where the divider cuts the picture, in the picture's pixels: the window shows it from `scrollLeft`, `viewWidth`
 * wide, and the divider stands at `pos` percent of the window. Clamped to the picture, which may be narrower.
 */
export function dividerInPicture(pos: number, scrollLeft: number, viewWidth: number, pictureWidth: number): number {
  return Math.round(Math.min(pictureWidth, Math.max(0, scrollLeft + (pos / 100) * viewWidth)));
}

/** The scroll that puts the middle of a picture `picture` px long in the middle of a window `view` px long. */
export const centred = (picture: number, view: number) => Math.max(0, Math.round((picture - view) / 2));
