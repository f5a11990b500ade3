/**
 * What the tool routes need besides the engine: reading the uploaded image, the engine's services, and storing a
 * result. The multipart reader and the expiring image store are the API core's own pieces.
 */
import { IMAGE_MIME_TYPES, type ImageFormat } from '../../../../../core/api/images';
import { getAiProvider } from '../../ai';
import type { Bill } from '../../billed-calls';
import { HttpError } from '../../errors';
import { getImageService, readHeadOf, type EngineServices, type ImageHeader } from '../../imaging/engine';
import { readPictureForm } from '../../sources/picture-form';
import { AI_OUTPUT_MAX_PIXELS, AI_OUTPUT_MAX_SIDE } from '../../../../../core/tools/ai';
import { upstreamError } from '../../ai/upstream';
import { imageTtlSeconds, putTemporary, putTemporaryStream, SourceStreamError } from '../../storage/image-store';

export interface ImageUpload {
  bytes: Uint8Array;
  filename: string;
  /** Every other form field, as sent. */
  fields: Record<string, string>;
  /** Other file parts by name (a watermark's `logo`). */
  files: Record<string, File>;
}

/** The `image` file or the picture at `url` (sources/, ADR 0131), with the tool's fields beside it. */
export async function readImageUpload(request: Request): Promise<ImageUpload> {
  const { bytes, filename, fields, files } = await readPictureForm(request);
  return { bytes, filename, fields, files };
}

/** The engine's image service and AI provider, each counting its billed calls on `bill` (the request's, ADR 0148). */
export const engineServices = (env: Env, bill: Bill): EngineServices => ({
  images: getImageService(env, bill),
  ai: getAiProvider(env, bill),
});

export async function storeResult(
  env: Env,
  bytes: Uint8Array,
  format: string,
): Promise<{ imageUrl: string; expiresAt: string }> {
  const stored = await putTemporary(env.BUCKET, bytes, {
    contentType: IMAGE_MIME_TYPES[format as ImageFormat] ?? 'application/octet-stream',
    ttlSeconds: imageTtlSeconds(env),
    metadata: { format },
  });
  return { imageUrl: stored.url, expiresAt: (stored.expiresAt ?? new Date()).toISOString() };
}

/** The most bytes an AI result may have: 16 MP as an uncompressed RGBA PNG, plus room for its chunks. */
const AI_RESULT_MAX_BYTES = AI_OUTPUT_MAX_PIXELS * 4 + 16 * 1024 * 1024;
const AI_FORMATS = ['png', 'jpeg', 'webp'];

/**
 * Stores an AI result as it streams in (ADR 0114): its first part is checked to be the PNG, JPEG or WebP asked for,
 * within the AI limit, before anything is written. What the provider got wrong is a 502 naming the AI service.
 */
export async function storeStreamedResult(
  env: Env,
  stream: ReadableStream<Uint8Array>,
  format: string,
  signal?: AbortSignal,
): Promise<{ imageUrl: string; expiresAt: string; size: number; header: ImageHeader }> {
  const seen: { header?: ImageHeader } = {};
  try {
    const stored = await putTemporaryStream(env.BUCKET, stream, {
      ttlSeconds: imageTtlSeconds(env),
      maxBytes: AI_RESULT_MAX_BYTES,
      signal,
      describe(head) {
        const header = readHeadOf(head);
        if (!header || !AI_FORMATS.includes(header.format) || header.format !== format) {
          throw new HttpError(
            502,
            'ai_upstream_error',
            'The AI service returned something that is not the image asked for. Please try again.',
          );
        }
        if (
          header.width * header.height > AI_OUTPUT_MAX_PIXELS ||
          Math.max(header.width, header.height) > AI_OUTPUT_MAX_SIDE
        ) {
          throw new HttpError(
            502,
            'ai_upstream_error',
            'The AI service returned a picture larger than we keep. Please try again.',
          );
        }
        seen.header = header;
        return { contentType: IMAGE_MIME_TYPES[header.format as ImageFormat], metadata: { format: header.format } };
      },
    });
    return {
      imageUrl: stored.url,
      expiresAt: (stored.expiresAt ?? new Date()).toISOString(),
      size: stored.size,
      header: seen.header!,
    };
  } catch (err) {
    if (err instanceof SourceStreamError) throw upstreamError('finish the image', err.cause);
    throw err;
  }
}
