/**
 * How a cover resize with position `smart` frames the picture (ADR 0136): on the faces when there are faces and they
 * fit the window together, else on the most detailed part (salient-window.ts, ADR 0134), else centred. Pure, so the
 * API's two paths and the Resize tool's preview take the same window from the same inputs.
 */
import { coverCrop } from './resize';
import type { GreyThumb } from './salient-window';

/** How a cover crop was placed: on the faces, on the most detailed part, or in the middle. */
export const FRAMINGS = ['faces', 'detail', 'centre'] as const;
export type Framing = (typeof FRAMINGS)[number];

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The window a cover resize keeps, in the upright picture's pixels, and how it was chosen. */
export interface CoverWindow extends Rect {
  by: Framing;
}

/**
 * Room kept around a face box, as shares of its size: detectors box the face from brow to chin, so the top of the
 * head needs more room above than the chin below.
 */
export const FACE_PAD = { side: 0.15, above: 0.35, below: 0.15 } as const;

/** Faces less than this share of the largest face's height are in the background: they do not move the frame. */
export const BACKGROUND_FACE = 1 / 3;

/**
 * A face the detector is less sure of than this does not move the frame (the offline detector reports faces from 0.4,
 * and a doubtful second face beside a real one would push the frame off both). Blur faces still blurs them.
 */
export const FRAMING_MIN_SCORE = 0.5;

/** The faces that frame a picture: sure enough, inside it, and not background faces. */
export function mainFaces(
  faces: readonly (Rect & { score?: number })[],
  picture: { width: number; height: number },
): Rect[] {
  const inside = faces
    .filter((f) => (f.score ?? 1) >= FRAMING_MIN_SCORE)
    .map((f) => {
      const x = Math.max(0, Math.floor(f.x));
      const y = Math.max(0, Math.floor(f.y));
      return {
        x,
        y,
        width: Math.min(picture.width, Math.ceil(f.x + f.width)) - x,
        height: Math.min(picture.height, Math.ceil(f.y + f.height)) - y,
      };
    })
    .filter((f) => f.width > 0 && f.height > 0);
  const tallest = Math.max(0, ...inside.map((f) => f.height));
  return inside.filter((f) => f.height >= tallest * BACKGROUND_FACE);
}

/** The start of a window `length` long on an axis `extent` long that holds [lo, hi) centred, or null when it cannot. */
function holding(lo: number, hi: number, length: number, extent: number): number | null {
  if (hi - lo > length) return null;
  return Math.min(extent - length, Math.max(0, Math.floor((lo + hi - length) / 2)));
}

/**
 * The window of the box's shape a cover resize keeps. `faces` (boxes in the picture's pixels; the main ones, see
 * mainFaces) frame it when their union fits the window along the cropped axis: padded by FACE_PAD when that fits too, else the bare boxes, centred
 * either way, so every main face is kept whole. When they do not fit together, or there are none, the detail window
 * of `thumb`; without a thumb, the centre.
 */
export function frameCover(
  picture: { width: number; height: number },
  box: { width: number; height: number },
  guide: { faces?: readonly (Rect & { score?: number })[]; thumb?: GreyThumb } = {},
): CoverWindow {
  const centred = coverCrop(picture, box);
  const axis = centred.width < picture.width ? 'x' : centred.height < picture.height ? 'y' : null;
  if (!axis) return { ...centred, by: 'centre' };
  const faces = mainFaces(guide.faces ?? [], picture);
  if (faces.length > 0) {
    const [pos, size, extent, length] =
      axis === 'x'
        ? (['x', 'width', picture.width, centred.width] as const)
        : (['y', 'height', picture.height, centred.height] as const);
    const lo = Math.min(...faces.map((f) => f[pos]));
    const hi = Math.max(...faces.map((f) => f[pos] + f[size]));
    const padBefore = (f: Rect) => Math.floor(f[size] * (axis === 'x' ? FACE_PAD.side : FACE_PAD.above));
    const padAfter = (f: Rect) => Math.ceil(f[size] * (axis === 'x' ? FACE_PAD.side : FACE_PAD.below));
    const paddedLo = Math.max(0, Math.min(...faces.map((f) => f[pos] - padBefore(f))));
    const paddedHi = Math.min(extent, Math.max(...faces.map((f) => f[pos] + f[size] + padAfter(f))));
    const start = holding(paddedLo, paddedHi, length, extent) ?? holding(lo, hi, length, extent);
    if (start !== null) return { ...centred, [pos]: start, by: 'faces' };
  }
  if (guide.thumb) return { ...coverCrop(picture, box, guide.thumb), by: 'detail' };
  return { ...centred, by: 'centre' };
}

/** Whether a rectangle lies wholly inside a window (tests, and the framing check of the Resize e2e). */
export const holds = (window: Rect, r: Rect) =>
  r.x >= window.x &&
  r.y >= window.y &&
  r.x + r.width <= window.x + window.width &&
  r.y + r.height <= window.y + window.height;
