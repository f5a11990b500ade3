/**
 * The two things the tool routes need from the API core (issue 4): reading the uploaded image and storing a result.
 * This file holds a minimal implementation of its own so the tools work before that lands; at merge it is swapped
 * for the API core's multipart reader and image store, and nothing else in routes/tools changes.
 */
import { MAX_REQUEST_BYTES, MAX_UPLOAD_BYTES } from '../../../../../core/limits';
import { HttpError } from '../../errors';
import { readBodyLimited } from '../../http';

export interface ImageUpload {
  bytes: Uint8Array;
  filename: string;
  /** Every other form field, as sent. */
  fields: Record<string, string>;
}

export async function readImageUpload(request: Request): Promise<ImageUpload> {
  const type = request.headers.get('content-type') ?? '';
  if (!type.startsWith('multipart/form-data')) {
    throw new HttpError(415, 'unsupported_media_type', 'Send the image as multipart/form-data with a field named "image".');
  }
  const body = await readBodyLimited(request, MAX_REQUEST_BYTES);
  let form: FormData;
  try {
    form = await new Response(body as Uint8Array<ArrayBuffer>, { headers: { 'content-type': type } }).formData();
  } catch {
    throw new HttpError(400, 'bad_request', 'The form data could not be read. Please try the upload again.');
  }
  const file = form.get('image');
  if (!file || typeof file === 'string') throw new HttpError(400, 'bad_request', 'Please choose an image to upload (form field "image").');
  if (file.size === 0) throw new HttpError(400, 'bad_request', 'The uploaded file is empty. Please choose an image.');
  if (file.size > MAX_UPLOAD_BYTES) throw new HttpError(413, 'payload_too_large', 'Please upload an image smaller than 10 MB.');
  const fields: Record<string, string> = {};
  for (const [key, value] of form.entries()) if (key !== 'image' && typeof value === 'string') fields[key] = value;
  return { bytes: new Uint8Array(await file.arrayBuffer()), filename: file.name, fields };
}

const CONTENT_TYPES: Record<string, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  bmp: 'image/bmp',
  tiff: 'image/tiff',
  avif: 'image/avif',
};

export async function storeResult(env: Env, bytes: Uint8Array, format: string): Promise<{ imageUrl: string; expiresAt: string }> {
  const id = crypto.randomUUID();
  const ttl = Number(env.IMAGE_TTL_SECONDS) || 3600;
  const expiresAt = new Date(Date.now() + ttl * 1000).toISOString();
  await env.BUCKET.put(`results/${id}`, bytes, {
    httpMetadata: { contentType: CONTENT_TYPES[format] ?? 'application/octet-stream' },
    customMetadata: { expiresAt },
  });
  return { imageUrl: `/api/images/${id}`, expiresAt };
}
