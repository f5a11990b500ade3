/** Shared steps of every tool route: read the upload, read its header before decoding, validate the fields. */
import type { z } from 'zod';
import { HttpError } from '../../errors';
import { type ImageHeader, readHeader } from '../../imaging/header';
import { MAX_INPUT_PIXELS } from '../../imaging/options';
import { type ImageUpload, readImageUpload } from './deps';

export interface ToolInput extends ImageUpload {
  header: ImageHeader;
}

export async function readToolInput(request: Request): Promise<ToolInput> {
  const upload = await readImageUpload(request);
  const header = readHeader(upload.bytes);
  if (!header) {
    throw new HttpError(415, 'unsupported_media_type', 'This file is not an image we can read. Please upload a JPEG, PNG, WebP, GIF, BMP or TIFF.');
  }
  if (header.format === 'avif') {
    throw new HttpError(415, 'unsupported_media_type', 'AVIF images cannot be processed yet. Please upload a JPEG, PNG, WebP, GIF, BMP or TIFF.');
  }
  if (!header.width || !header.height) {
    throw new HttpError(422, 'unprocessable_image', 'We could not read the size of this image. It may be damaged; please try another file.');
  }
  if (header.width * header.height > MAX_INPUT_PIXELS) {
    throw new HttpError(413, 'payload_too_large', `This image has ${Math.round((header.width * header.height) / 1e6)} megapixels; the limit is ${MAX_INPUT_PIXELS / 1e6} megapixels.`);
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
