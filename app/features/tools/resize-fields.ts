/**
 * The Resize tab's fields as a small state model, pure so it is tested in Node (resize-fields.test.ts).
 *
 * The aspect lock fills in the side the person has not typed from the photo's shape; a side they typed is never
 * overwritten. So typing 1280 and then 720 asks for exactly 1280 × 720, and a box of another shape than the photo is
 * filled (Fill: cover, edges cropped) unless they choose Fit or Stretch: nothing is ever stretched unasked.
 */
import { RESIZE_PRESETS, resizeTarget, type ResizeTarget } from '../../../core/tools/resize-options';
import type { RESIZE_FITS, ResizePosition } from '../../../core/tools/resize';
import { keepRatio } from './format';
import type { ToolFields } from '~/lib/api/tool-fields';

export type ChosenFit = (typeof RESIZE_FITS)[number];
type Side = 'width' | 'height';
interface Size {
  width: number;
  height: number;
}

export interface ResizeFieldsState {
  width: number;
  height: number;
  keep: boolean;
  preset: (typeof RESIZE_PRESETS)[number]['id'] | null;
  /** Null: Fill, the default for a box of another shape. */
  fit: ChosenFit | null;
  background: string;
  /** Where Fill crops (ADR 0136); unset keeps the subject, as the API does by default. */
  position?: ResizePosition;
  /** The sides the person typed since the photo, a preset or the lock last set both. */
  typed: Side[];
}

/** A new photo: its own size, nothing typed. */
export const forPicture = (s: ResizeFieldsState, natural: Size): ResizeFieldsState => ({
  ...s,
  ...natural,
  preset: null,
  typed: [],
});

/** A typed side. With the lock on, the other side follows the photo's shape until it has been typed itself. */
export function typeSide(s: ResizeFieldsState, axis: Side, value: number, natural: Size): ResizeFieldsState {
  const other: Side = axis === 'width' ? 'height' : 'width';
  const next: ResizeFieldsState = {
    ...s,
    [axis]: value,
    preset: null,
    typed: s.typed.includes(axis) ? s.typed : [...s.typed, axis],
  };
  if (s.keep && value > 0 && natural.width > 0 && !s.typed.includes(other))
    next[other] = keepRatio(value, natural, axis);
  return next;
}

/** Ticking the lock gives the box the photo's shape again, from the width; unticking changes no number. */
export function setLock(s: ResizeFieldsState, keep: boolean, natural: Size): ResizeFieldsState {
  if (!keep || natural.width === 0 || s.width === 0) return { ...s, keep };
  return { ...s, keep, preset: null, typed: [], height: keepRatio(s.width, natural, 'width') };
}

export function pickPreset(s: ResizeFieldsState, id: string): ResizeFieldsState {
  const preset = RESIZE_PRESETS.find((p) => p.id === id);
  return preset ? { ...s, width: preset.width, height: preset.height, preset: preset.id, fit: null, typed: [] } : s;
}

/** Whether a box has the photo's shape, to the pixel its rounding allows: then no fit needs choosing. */
export function sameShape(picture: Size, box: Size): boolean {
  if (picture.width <= 0 || picture.height <= 0) return false;
  return (
    Math.abs(keepRatio(box.width, picture, 'width') - box.height) <= 1 ||
    Math.abs(keepRatio(box.height, picture, 'height') - box.width) <= 1
  );
}

export interface ResizePlan {
  target: ResizeTarget;
  /** A fit has to be chosen: the box is a preset or of another shape than the photo. */
  choosing: boolean;
  /** What is sent to POST /api/modify; the fit is always named, so the result is exactly the box shown. */
  fields: ToolFields<'/api/modify'>;
}

/** What the screen shows and sends, or null until the photo and both sides are known. */
export function planResize(s: ResizeFieldsState, natural: Size): ResizePlan | null {
  if (natural.width <= 0 || s.width <= 0 || s.height <= 0) return null;
  const choosing = s.preset !== null || !sameShape(natural, s);
  const fit: ChosenFit = choosing ? (s.fit ?? 'cover') : 'cover';
  // The server's own rule (core/tools/resize.ts) says what size and fit the result will have.
  const target = resizeTarget(natural, {
    preset: s.preset ?? undefined,
    width: s.width,
    height: s.height,
    maintainAspectRatio: s.keep,
    fit,
  });
  const fields: ToolFields<'/api/modify'> = {
    operation: 'resize',
    width: s.width,
    height: s.height,
    maintainAspectRatio: s.keep,
    ...(s.preset ? { preset: s.preset } : {}),
    fit,
    ...(fit === 'contain' ? { background: s.background } : {}),
    ...(fit === 'cover' ? { position: s.position ?? 'smart' } : {}),
  };
  return { target, choosing, fields };
}

/**
 * The batch's box for one picture with "Don't enlarge" on: each side no larger than the picture's own, so the
 * server's resize (the largest picture inside the box, or a stretch when the ratio is unlocked) never scales up, and a
 * picture already inside the box keeps its size. The server's `inside` fit of this box is exactly "shrink to fit".
 */
export const noEnlargeBox = (box: Size, picture: Size): Size => ({
  width: Math.min(box.width, picture.width),
  height: Math.min(box.height, picture.height),
});
