/**
 * Contracts of the image tools (docs/api.md, docs/product.md §5): multipart fields in, JSON out. Form fields arrive as
 * strings, so numbers and booleans are coerced here, once, for the API and the UI alike.
 */
import { z } from './zod';
import { imageUrlSchema } from './image-url';
import { ACCEPTED_FORMATS } from '../images/kinds';
import { removeBackgroundFieldsSchema, upscaleFieldsSchema } from '../tools/ai';
import { blurFieldsSchema } from '../tools/blur';
import { batchCompressFieldsSchema, compressFieldsSchema } from '../tools/compress';
import { FRAMINGS } from '../tools/cover-framing';
import { cropFieldsSchema } from '../tools/crop';
import { privacyFieldsSchema, privacyLogSchema } from '../tools/privacy';
import { resizeFieldsSchema } from '../tools/resize';
import { rotateFieldsSchema } from '../tools/rotate';
import { watermarkFieldsSchema } from '../tools/watermark';

// Each operation's schema, defaults, ranges and limits live in core/tools/<operation>.ts, read by the API and the
// tool screens alike; this file groups them into the four routes' bodies.
export {
  AI_OUTPUT_FORMATS,
  AI_OUTPUT_FORMAT_LABELS,
  AI_OUTPUT_MAX_PIXELS,
  AI_OUTPUT_MAX_SIDE,
  BACKGROUND_OUTPUT_FORMATS,
  UPSCALE_FACTORS,
} from '../tools/ai';
export { BLUR_METHODS, BLUR_STRENGTH, PIXELATE_LEVEL, rectSchema, type Rect } from '../tools/blur';
export { COMPRESS_FORMATS, COMPRESS_FORMAT_LABELS, TARGET_BYTES_MIN, compressFieldsSchema } from '../tools/compress';
export {
  CONVERT_DEFAULT_QUALITY,
  OUTPUT_FORMATS,
  convertFieldsSchema,
  type ConvertOptions as ConvertFields,
} from '../tools/convert';
export { MAX_OUTPUT_PIXELS, MAX_OUTPUT_SIDE, QUALITY } from '../tools/fields';
export { privacyLogSchema, type PrivacyLog } from '../tools/privacy';
export {
  WATERMARK_MAX_CHARS,
  WATERMARK_POSITIONS,
  WATERMARK_REFERENCE_WIDTH,
  WATERMARK_SIZE,
  type WatermarkPosition,
} from '../tools/watermark';

export const optimizeFieldsSchema = z.discriminatedUnion(
  'operation',
  [compressFieldsSchema, upscaleFieldsSchema, removeBackgroundFieldsSchema],
  {
    message: 'Operation must be compress, upscale or remove-background.',
  },
);

export const modifyFieldsSchema = z.discriminatedUnion(
  'operation',
  [resizeFieldsSchema, cropFieldsSchema, rotateFieldsSchema, batchCompressFieldsSchema],
  {
    message: 'Operation must be resize, crop, rotate or compress.',
  },
);

export const securityFieldsSchema = z.discriminatedUnion(
  'operation',
  [watermarkFieldsSchema, blurFieldsSchema, privacyFieldsSchema],
  {
    message: 'Operation must be watermark, blur or privacy.',
  },
);

export const toolResultSchema = z.object({
  imageUrl: imageUrlSchema,
  expiresAt: z.string(),
  size: z.number().int().nonnegative(),
  format: z.enum(ACCEPTED_FORMATS),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  originalSize: z.number().int().nonnegative(),
  /** Percent saved, rounded; 0 when the file did not shrink, and for an upscale or a background removal (not a compression). */
  compressionRatio: z.number(),
  operation: z.string(),
  quality: z.number().optional(),
  /**
   * Which path did the work: WASM in the isolate, the image service for large pictures, a browser (HTML to image),
   * or the AI provider (upscale and background removal, whose result is streamed to storage).
   */
  engine: z.enum(['wasm', 'images', 'passthrough', 'browser', 'ai']),
  notes: z.array(z.string()),
  /**
   * Compress: every file it could make was not smaller, so the answer is the file sent (minus its private metadata
   * where that needs no re-encoding); `notes` say so. A compress never answers a larger file.
   */
  keptOriginal: z.boolean().optional(),
  details: z.string().optional(),
  /** An animated result (ADR 0137): its frames, every one of the input's kept with its delay. */
  frames: z.number().int().positive().optional(),
  privacyLog: privacyLogSchema.optional(),
  /**
   * Compress: the quality judge's distance of the result from the original (SSIMULACRA: 0 identical, about 0.01
   * cannot be told apart, 0.1 visibly damaged), measured where the engine judged (the whole picture, or for a large
   * one its sample tiles at full size).
   */
  score: z.number().nonnegative().optional(),
  /** `quality=auto`: the judge found the result no further from the original than its "looks the same" target. */
  looksSame: z.boolean().optional(),
  /**
   * Resize with fit cover: the part of the upright picture that was kept (its pixels) and what placed it: the faces,
   * the most detailed part, or the centre (ADR 0136). The Resize tool's preview draws this window.
   */
  framing: z
    .object({
      by: z.enum(FRAMINGS),
      x: z.number().int().nonnegative(),
      y: z.number().int().nonnegative(),
      width: z.number().int().positive(),
      height: z.number().int().positive(),
    })
    .optional(),
  /**
   * How a `quality=auto` or target-size search went: encodes made, whether it stopped at its time budget, and for a
   * picture too large to judge whole, the full-size sample tiles it was judged on (count, each width×height).
   */
  search: z
    .object({
      encodes: z.number().int().nonnegative(),
      budgetSpent: z.boolean(),
      samples: z
        .object({
          count: z.number().int().positive(),
          width: z.number().int().positive(),
          height: z.number().int().positive(),
        })
        .optional(),
    })
    .optional(),
  /** Compress `format=auto`: which format was chosen and why, in one line (e.g. "AVIF: 38% smaller than WEBP at the same faithfulness."). */
  formatReason: z.string().optional(),
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
