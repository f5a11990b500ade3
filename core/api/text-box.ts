/**
 * What a memegen text box is when its catalog says only where it is: the style fields' defaults. Zod-free, so the
 * editor's boxes for a template without any (core/templates/default-boxes.ts) import no zod; templates.ts's schema
 * defaults to the same values (ADR 0195).
 */
export const TEXT_BOX_DEFAULTS = {
  /** Degrees, clockwise. */
  angle: 0,
  align: 'center',
  style: 'upper',
  color: 'white',
  font: 'Impact',
} as const;
