/**
 * Contracts of the image tools (spec part 2 §7): multipart fields in, JSON out. Form fields arrive as strings, so
 * numbers and booleans are coerced here, once, for the API and the UI alike.
 */
import { z } from './zod';
import { RESIZE_DEFAULT, RESIZE_PRESETS } from '../resize-presets';
import { IMAGE_FORMATS } from './images';

export const QUALITY_MIN = 10;
export const QUALITY_MAX = 100;
export const CONVERT_DEFAULT_QUALITY = 90;
export const MAX_OUTPUT_SIDE = 10_000;
export const WATERMARK_MAX_CHARS = 100;
export const WATERMARK_SIZE = { min: 12, max: 48, default: 20 } as const;
/** Watermark `size` is in pixels on a picture this wide; the font scales with the picture. */
export const WATERMARK_REFERENCE_WIDTH = 800;
export const BLUR_STRENGTH = { min: 2, max: 50, default: 10 } as const;
export const PIXELATE_LEVEL = { min: 2, max: 100, default: 10 } as const;
export const UPSCALE_FACTORS = [2, 3, 4] as const;
export const TARGET_BYTES_MIN = 1024;

export const OUTPUT_FORMATS = ['jpeg', 'png', 'webp', 'bmp', 'tiff'] as const;
export const COMPRESS_FORMATS = ['original', 'jpeg', 'png', 'webp'] as const;
export const WATERMARK_POSITIONS = ['top-left', 'top-right', 'bottom-left', 'bottom-right', 'center'] as const;
export type WatermarkPosition = (typeof WATERMARK_POSITIONS)[number];
export const BLUR_METHODS = ['faces', 'people', 'background', 'selective'] as const;

const formBool = (fallback: boolean) =>
  z
    .enum(['true', 'false', 'on', 'off', '1', '0'], { message: 'must be true or false' })
    .optional()
    .transform((v) => (v === undefined ? fallback : v === 'true' || v === 'on' || v === '1'));

const intField = (label: string, min: number, max: number) =>
  z.coerce
    .number({ message: `${label} must be a number.` })
    .int(`${label} must be a whole number.`)
    .min(min, `${label} must be between ${min} and ${max}.`)
    .max(max, `${label} must be between ${min} and ${max}.`);

const quality = intField('Quality', QUALITY_MIN, QUALITY_MAX);
const side = (label: string) => intField(label, 1, MAX_OUTPUT_SIDE);

export const compressFieldsSchema = z.object({
  operation: z.literal('compress'),
  quality: z.union([z.literal('auto'), quality]).default(80),
  format: z.enum(COMPRESS_FORMATS, { message: `Format must be one of ${COMPRESS_FORMATS.join(', ')}.` }).default('original'),
  targetBytes: z.coerce.number().int().min(TARGET_BYTES_MIN, `targetBytes must be at least ${TARGET_BYTES_MIN}.`).optional(),
});

export const optimizeFieldsSchema = z.discriminatedUnion(
  'operation',
  [
    compressFieldsSchema,
    z.object({
      operation: z.literal('upscale'),
      factor: z.coerce.number().pipe(z.union(UPSCALE_FACTORS.map((f) => z.literal(f)) as [z.ZodLiteral<2>, z.ZodLiteral<3>, z.ZodLiteral<4>], { message: 'Factor must be 2, 3 or 4.' })).default(2),
    }),
    z.object({ operation: z.literal('remove-background') }),
  ],
  { message: 'Operation must be compress, upscale or remove-background.' },
);
export type OptimizeFields = z.infer<typeof optimizeFieldsSchema>;

export const modifyFieldsSchema = z.discriminatedUnion(
  'operation',
  [
    z.object({
      operation: z.literal('resize'),
      preset: z.enum(RESIZE_PRESETS.map((p) => p.id) as [string, ...string[]], { message: 'Unknown preset.' }).optional(),
      width: side('Width').default(RESIZE_DEFAULT.width),
      height: side('Height').default(RESIZE_DEFAULT.height),
      maintainAspectRatio: formBool(true),
    }),
    z.object({
      operation: z.literal('crop'),
      x: intField('x', 0, MAX_OUTPUT_SIDE * 5),
      y: intField('y', 0, MAX_OUTPUT_SIDE * 5),
      width: side('Width'),
      height: side('Height'),
    }),
    z.object({
      operation: z.literal('rotate'),
      angle: z.enum(['0', '90', '180', '270'], { message: 'Angle must be 90, 180 or 270.' }).default('90').transform(Number),
      flip: z.enum(['none', 'horizontal', 'vertical'], { message: 'Flip must be horizontal or vertical.' }).default('none'),
    }),
    z.object({
      operation: z.literal('compress'),
      quality: quality.default(90),
      format: z.enum(COMPRESS_FORMATS, { message: `Format must be one of ${COMPRESS_FORMATS.join(', ')}.` }).default('original'),
    }),
  ],
  { message: 'Operation must be resize, crop, rotate or compress.' },
);
export type ModifyFields = z.infer<typeof modifyFieldsSchema>;

export const convertFieldsSchema = z.object({
  operation: z.literal('convert', { message: 'Operation must be convert.' }).default('convert'),
  format: z.enum(OUTPUT_FORMATS, { message: `Format must be one of ${OUTPUT_FORMATS.join(', ')}.` }),
  quality: quality.default(CONVERT_DEFAULT_QUALITY),
  /** Accepted for the spec's form; metadata is never carried over whatever it says. */
  maintainMetadata: formBool(false),
});
export type ConvertFields = z.infer<typeof convertFieldsSchema>;

export const rectSchema = z.object({
  x: z.number().min(0),
  y: z.number().min(0),
  width: z.number().positive(),
  height: z.number().positive(),
});
export type Rect = z.infer<typeof rectSchema>;

const regionsField = z
  .string()
  .transform((s, ctx) => {
    try {
      return JSON.parse(s) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'Regions must be a JSON list of {x, y, width, height}.' });
      return z.NEVER;
    }
  })
  .pipe(z.array(rectSchema, { message: 'Regions must be a JSON list of {x, y, width, height}.' }).min(1).max(50));

export const securityFieldsSchema = z.discriminatedUnion(
  'operation',
  [
    z.object({
      operation: z.literal('watermark'),
      text: z
        .string({ message: 'Watermark text is required.' })
        .trim()
        .min(1, 'Watermark text must not be blank.')
        .max(WATERMARK_MAX_CHARS, `Watermark text must be at most ${WATERMARK_MAX_CHARS} characters.`),
      position: z.enum(WATERMARK_POSITIONS, { message: `Position must be one of ${WATERMARK_POSITIONS.join(', ')}.` }).default('bottom-right'),
      opacity: z.coerce.number({ message: 'Opacity must be a number.' }).min(0, 'Opacity must be between 0 and 1.').max(1, 'Opacity must be between 0 and 1.').default(0.7),
      size: intField('Size', WATERMARK_SIZE.min, WATERMARK_SIZE.max).default(WATERMARK_SIZE.default),
      color: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Colour must be a hex colour like #ffffff.').default('#ffffff'),
    }),
    z.object({
      operation: z.literal('blur'),
      method: z.enum(BLUR_METHODS, { message: `Method must be one of ${BLUR_METHODS.join(', ')}.` }).default('faces'),
      strength: intField('Strength', BLUR_STRENGTH.min, BLUR_STRENGTH.max).default(BLUR_STRENGTH.default),
      autoDetection: formBool(true),
      regions: regionsField.optional(),
      pixelateLevel: intField('Pixelate level', PIXELATE_LEVEL.min, PIXELATE_LEVEL.max).optional(),
    }),
    z.object({
      operation: z.literal('privacy'),
      removeExif: formBool(true),
      removeLocation: formBool(true),
      removeTimestamp: formBool(false),
    }),
  ],
  { message: 'Operation must be watermark, blur or privacy.' },
);
export type SecurityFields = z.infer<typeof securityFieldsSchema>;

export const privacyLogSchema = z.object({
  removed: z.array(z.string()),
  actions: z.array(z.string()),
  preserved: z.array(z.string()),
});
export type PrivacyLog = z.infer<typeof privacyLogSchema>;

export const toolResultSchema = z.object({
  imageUrl: z.string(),
  expiresAt: z.string(),
  size: z.number().int().nonnegative(),
  format: z.enum(IMAGE_FORMATS),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  originalSize: z.number().int().nonnegative(),
  /** Percent saved, rounded; 0 when the file did not shrink. */
  compressionRatio: z.number(),
  operation: z.string(),
  quality: z.number().optional(),
  /** Which path did the work: WASM in the isolate, or the Images binding for large pictures. */
  engine: z.enum(['wasm', 'images', 'passthrough']),
  notes: z.array(z.string()),
  details: z.string().optional(),
  privacyLog: privacyLogSchema.optional(),
  ssim: z.number().optional(),
});
export type ToolResult = z.infer<typeof toolResultSchema>;

export const metadataAnalysisSchema = z.object({
  metadata: z.object({
    privacy: z.object({ potentialRisks: z.array(z.string()), dataTypes: z.array(z.string()) }),
    technical: z.object({ format: z.string(), fileSize: z.number(), width: z.number(), height: z.number() }),
    exif: z.object({ available: z.boolean() }).catchall(z.unknown()),
  }),
});
export type MetadataAnalysis = z.infer<typeof metadataAnalysisSchema>;
