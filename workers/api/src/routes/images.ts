import { IMAGE_EXTENSIONS, type ImageFormat, type UploadResponse, imageQuerySchema } from '../../../../core/api/images';
import { contentDisposition, sanitizeDownloadName } from '../../../../core/download-name';
import { acceptedFormat } from '../../../../core/images/kinds';
import { parseWith } from '../validate';
import { json, siteUrl } from '../http';
import { browserCopy, getImageService, intake } from '../imaging/engine';
import { readPictureForm } from '../sources/picture-form';
import type { IRequest } from 'itty-router';
import type { RequestContext } from '../identity/request-context';
import { getImage as readImage, imageTtlSeconds, putTemporary } from '../storage/image-store';

/**
 * POST /api/upload: the bytes decide the format; nothing is stored unless every tool could process the image
 * (`intake`, the rule of every route), and only the image's own bytes are stored (a HEIC's as a JPEG). An animation
 * is held to the tools' limits on all its frames here, since the editor plays and exports every one (ADR 0151).
 */
export async function postUpload(
  request: Request,
  env: Env,
  _ctx: ExecutionContext,
  context: RequestContext,
): Promise<Response> {
  // The file, or the picture at `url` (ADR 0131).
  const taken = await intake((await readPictureForm(request)).bytes, { everyFrame: true });
  // The editor's canvas draws what is stored: a HEIC is stored as the JPEG the image service makes (ADR 0132).
  const { header, bytes, upright } = await browserCopy(taken, getImageService(env, context.billed.bill));
  const stored = await putTemporary(env.BUCKET, bytes, {
    contentType: header.mimeType,
    ttlSeconds: imageTtlSeconds(env),
    metadata: { format: header.format },
  });
  const body: UploadResponse = {
    imageUrl: siteUrl(request, env, stored.url),
    ...upright,
    format: acceptedFormat(header.format),
    size: stored.size,
    expiresAt: stored.expiresAt!.toISOString(),
  };
  return json(body, { status: 201 });
}

/** GET /api/images/:id[?download=name]: the stored bytes, cacheable until they expire and never sniffed. */
export async function getImage(request: IRequest, env: Env): Promise<Response> {
  const id = request.params.id ?? '';
  const query = parseWith(imageQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
  const now = Date.now();
  const { object, expiresAt } = await readImage(env.BUCKET, id, now);
  const headers = new Headers({
    'content-type': object.httpMetadata?.contentType ?? 'application/octet-stream',
    'content-length': String(object.size),
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; sandbox",
    etag: object.httpEtag,
  });
  if (expiresAt !== null) {
    const seconds = Math.max(0, Math.floor((expiresAt - now) / 1000));
    headers.set('cache-control', `private, max-age=${seconds}`);
    headers.set('expires', new Date(expiresAt).toUTCString());
  } else {
    // Saved memes can be deleted by their owner at any time: let browsers keep them only briefly.
    headers.set('cache-control', 'private, max-age=300');
  }
  if (query.download !== undefined) {
    const format = (object.customMetadata?.format ?? 'png') as ImageFormat;
    const name = sanitizeDownloadName(query.download, IMAGE_EXTENSIONS[format] ?? 'png');
    headers.set('content-disposition', contentDisposition(name));
  }
  return new Response(object.body, { headers });
}
