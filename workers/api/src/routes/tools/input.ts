/** Shared steps of every tool route: read the upload, read its header before decoding, validate the fields. */
import type { z } from 'zod';
import { HttpError } from '../../errors';
import { assertImage } from '../../imaging/assert-image';
import type { ImageHeader } from '../../imaging/sniff';
import { MAX_INPUT_PIXELS } from '../../imaging/options';
import { type ImageUpload, readImageUpload } from './deps';

export interface ToolInput extends ImageUpload {
  header: ImageHeader;
}

export async function readToolInput(request: Request): Promise<ToolInput> {
  const upload = await readImageUpload(request);
  // The same reader as uploads: unknown formats 415, damaged files 422, more than MAX_INPUT_PIXELS 413.
  const header = assertImage(upload.bytes, MAX_INPUT_PIXELS);
  if (header.format === 'avif') {
    throw new HttpError(415, 'unsupported_media_type', 'AVIF images cannot be processed yet. Please upload a JPEG, PNG, WebP, GIF, BMP or TIFF.');
  }
  return { ...upload, header };
}

/** Validates form fields; the first problem becomes a 400 whose message says what to fix. */
export function parseFields<S extends z.ZodType>(schema: S, fields: Record<string, string>): z.infer<S> {
  const result = schema.safeParse(fields);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
  throw new HttpError(400, 'validation_failed', `${where}${issue?.message ?? 'Invalid input.'}`);
}
