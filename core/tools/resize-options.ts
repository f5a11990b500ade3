/**
 * Resize: to a preset or a custom size, with an explicit fit. A preset's box is filled (`cover`, cropping what
 * overflows) unless the user chooses `contain` (padding in a colour) or `stretch`; a custom size with the aspect
 * ratio locked gives the largest picture inside the box; a custom size is stretched only when it is unlocked.
 */
// Zod-free, so the tool screens import no zod; resize.ts re-exports this beside its schema (ADR 0195).
import { RESIZE_DEFAULT, RESIZE_PRESETS } from '../resize-presets';
import { MAX_OUTPUT_PIXELS } from './output';
import { salientStart, type GreyThumb } from './salient-window';
export {
  PRESET_CATEGORY_LABELS,
  QUICK_PRESET_COUNT,
  RESIZE_DEFAULT,
  RESIZE_PRESETS,
  type ResizePreset,
} from '../resize-presets';

/** What the user can choose; `inside` is what a locked custom size does when no fit is chosen. */
export const RESIZE_FITS = ['cover', 'contain', 'stretch'] as const;
export type ResizeFit = (typeof RESIZE_FITS)[number] | 'inside';
export const RESIZE_FIT_LABELS: Record<(typeof RESIZE_FITS)[number], string> = {
  cover: 'Fill (crop the edges)',
  contain: 'Fit (add borders)',
  stretch: 'Stretch',
};
export const RESIZE_BACKGROUND_DEFAULT = '#ffffff';

/**
 * Where `cover` crops: `smart` keeps the faces, else the most detailed part of the picture (cover-framing.ts,
 * ADR 0136 and 0134), `centre` the middle. `smart` is the default, for presets and the API alike (ADR 0136).
 */
export const RESIZE_POSITIONS = ['smart', 'centre'] as const;
export type ResizePosition = (typeof RESIZE_POSITIONS)[number];
export const RESIZE_POSITION_LABELS: Record<ResizePosition, string> = { smart: 'Keep the subject', centre: 'Centre' };

export interface ResizeTarget {
  width: number;
  height: number;
  fit: ResizeFit;
}

/** What a resize asks for, as its fields arrive parsed (resize.ts' `ResizeOptions` has these and more). */
export interface ResizeAsk {
  preset?: string;
  width?: number;
  height?: number;
  maintainAspectRatio: boolean;
  fit?: (typeof RESIZE_FITS)[number];
}

/** The size and fit a resize of a width × height (upright) picture produces. Pure: the UI previews with it. */
export function resizeTarget(picture: { width: number; height: number }, o: ResizeAsk): ResizeTarget {
  const preset = RESIZE_PRESETS.find((p) => p.id === o.preset);
  if (!preset && (o.width === undefined) !== (o.height === undefined)) {
    // One side asked: the other follows the picture's shape, whatever the fit or the lock (there is no box to fill).
    const scale = o.width !== undefined ? o.width / picture.width : o.height! / picture.height;
    const width = o.width ?? Math.max(1, Math.round(picture.width * scale));
    const height = o.height ?? Math.max(1, Math.round(picture.height * scale));
    return { width, height, fit: 'inside' };
  }
  const box = {
    width: preset?.width ?? o.width ?? RESIZE_DEFAULT.width,
    height: preset?.height ?? o.height ?? RESIZE_DEFAULT.height,
  };
  // A preset is a box to fill: cover unless another fit is chosen (the lock does not apply to presets, whose screen
  // used to send it off). A custom size stretches when the aspect ratio is unlocked.
  if (o.fit) return { ...box, fit: o.fit };
  if (preset) return { ...box, fit: 'cover' };
  if (!o.maintainAspectRatio) return { ...box, fit: 'stretch' };
  const scale = Math.min(box.width / picture.width, box.height / picture.height);
  return {
    width: Math.max(1, Math.round(picture.width * scale)),
    height: Math.max(1, Math.round(picture.height * scale)),
    fit: 'inside',
  };
}

/** Null when the result is within the output limit, else what to tell the user. */
export function resizeProblem(t: { width: number; height: number }): string | null {
  const mp = (t.width * t.height) / 1_000_000;
  return t.width * t.height > MAX_OUTPUT_PIXELS
    ? `The result would be ${mp.toFixed(1)} megapixels; the largest picture we make is ${MAX_OUTPUT_PIXELS / 1_000_000} megapixels. Please choose a smaller size.`
    : null;
}

/**
 * The part of the picture `cover` keeps, in the picture's pixels: centred, or, given a grey copy of the picture
 * (`smart`), the window of the box's shape with the most detail (salient-window.ts) along the axis that is cropped.
 */
export function coverCrop(
  picture: { width: number; height: number },
  box: { width: number; height: number },
  thumb?: GreyThumb,
) {
  const scale = Math.max(box.width / picture.width, box.height / picture.height);
  const width = Math.min(picture.width, Math.max(1, Math.round(box.width / scale)));
  const height = Math.min(picture.height, Math.max(1, Math.round(box.height / scale)));
  let x = Math.floor((picture.width - width) / 2);
  let y = Math.floor((picture.height - height) / 2);
  if (thumb && width < picture.width)
    x = Math.min(picture.width - width, Math.round(salientStart(thumb, 'x', width / picture.width) * picture.width));
  else if (thumb && height < picture.height)
    y = Math.min(
      picture.height - height,
      Math.round(salientStart(thumb, 'y', height / picture.height) * picture.height),
    );
  return { x, y, width, height };
}
