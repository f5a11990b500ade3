/**
 * The Crop tab's four number fields, pure so they are tested in Node (crop-fields.test.ts).
 *
 * A field holds what the person types until it is committed (Enter or leaving it): clamping each keystroke made
 * clearing a field or typing 500 impossible. While typing, a complete number that fits the picture with the other
 * three numbers moves the box at once; anything else waits, with a hint saying what committing will make of it.
 * Committing keeps the typed number and moves or shrinks the other number on that axis, so Left and Top typed before
 * a smaller size are kept.
 */
import { clampBox, MIN_CROP, type Box, type Size } from './crop-math';

export type CropField = keyof Box;

export const CROP_FIELD_LABELS: Record<CropField, string> = {
  x: 'Left (x)',
  y: 'Top (y)',
  width: 'Crop width',
  height: 'Crop height',
};

/** A whole number of pixels, or null for an empty or partial entry ("", "-", "12.5"). */
export function readPixels(text: string): number | null {
  const t = text.trim();
  return /^-?\d+$/.test(t) ? Number(t) : null;
}

const axisOf = (k: CropField) => (k === 'x' || k === 'width' ? 'width' : 'height');

/** The box as typed: the one number replaced (and, with a ratio, the height following the width), nothing fitted. */
export function typedBox(b: Box, k: CropField, value: number, ratio: number | null): Box {
  const next = { ...b, [k]: value };
  return ratio && k === 'width' ? { ...next, height: Math.round(value / ratio) } : next;
}

/** True when the box lies inside the picture as it is, at least MIN_CROP a side (or the whole side when smaller). */
export function fitsPicture(b: Box, img: Size): boolean {
  const min = (side: number) => Math.min(MIN_CROP, side);
  return (
    b.x >= 0 &&
    b.y >= 0 &&
    b.width >= min(img.width) &&
    b.height >= min(img.height) &&
    b.x + b.width <= img.width &&
    b.y + b.height <= img.height
  );
}

/**
 * The typed number fitted to the picture, keeping it where it can be: an offset shrinks the size on its axis, a size
 * moves the offset on its axis. A ratio is kept from the width.
 */
export function commitField(b: Box, k: CropField, value: number, img: Size, ratio: number | null): Box {
  const side = img[axisOf(k)];
  const min = Math.min(MIN_CROP, side);
  if (k === 'x' || k === 'y') {
    const at = Math.min(Math.max(0, value), side - min);
    const size = k === 'x' ? 'width' : 'height';
    const next = { ...b, [k]: at, [size]: Math.min(b[size], side - at) };
    if (ratio && k === 'x') next.height = Math.round(next.width / ratio);
    if (ratio && k === 'y') next.width = Math.min(next.width, Math.round(next.height * ratio));
    if (ratio && k === 'y') next.height = Math.round(next.width / ratio);
    return clampBox(next, img);
  }
  let width = k === 'width' ? Math.min(Math.max(min, value), img.width) : b.width;
  let height = k === 'height' ? Math.min(Math.max(min, value), img.height) : b.height;
  if (ratio) {
    height = Math.round(width / ratio);
    if (height > img.height) {
      height = img.height;
      width = Math.round(height * ratio);
    }
  }
  return clampBox({ x: Math.min(b.x, img.width - width), y: Math.min(b.y, img.height - height), width, height }, img);
}

export type FieldReading = { live: Box; hint: null } | { live: null; hint: string };

/** What a field's text does while it is typed: moves the box now, or waits with a hint. */
export function readField(b: Box, k: CropField, text: string, img: Size, ratio: number | null): FieldReading {
  const value = readPixels(text);
  const label = CROP_FIELD_LABELS[k];
  const side = img[axisOf(k)];
  const offset = k === 'x' || k === 'y';
  const min = offset ? 0 : Math.min(MIN_CROP, side);
  const max = offset ? side - Math.min(MIN_CROP, side) : side;
  if (value === null) return { live: null, hint: `Type a whole number of pixels from ${min} to ${max}.` };
  const asked = typedBox(b, k, value, ratio);
  if (fitsPicture(asked, img)) return { live: asked, hint: null };
  const c = commitField(b, k, value, img, ratio);
  const becomes = `Press Enter or leave the field to use ${c.width} × ${c.height} at Left ${c.x}, Top ${c.y}.`;
  if (value < min) return { live: null, hint: `${label} is at least ${min} px. ${becomes}` };
  if (value > max)
    return {
      live: null,
      hint: `${label} is at most ${max} px on this ${img.width} × ${img.height} picture. ${becomes}`,
    };
  const right = asked.x + asked.width > img.width;
  const [at, size] = right ? (['x', 'width'] as const) : (['y', 'height'] as const);
  const sum = `${CROP_FIELD_LABELS[at]} ${asked[at]} plus ${CROP_FIELD_LABELS[size]} ${asked[size]}`;
  const edge = right ? `right edge (${img.width} px)` : `bottom edge (${img.height} px)`;
  return { live: null, hint: `${sum} goes past the picture's ${edge}. ${becomes}` };
}
