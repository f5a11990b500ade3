/** Blur or pixelate: faces or people found by the AI provider, everything but the subject, or chosen rectangles. */
// Zod-free, so the tool screens import no zod; blur.ts re-exports this beside its schema (ADR 0195).

export const BLUR_METHODS = ['faces', 'people', 'background', 'selective'] as const;
export type BlurMethod = (typeof BLUR_METHODS)[number];
/** Strength and pixelate level are in pixels on a picture BLUR_REFERENCE_WIDTH wide, scaled with the picture. */
export const BLUR_STRENGTH = { min: 2, max: 50, default: 10 } as const;
export const PIXELATE_LEVEL = { min: 2, max: 100, default: 10 } as const;
export const BLUR_REFERENCE_WIDTH = 1000;
export const MAX_REGIONS = 50;
/**
 * Faces or people asked for and none found: the answer is a 422 with these words, the allowance unit is refunded
 * (the failure path of every AI operation), and no unchanged copy of the picture is stored.
 */
export const NOTHING_FOUND = {
  faces: { code: 'no_faces_found', message: 'No faces found; this did not count against your allowance.' },
  people: { code: 'no_people_found', message: 'No people found; this did not count against your allowance.' },
  background: {
    code: 'no_subject_found',
    message:
      'No subject was found in this photo, so there is no background to blur; this did not count against your allowance.',
  },
} as const;

/**
 * A cut-out with less of the picture than this opaque has no subject (a landscape): nothing is blurred or removed,
 * and it is said, as for a blur that finds nobody.
 */
export const SUBJECT_MIN_SHARE = 0.005;

/** Detection runs on a copy of at most this many pixels; the boxes are scaled back to the picture. */
export const DETECTION_PROXY_PIXELS = 1_000_000;

/** A strength or cell size chosen on the reference width, in pixels of a picture `width` wide. */
export const scaledToPicture = (value: number, width: number) =>
  Math.max(1, Math.round((value * Math.max(width, BLUR_REFERENCE_WIDTH)) / BLUR_REFERENCE_WIDTH));
