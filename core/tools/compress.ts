/**
 * Compress (Optimize tab and batch): a quality, `auto` (smallest file that looks the same), or a target size.
 * `format=original` keeps the container; `format=auto` lets the engine choose JPEG or WebP (WebP or PNG with
 * transparency) and say which and why. `format=avif` is made by the image service at the quality given, at most
 * 1,200 px a side (ADR 0132); `auto` and a target size search by judging tries, which AVIF does not offer.
 */
import { z } from '../api/zod';
import { QUALITY, qualityField } from './fields';

export const COMPRESS_FORMATS = ['original', 'auto', 'jpeg', 'png', 'webp', 'avif'] as const;
export type CompressFormat = (typeof COMPRESS_FORMATS)[number];
export const COMPRESS_FORMAT_LABELS: Record<CompressFormat, string> = { original: 'Keep Original', auto: 'Auto (best of JPEG and WebP)', jpeg: 'JPEG', png: 'PNG', webp: 'WebP', avif: 'AVIF (up to 1,200 px)' };
export const AVIF_SEARCH_MESSAGE = 'AVIF is made at a quality you choose: auto quality and a target size are for JPEG, PNG and WebP.';
export const TARGET_BYTES_MIN = 1024;
/** The batch (Modify tab) compresses at this quality unless told otherwise. */
export const BATCH_COMPRESS_QUALITY = 90;

const format = z.enum(COMPRESS_FORMATS, { message: `Format must be one of ${COMPRESS_FORMATS.join(', ')}.` }).default('original');

export const compressFieldsSchema = z.object({
  operation: z.literal('compress'),
  quality: z.union([z.literal('auto'), qualityField], { message: `Quality must be auto or a whole number from ${QUALITY.min} to ${QUALITY.max}.` }).default(QUALITY.default),
  format,
  targetBytes: z.coerce.number().int().min(TARGET_BYTES_MIN, `targetBytes must be at least ${TARGET_BYTES_MIN}.`).optional(),
}).refine((o) => o.format !== 'avif' || (o.quality !== 'auto' && o.targetBytes === undefined), { message: AVIF_SEARCH_MESSAGE, path: ['format'] });
export type CompressOptions = z.infer<typeof compressFieldsSchema>;

export const batchCompressFieldsSchema = z.object({
  operation: z.literal('compress'),
  quality: qualityField.default(BATCH_COMPRESS_QUALITY),
  format,
});
