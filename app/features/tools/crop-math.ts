/** Crop box arithmetic in image pixels, kept pure so it can be tested without a browser. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
export interface Size {
  width: number;
  height: number;
}
export type Corner = 'nw' | 'ne' | 'sw' | 'se';
export const MIN_CROP = 8;

export const CROP_RATIOS = [
  { id: 'free', label: 'Free', ratio: null },
  { id: '1:1', label: '1:1', ratio: 1 },
  { id: '4:3', label: '4:3', ratio: 4 / 3 },
  { id: '16:9', label: '16:9', ratio: 16 / 9 },
  { id: '9:16', label: '9:16', ratio: 9 / 16 },
  { id: '3:2', label: '3:2', ratio: 3 / 2 },
] as const;

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** Whole pixels, at least MIN_CROP, inside the image. */
export function clampBox(b: Box, img: Size): Box {
  const width = clamp(Math.round(b.width), Math.min(MIN_CROP, img.width), img.width);
  const height = clamp(Math.round(b.height), Math.min(MIN_CROP, img.height), img.height);
  return {
    x: clamp(Math.round(b.x), 0, img.width - width),
    y: clamp(Math.round(b.y), 0, img.height - height),
    width,
    height,
  };
}

export const moveBox = (b: Box, dx: number, dy: number, img: Size): Box =>
  clampBox({ ...b, x: b.x + dx, y: b.y + dy }, img);

/** The largest centred box of this ratio (the whole image when free). */
export function fitRatio(img: Size, ratio: number | null): Box {
  if (!ratio) return { x: 0, y: 0, ...img };
  let width = img.width;
  let height = Math.round(width / ratio);
  if (height > img.height) {
    height = img.height;
    width = Math.round(height * ratio);
  }
  return clampBox({ x: (img.width - width) / 2, y: (img.height - height) / 2, width, height }, img);
}

/** Drags one corner by (dx, dy); the opposite corner stays put; a ratio, when set, is kept. */
export function resizeBox(b: Box, corner: Corner, dx: number, dy: number, img: Size, ratio: number | null): Box {
  const east = corner === 'ne' || corner === 'se';
  const south = corner === 'sw' || corner === 'se';
  const ax = east ? b.x : b.x + b.width;
  const ay = south ? b.y : b.y + b.height;
  const roomX = east ? img.width - ax : ax;
  const roomY = south ? img.height - ay : ay;
  let width = clamp(b.width + (east ? dx : -dx), MIN_CROP, roomX);
  let height = clamp(b.height + (south ? dy : -dy), MIN_CROP, roomY);
  if (ratio) {
    height = Math.round(width / ratio);
    if (height > roomY) {
      height = roomY;
      width = Math.round(height * ratio);
    }
    if (height < MIN_CROP) height = MIN_CROP;
  }
  width = Math.round(width);
  height = Math.round(height);
  return { x: east ? ax : ax - width, y: south ? ay : ay - height, width, height };
}
