/** Compress's form fields (its options and limits: compress-options.ts, re-exported here; ADR 0195). */
import { z } from '../api/zod';
import { AVIF_MAX_SIDE } from '../image-service';
import {
  ACCEPT_MESSAGE,
  AVIF_SEARCH_MESSAGE,
  BATCH_COMPRESS_QUALITY,
  COMPRESS_FORMATS,
  TARGET_BYTES_MIN,
  WEB_READY_SIDE,
} from './compress-options';
import { maxSideField, QUALITY, qualityField } from './fields';

export * from './compress-options';

const ACCEPT_PATTERN = /^\s*(?:avif|webp|jpe?g|png)\s*(?:,\s*(?:avif|webp|jpe?g|png)\s*)*$/i;

const format = z
  .enum(COMPRESS_FORMATS, { message: `Format must be one of ${COMPRESS_FORMATS.join(', ')}.` })
  .default('original');

export const compressFieldsSchema = z
  .object({
    operation: z.literal('compress'),
    quality: z
      .union([z.literal('auto'), qualityField], {
        message: `Quality must be auto or a whole number from ${QUALITY.min} to ${QUALITY.max}.`,
      })
      .default(QUALITY.default),
    format,
    targetBytes: z.coerce
      .number()
      .int()
      .min(TARGET_BYTES_MIN, `targetBytes must be at least ${TARGET_BYTES_MIN}.`)
      .optional(),
    /** `format=auto`: the formats it may choose among, e.g. `avif,webp,jpeg` (default: the `Accept` header's image types, else JPEG, WebP and PNG). */
    accept: z.string().regex(ACCEPT_PATTERN, { message: ACCEPT_MESSAGE }).optional(),
    maxSide: maxSideField
      .optional()
      .describe(
        `Scale the picture down (aspect kept, never up) to fit within this many pixels a side before it is compressed, in the same call: \`${WEB_READY_SIDE}\` makes a phone photo web-ready; \`${AVIF_MAX_SIDE}\` lets \`format=auto\` choose AVIF.`,
      ),
  })
  .refine((o) => o.format !== 'avif' || (o.quality !== 'auto' && o.targetBytes === undefined), {
    message: AVIF_SEARCH_MESSAGE,
    path: ['format'],
  });
export type CompressOptions = z.infer<typeof compressFieldsSchema>;

export const batchCompressFieldsSchema = z.object({
  operation: z.literal('compress'),
  quality: qualityField.default(BATCH_COMPRESS_QUALITY),
  format,
});
