import { z } from './zod';
import { imageUrlSchema } from './image-url';
import { TEMPLATE_SEARCH_MAX_CHARS } from '../limits';
import { TEXT_BOX_DEFAULTS } from './text-box';

/** A text box in the memegen format: a rectangle given as fractions of the image, plus its style. */
export const textBoxSchema = z.object({
  // A rotated box may start slightly outside the image (memegen's own "handshake" has anchor_x -0.0275).
  anchor_x: z.number().min(-0.5).max(1),
  anchor_y: z.number().min(-0.5).max(1),
  scale_x: z.number().gt(0).max(1),
  scale_y: z.number().gt(0).max(1),
  /** Degrees, clockwise. */
  angle: z.number().min(-360).max(360).default(TEXT_BOX_DEFAULTS.angle),
  align: z.enum(['center', 'left', 'right']).default(TEXT_BOX_DEFAULTS.align),
  style: z.enum(['upper', 'none']).default(TEXT_BOX_DEFAULTS.style),
  color: z.string().default(TEXT_BOX_DEFAULTS.color),
  font: z.string().default(TEXT_BOX_DEFAULTS.font),
});
export type TextBox = z.infer<typeof textBoxSchema>;

export const TEMPLATE_FEATURES = ['meme-generator', 'text-editing', 'custom-upload'] as const;
export type TemplateFeature = (typeof TEMPLATE_FEATURES)[number];

export const DEFAULT_TEMPLATE_DESCRIPTION = 'Create amazing memes';

/** A template as the API answers it (docs/api.md), with the geometry and examples the editor needs. */
export const templateSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Falls back to DEFAULT_TEMPLATE_DESCRIPTION when a template has none. */
  description: z.string(),
  imageUrl: imageUrlSchema,
  /** 1 for the 16 most popular, else 0 (a number, as the API has answered it from the start). */
  isPopular: z.union([z.literal(0), z.literal(1)]),
  feature: z.enum(TEMPLATE_FEATURES).nullable(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  textBoxes: z.array(textBoxSchema),
  /** Example captions: each example is one line per text box. */
  examples: z.array(z.array(z.string())),
  keywords: z.array(z.string()),
  license: z.string(),
  author: z.string(),
  /** True for an animated template (its image is a looping GIF); absent for a still one. */
  animated: z.literal(true).optional(),
});
export type Template = z.infer<typeof templateSchema>;

export const templatesResponseSchema = z.object({
  templates: z.array(templateSchema),
  templateOfTheDay: templateSchema.nullable(),
});
export type TemplatesResponse = z.infer<typeof templatesResponseSchema>;

export const templateResponseSchema = z.object({ template: templateSchema });

// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/;

export const templateSearchSchema = z.object({
  search: z
    .string()
    .max(TEMPLATE_SEARCH_MAX_CHARS, `Please keep the search under ${TEMPLATE_SEARCH_MAX_CHARS} characters.`)
    .refine((s) => !CONTROL_CHARS.test(s), 'The search contains characters that are not allowed.')
    .optional(),
});
