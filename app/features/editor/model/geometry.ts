import type { TextBox } from '../../../../core/api/templates';
import { IMAGE_FIT, NEW_TEXT_MAX_WIDTH, NEW_TEXT_WIDTH_SHARE } from '../../../../core/editor';
import { AUTO_CROP_PADDING_PX, CANVAS_INITIAL, EXPORT_MAX_SIDE, EXPORT_SCALE } from '../../../../core/limits';

export interface Size {
  width: number;
  height: number;
}
export interface Rect extends Size {
  left: number;
  top: number;
}

export interface ImageFit {
  /** Where the image sits on the canvas, at its displayed size. */
  image: Rect;
  scale: number;
  canvas: Size;
}

/**
 * Image load (docs/product.md §4.1): shrink to fit min(1000, window width − 500) × min(600, window height − 250), never
 * enlarge, never shrink the box below 400 × 300; the canvas is the image plus 40 px wide and 200 px tall margins.
 */
export function fitImage(natural: Size, viewport: Size): ImageFit {
  const maxWidth = Math.max(
    IMAGE_FIT.minWidth,
    Math.min(IMAGE_FIT.maxWidth, viewport.width - IMAGE_FIT.windowWidthReserve),
  );
  const maxHeight = Math.max(
    IMAGE_FIT.minHeight,
    Math.min(IMAGE_FIT.maxHeight, viewport.height - IMAGE_FIT.windowHeightReserve),
  );
  const scale = Math.min(1, maxWidth / natural.width, maxHeight / natural.height);
  const width = Math.round(natural.width * scale);
  const height = Math.round(natural.height * scale);
  return {
    scale,
    image: { left: IMAGE_FIT.marginWidth / 2, top: IMAGE_FIT.marginHeight / 2, width, height },
    canvas: { width: width + IMAGE_FIT.marginWidth, height: height + IMAGE_FIT.marginHeight },
  };
}

/** Without an image, text is placed against the blank initial canvas as if it were the image area. */
export function blankImageArea(canvas: Size = CANVAS_INITIAL): Rect {
  return {
    left: IMAGE_FIT.marginWidth / 2,
    top: IMAGE_FIT.marginHeight / 2,
    width: canvas.width - IMAGE_FIT.marginWidth,
    height: canvas.height - IMAGE_FIT.marginHeight,
  };
}

/** A memegen box (fractions of the image) in canvas pixels. */
export function templateBoxRect(box: TextBox, image: Rect): Rect {
  return {
    left: image.left + box.anchor_x * image.width,
    top: image.top + box.anchor_y * image.height,
    width: box.scale_x * image.width,
    height: box.scale_y * image.height,
  };
}

export const intersects = (a: Rect, b: Rect) =>
  a.left < b.left + b.width && b.left < a.left + a.width && a.top < b.top + b.height && b.top < a.top + a.height;

export function newTextWidth(image: Rect): number {
  return Math.min(NEW_TEXT_MAX_WIDTH, Math.round(image.width * NEW_TEXT_WIDTH_SHARE));
}

const INSIDE_TOP_OFFSET = 10;

/**
 * docs/product.md §4.3: a new text layer goes above the image if no text is there, else below it, else inside near the
 * top. "There" is the margin band above or below the image; `textHeight` is the new layer's height.
 */
export function placeNewText(image: Rect, canvas: Size, texts: Rect[], textHeight: number): Rect {
  const width = newTextWidth(image);
  const left = image.left + (image.width - width) / 2;
  const above: Rect = { left: 0, top: 0, width: canvas.width, height: image.top };
  const belowTop = image.top + image.height;
  const below: Rect = { left: 0, top: belowTop, width: canvas.width, height: Math.max(0, canvas.height - belowTop) };
  const free = (band: Rect) => band.height > 0 && !texts.some((t) => intersects(t, band));
  if (free(above)) return { left, top: Math.max(0, (image.top - textHeight) / 2), width, height: textHeight };
  if (free(below))
    return { left, top: belowTop + Math.max(0, (below.height - textHeight) / 2), width, height: textHeight };
  return { left, top: image.top + INSIDE_TOP_OFFSET, width, height: textHeight };
}

/** The smallest rectangle holding every rectangle, or null for none. */
export function unionRect(rects: Rect[]): Rect | null {
  if (rects.length === 0) return null;
  const left = Math.min(...rects.map((r) => r.left));
  const top = Math.min(...rects.map((r) => r.top));
  const right = Math.max(...rects.map((r) => r.left + r.width));
  const bottom = Math.max(...rects.map((r) => r.top + r.height));
  return { left, top, width: right - left, height: bottom - top };
}

/**
 * Auto-crop: the canvas shrinks to the bounding box of all objects (plus `padding`, none by default: ADR 0120),
 * kept inside the canvas and snapped outward to whole pixels. Null when there is nothing to crop.
 */
export function autoCropBounds(objects: Rect[], canvas: Size, padding = AUTO_CROP_PADDING_PX): Rect | null {
  const box = unionRect(objects);
  if (!box) return null;
  const left = Math.max(0, Math.floor(box.left - padding));
  const top = Math.max(0, Math.floor(box.top - padding));
  const right = Math.min(canvas.width, Math.ceil(box.left + box.width + padding));
  const bottom = Math.min(canvas.height, Math.ceil(box.top + box.height + padding));
  if (right <= left || bottom <= top) return null;
  return { left, top, width: right - left, height: bottom - top };
}

const clipTo = (canvas: Size, box: Rect): Rect | null => {
  const left = Math.max(0, box.left);
  const top = Math.max(0, box.top);
  const right = Math.min(canvas.width, box.left + box.width);
  const bottom = Math.min(canvas.height, box.top + box.height);
  return right > left && bottom > top ? { left, top, width: right - left, height: bottom - top } : null;
};

/**
 * The part of the canvas a download holds, to the fraction of a pixel: the picture plus every object, clipped to
 * the canvas, so margins nobody used never become white bands. After Auto Crop it is exactly the objects' box (the
 * cropped canvas was snapped outward to whole pixels, and that sliver must not show as a white edge); without a
 * picture and before any crop it is the whole canvas (the background is the meme).
 */
export function exportArea(canvas: Size, image: Rect | null, objects: Rect[], cropped: boolean): Rect {
  const whole = { left: 0, top: 0, width: canvas.width, height: canvas.height };
  if (cropped) {
    const box = unionRect(image ? [image, ...objects] : objects);
    return (box && clipTo(canvas, box)) ?? whole;
  }
  if (!image) return whole;
  return clipTo(canvas, unionRect([image, ...objects])!) ?? whole;
}

/**
 * How many file pixels per canvas pixel: the picture's own resolution (`native` = file pixels per canvas pixel), so
 * a template or an upload downloads at its own size whatever the screen it was edited on (the canvas shows it
 * smaller on a phone than on a computer); EXPORT_SCALE without a picture. The long side is at most EXPORT_MAX_SIDE.
 */
export function exportMultiplier(native: number | null, area: Size, maxSide = EXPORT_MAX_SIDE): number {
  return Math.min(native ?? EXPORT_SCALE, maxSide / Math.max(area.width, area.height));
}
