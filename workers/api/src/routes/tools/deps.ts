/**
 * What the tool routes need besides the engine: reading the uploaded image, the engine's services, and storing a
 * result. The multipart reader and the expiring image store are the API core's own pieces.
 */
import { z } from 'zod';
import { IMAGE_MIME_TYPES, type ImageFormat } from '../../../../../core/api/images';
import { getAiProvider } from '../../ai';
import { HttpError } from '../../errors';
import type { EngineServices } from '../../imaging/engine';
import { getImageService } from '../../imaging/service';
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

export const engineServices = (env: Env): EngineServices => ({ images: getImageService(env), ai: getAiProvider(env) });

export async function storeResult(env: Env, bytes: Uint8Array, format: string): Promise<{ imageUrl: string; expiresAt: string }> {
  const stored = await putTemporary(env.BUCKET, bytes, {
    contentType: IMAGE_MIME_TYPES[format as ImageFormat] ?? 'application/octet-stream',
    ttlSeconds: imageTtlSeconds(env),
    metadata: { format },
  });
  return { imageUrl: stored.url, expiresAt: (stored.expiresAt ?? new Date()).toISOString() };
}
