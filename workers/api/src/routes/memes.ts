import type { IRequest } from 'itty-router';
import { IMAGE_EXTENSIONS, imageIdSchema } from '../../../../core/api/images';
import { type DownloadMemeResponse, MAX_CANVAS_DATA_CHARS, type SavedMeme, downloadMemeRequestSchema } from '../../../../core/api/memes';
import { sanitizeDownloadName } from '../../../../core/download-name';
import { recordActivity } from '../db/activity';
import { deleteSavedMeme, insertSavedMeme, listSavedMemes, ownsSavedMeme } from '../db/saved-memes';
import { HttpError, notFound } from '../errors';
import { json, readJson } from '../http';
import { readSession, requireSession } from '../identity/session';
import { decodeCanvasData } from '../imaging/data-url';
import { deleteImage, imageTtlSeconds, imageUrl, putKept, putTemporary } from '../storage/image-store';
import { parseWith } from '../validate';

/**
 * POST /api/download-meme: stores the exported canvas and answers a download URL. With a premium session the meme
 * is also saved to the member's memes (kept); otherwise it expires like any upload. `x-premium-user` is ignored.
 */
export async function postDownloadMeme(request: Request, env: Env): Promise<Response> {
  const raw = await readJson(request, MAX_CANVAS_DATA_CHARS + 4096);
  if (isOversized(raw)) throw new HttpError(413, 'payload_too_large', 'The meme is too large to download.');
  const input = parseWith(downloadMemeRequestSchema, raw);
  const { bytes, info } = decodeCanvasData(input.canvasData);
  const extension = IMAGE_EXTENSIONS[info.format];
  const now = Date.now();
  const fileName = sanitizeDownloadName(input.filename ?? `meme-${now}`, extension, 'meme');
  const session = await readSession(request, env);
  const options = { contentType: info.mimeType, metadata: { format: info.format } };

  let stored;
  if (session) {
    stored = await putKept(env.BUCKET, bytes, options);
    try {
      await insertSavedMeme(env.DB, {
        id: stored.id,
        memberId: session.memberId,
        title: fileName.slice(0, fileName.lastIndexOf('.')),
        objectKey: stored.key,
        format: extension,
        fileSize: stored.size,
        createdAt: now,
      });
    } catch (err) {
      await deleteImage(env.BUCKET, stored.id); // no object without its row
      throw err;
    }
    await recordActivity(env.DB, session.memberId, 'download', now);
  } else {
    stored = await putTemporary(env.BUCKET, bytes, { ...options, ttlSeconds: imageTtlSeconds(env), now });
  }
  const body: DownloadMemeResponse = {
    isPremium: session !== null,
    downloadUrl: `${stored.url}?download=${encodeURIComponent(fileName)}`,
  };
  return json(body, { status: 201 });
}

const isOversized = (raw: unknown) =>
  typeof raw === 'object' && raw !== null && 'canvasData' in raw &&
  typeof raw.canvasData === 'string' && raw.canvasData.length > MAX_CANVAS_DATA_CHARS;

/** GET /api/user-memes: the member's saved memes, newest first. */
export async function getUserMemes(request: Request, env: Env): Promise<Response> {
  const session = await requireSession(request, env);
  const rows = await listSavedMemes(env.DB, session.memberId);
  const memes: SavedMeme[] = rows.map((r) => ({
    id: r.id,
    title: r.title,
    imageUrl: imageUrl(r.id),
    format: r.format,
    fileSize: r.fileSize,
    createdAt: new Date(r.createdAt).toISOString(),
  }));
  return json({ memes });
}

/**
 * DELETE /api/user-memes/:id: removes the object, then the row. If the row delete failed after the object went,
 * a retry still works (deleting a missing object is fine); the reverse order could leave an orphan object.
 */
export async function deleteUserMeme(request: IRequest, env: Env): Promise<Response> {
  const id = request.params.id ?? '';
  const session = await requireSession(request, env);
  if (!imageIdSchema.safeParse(id).success) throw notFound('There is no such meme.');
  if (!(await ownsSavedMeme(env.DB, session.memberId, id))) throw notFound('There is no such meme.');
  await deleteImage(env.BUCKET, id);
  if (!(await deleteSavedMeme(env.DB, session.memberId, id))) throw new HttpError(409, 'conflict', 'This meme was just deleted.');
  return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
}
