import type { IRequest } from 'itty-router';
import { IMAGE_EXTENSIONS, imageIdSchema } from '../../../../core/api/images';
import {
  type DownloadMemeResponse,
  MAX_CANVAS_DATA_CHARS,
  type SavedMeme,
  downloadMemeRequestSchema,
} from '../../../../core/api/memes';
import { sanitizeDownloadName } from '../../../../core/download-name';
import { recordActivity } from '../db/activity';
import { bookmarkHeader, readsNearVisitor, writesOfMember } from '../db/replica';
import { deleteSavedMeme, insertSavedMeme, listSavedMemes, ownsSavedMeme } from '../db/saved-memes';
import { HttpError, notFound } from '../errors';
import { json, readJson, siteUrl } from '../http';
import type { RequestContext } from '../identity/request-context';
import { readSession, requireSession } from '../identity/session';
import { decodeCanvasData } from '../imaging/engine';
import { deleteImage, imageTtlSeconds, imageUrl, putKept, putTemporary } from '../storage/image-store';
import { parseWith } from '../validate';

/**
 * POST /api/download-meme: stores the exported canvas and answers a download URL. With a premium session the meme
 * is also saved to the member's memes (kept), through a D1 session whose bookmark the answer carries, so the next
 * read that sends it back lists the meme (ADR 0115); otherwise it expires like any upload. `x-premium-user` is ignored.
 */
export async function postDownloadMeme(
  request: Request,
  env: Env,
  _ctx: ExecutionContext,
  context: RequestContext,
): Promise<Response> {
  const raw = await readJson(request, MAX_CANVAS_DATA_CHARS + 4096);
  if (isOversized(raw)) throw new HttpError(413, 'payload_too_large', 'The meme is too large to download.');
  const input = parseWith(downloadMemeRequestSchema, raw);
  const { bytes, info } = await decodeCanvasData(input.canvasData);
  const extension = IMAGE_EXTENSIONS[info.format];
  const now = Date.now();
  const fileName = sanitizeDownloadName(input.filename ?? `meme-${now}`, extension, 'meme');
  const session = await readSession(request, env, context);
  const options = { contentType: info.mimeType, metadata: { format: info.format } };

  let stored;
  const headers: Record<string, string> = {};
  if (session) {
    stored = await putKept(env.BUCKET, bytes, options);
    const writes = writesOfMember(env, request);
    try {
      await insertSavedMeme(writes.db, {
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
    await recordActivity(writes.db, session.memberId, 'download', now);
    Object.assign(headers, bookmarkHeader(writes));
  } else {
    stored = await putTemporary(env.BUCKET, bytes, { ...options, ttlSeconds: imageTtlSeconds(env), now });
  }
  const body: DownloadMemeResponse = {
    isPremium: session !== null,
    downloadUrl: siteUrl(request, env, `${stored.url}?download=${encodeURIComponent(fileName)}`),
  };
  return json(body, { status: 201, headers });
}

const isOversized = (raw: unknown) =>
  typeof raw === 'object' &&
  raw !== null &&
  'canvasData' in raw &&
  typeof raw.canvasData === 'string' &&
  raw.canvasData.length > MAX_CANVAS_DATA_CHARS;

/** GET /api/user-memes: the member's saved memes, newest first, from the replica nearest them and their bookmark. */
export async function getUserMemes(
  request: Request,
  env: Env,
  _ctx: ExecutionContext,
  context: RequestContext,
): Promise<Response> {
  const session = await requireSession(request, env, context);
  const reads = readsNearVisitor(env, request);
  const rows = await listSavedMemes(reads.db, session.memberId);
  const memes: SavedMeme[] = rows.map((r) => ({
    id: r.id,
    title: r.title,
    imageUrl: siteUrl(request, env, imageUrl(r.id)),
    format: r.format,
    fileSize: r.fileSize,
    createdAt: new Date(r.createdAt).toISOString(),
  }));
  return json({ memes }, { headers: bookmarkHeader(reads) });
}

/**
 * DELETE /api/user-memes/:id: removes the object, then the row. If the row delete failed after the object went,
 * a retry still works (deleting a missing object is fine); the reverse order could leave an orphan object.
 */
export async function deleteUserMeme(
  request: IRequest,
  env: Env,
  _ctx: ExecutionContext,
  context: RequestContext,
): Promise<Response> {
  const id = request.params.id ?? '';
  const session = await requireSession(request, env, context);
  if (!imageIdSchema.safeParse(id).success) throw notFound('There is no such meme.');
  const writes = writesOfMember(env, request);
  if (!(await ownsSavedMeme(writes.db, session.memberId, id))) throw notFound('There is no such meme.');
  await deleteImage(env.BUCKET, id);
  if (!(await deleteSavedMeme(writes.db, session.memberId, id)))
    throw new HttpError(409, 'conflict', 'This meme was just deleted.');
  return new Response(null, { status: 204, headers: { 'cache-control': 'no-store', ...bookmarkHeader(writes) } });
}
