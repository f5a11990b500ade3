/**
 * The two things the tool routes need from the API core: reading the uploaded image and storing a result.
 * Both are the API core's own pieces (multipart reader, expiring image store); this file only adapts their shapes.
 */
import { z } from 'zod';
import { IMAGE_MIME_TYPES, type ImageFormat } from '../../../../../core/api/images';
import { HttpError } from '../../errors';
import { fileBytes, readMultipart } from '../../multipart';
import { imageTtlSeconds, putTemporary } from '../../storage/image-store';

export interface ImageUpload {
  bytes: Uint8Array;
  filename: string;
  /** Every other form field, as sent. */
  fields: Record<string, string>;
}

const toolFormSchema = z
  .object({
    image: z.instanceof(File, { message: 'Please choose an image to upload (form field "image").' }),
  })
  .catchall(z.unknown());

export async function readImageUpload(request: Request): Promise<ImageUpload> {
  const { image, ...rest } = await readMultipart(request, toolFormSchema);
  const file = image as File;
  if (file.size === 0) throw new HttpError(400, 'bad_request', 'The uploaded file is empty. Please choose an image.');
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(rest)) if (typeof value === 'string') fields[key] = value;
  return { bytes: await fileBytes(file), filename: file.name, fields };
}

export async function storeResult(env: Env, bytes: Uint8Array, format: string): Promise<{ imageUrl: string; expiresAt: string }> {
  const stored = await putTemporary(env.BUCKET, bytes, {
    contentType: IMAGE_MIME_TYPES[format as ImageFormat] ?? 'application/octet-stream',
    ttlSeconds: imageTtlSeconds(env),
    metadata: { format },
  });
  return { imageUrl: stored.url, expiresAt: (stored.expiresAt ?? new Date()).toISOString() };
}
