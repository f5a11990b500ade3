/**
 * Share links (ADR 0139): POST /api/shares keeps a meme the browser drew, GET /api/shares/{id} and its /image answer
 * it (404 for an id never given, 410 once deleted or expired), DELETE /api/shares/{id} takes it down for whoever holds
 * its delete token.
 */
import type { IRequest } from 'itty-router';
import {
  DELETE_TOKEN_HEADER,
  DELETE_TOKEN_PATTERN,
  SHARE_FREE_MS,
  type Share,
  type ShareCreated,
  shareAltText,
  shareIdSchema,
  shareImagePath,
  sharePagePath,
} from '../../../../core/api/shares';
import { IMAGE_MIME_TYPES } from '../../../../core/api/images';
import { CACHE_TAG_HEADER, EDGE_PURGE_HEADER, shareCacheTag } from '../../../../core/api/edge-cache';
import { findShare, insertShare, listOwnShares, templateName, type ShareRow } from '../db/shares';
import { keptAtTheEdge } from '../edge-cache';
import { writesOfMember } from '../db/replica';
import { HttpError, notFound } from '../errors';
import { json, siteUrl } from '../http';
import type { RequestContext } from '../identity/request-context';
import { accountOf } from '../identity/account-session';
import { readSession } from '../identity/session';
import { visitorOf } from '../identity/visitor';
import { intake, run } from '../imaging/engine';
import { hashToken, newDeleteToken, newShareId, sameHash, shareObjectKey, takeDown } from '../storage/share-store';
import { readShareForm, sniffShare } from './share-upload';
import { engineServices } from './tools/deps';

/**
 * Browsers and the site's edge cache may keep a share's picture this long, and never past the share's expiry; a delete
 * reaches browsers within it (ADR 0139) and the edge at once (ADR 0146).
 */
export const SHARE_IMAGE_MAX_AGE = 300;

/** Seconds a share's picture may be kept: SHARE_IMAGE_MAX_AGE, or less when the share expires sooner. */
export const shareImageMaxAge = (expiresAt: number | null, now: number) =>
  expiresAt === null
    ? SHARE_IMAGE_MAX_AGE
    : Math.max(1, Math.min(SHARE_IMAGE_MAX_AGE, Math.floor((expiresAt - now) / 1000)));

const gone = () => new HttpError(410, 'gone', 'This meme was deleted or has expired.');
const noSuchShare = () => notFound('There is no meme with this link.');

/** POST /api/shares: validates, strips every metadata block, stores the object, then the row (or neither). */
export async function postShare(
  request: Request,
  env: Env,
  _ctx: ExecutionContext,
  context: RequestContext,
): Promise<Response> {
  const form = await readShareForm(request);
  const sent = form.bytes;
  const header = sniffShare(sent);
  const writes = writesOfMember(env, request);
  const named = form.template === undefined ? null : await templateName(writes.db, form.template);
  if (form.template !== undefined && named === null)
    throw new HttpError(400, 'validation_failed', 'There is no template with this id.');
  // The allow-list removal of every kind (ADR 0118): EXIF, XMP, IPTC, comments and trailing data go, pixels stay;
  // a GIF loses its comments and application extensions but the NETSCAPE loop, an animated WebP its EXIF and XMP
  // chunks, every frame and its timing kept byte for byte (ADR 0137, ADR 0142).
  const picture = await intake(sent);
  const clean = await run(
    'privacy',
    picture,
    { removeExif: true, removeLocation: true, removeTimestamp: true },
    engineServices(env, context.billed.bill),
  );
  if (!('bytes' in clean)) throw new Error('privacy answered a stream');

  const [session, account, visitor] = await Promise.all([
    readSession(request, env, context),
    accountOf(request, env, context),
    visitorOf(request, env, context),
  ]);
  const now = Date.now();
  const id = newShareId();
  const token = newDeleteToken();
  const key = shareObjectKey(id, session !== null);
  const contentType = IMAGE_MIME_TYPES[header.format];
  const row: ShareRow = {
    id,
    objectKey: key,
    contentType,
    width: clean.width,
    height: clean.height,
    fileSize: clean.bytes.byteLength,
    templateId: form.template ?? null,
    captions: JSON.stringify(form.captions),
    deleteTokenHash: await hashToken(token),
    // A signed-in account owns its shares on every device, premium or not (ADR 0170); the visitor is who made it here.
    memberId: session?.memberId ?? account?.accountId ?? null,
    visitorId: visitor.id,
    createdAt: now,
    expiresAt: session ? null : now + SHARE_FREE_MS,
    deletedAt: null,
    deletedReason: null,
  };
  await env.BUCKET.put(key, clean.bytes, { httpMetadata: { contentType }, customMetadata: { share: id } });
  try {
    await insertShare(writes.db, row);
  } catch (err) {
    await env.BUCKET.delete(key); // no object without its row
    throw err;
  }
  const body: ShareCreated = { ...describe(request, env, { ...row, templateName: named }), deleteToken: token };
  return json(body, { status: 201, headers: { 'cache-control': 'no-store' } });
}

function describe(request: Request, env: Env, row: ShareRow & { templateName: string | null }): Share {
  const captions = JSON.parse(row.captions) as string[];
  return {
    id: row.id,
    url: siteUrl(request, env, sharePagePath(row.id)),
    imageUrl: siteUrl(request, env, shareImagePath(row.id)),
    width: row.width,
    height: row.height,
    contentType: row.contentType,
    template: row.templateId ? { id: row.templateId, name: row.templateName ?? row.templateId } : null,
    captions,
    altText: shareAltText(row.templateName, captions),
    createdAt: new Date(row.createdAt).toISOString(),
    expiresAt: row.expiresAt === null ? null : new Date(row.expiresAt).toISOString(),
  };
}

/** The live share of `request.params.id`: 404 for an id never given (or not an id), 410 once deleted or expired. */
async function liveShare(request: IRequest, env: Env, now = Date.now()) {
  const id = request.params.id ?? '';
  if (!shareIdSchema.safeParse(id).success) throw noSuchShare();
  const row = await findShare(writesOfMember(env, request).db, id);
  if (!row) throw noSuchShare();
  if (row.deletedAt !== null || (row.expiresAt !== null && row.expiresAt <= now)) throw gone();
  return row;
}

/** Whether this request's account, or else its browser, owns the share (the delete token is not needed then). */
async function ownsShare(request: Request, env: Env, context: RequestContext, row: ShareRow): Promise<boolean> {
  const [account, session, visitor] = await Promise.all([
    accountOf(request, env, context),
    readSession(request, env, context),
    visitorOf(request, env, context),
  ]);
  if (account) return row.memberId === account.accountId;
  return (
    (row.memberId === null && row.visitorId === visitor.id) || (session !== null && row.memberId === session.memberId)
  );
}

/** GET /api/shares: the live share links of the signed-in account, or else of this browser, newest first. */
export async function getShares(
  request: Request,
  env: Env,
  _ctx: ExecutionContext,
  context: RequestContext,
): Promise<Response> {
  const account = await accountOf(request, env, context);
  const owner = account ? { accountId: account.accountId } : { visitorId: (await visitorOf(request, env, context)).id };
  const rows = await listOwnShares(writesOfMember(env, request).db, owner, Date.now());
  return json({ shares: rows.map((row) => describe(request, env, row)) }, { headers: { 'cache-control': 'no-store' } });
}

/** GET /api/shares/{id}: what the page shows. Not cached: a delete shows at once. */
export async function getShare(request: IRequest, env: Env): Promise<Response> {
  const row = await liveShare(request, env);
  return json(describe(request, env, row), { headers: { 'cache-control': 'no-cache' } });
}

/**
 * GET /api/shares/{id}/image: the picture, public for a few minutes (ADR 0139) and kept by the site's edge cache under
 * its share's tag, which a delete purges (ADR 0146).
 */
export async function getShareImage(
  request: IRequest,
  env: Env,
  _ctx: ExecutionContext,
  context: RequestContext,
): Promise<Response> {
  const now = Date.now();
  const row = await liveShare(request, env, now);
  const object = await env.BUCKET.get(row.objectKey);
  if (!object) throw gone(); // deleted between the row's read and this one
  context.shareableAnswer();
  const answer = new Response(object.body, {
    headers: {
      'content-type': row.contentType,
      'content-length': String(object.size),
      'cache-control': `public, max-age=${shareImageMaxAge(row.expiresAt, now)}`,
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      etag: object.httpEtag,
      [CACHE_TAG_HEADER]: shareCacheTag(row.id),
    },
  });
  return keptAtTheEdge(request, answer);
}

/**
 * DELETE /api/shares/{id}: with the token in X-Delete-Token, or without one by its owner (the signed-in account, or
 * the browser that made it, ADR 0170). The object goes first, then the row is marked.
 */
export async function deleteShare(
  request: IRequest,
  env: Env,
  _ctx: ExecutionContext,
  context: RequestContext,
): Promise<Response> {
  const id = request.params.id ?? '';
  if (!shareIdSchema.safeParse(id).success) throw noSuchShare();
  const token = request.headers.get(DELETE_TOKEN_HEADER);
  const db = writesOfMember(env, request).db;
  const row = await findShare(db, id);
  if (!row) throw noSuchShare();
  const allowed =
    token === null
      ? await ownsShare(request, env, context, row)
      : DELETE_TOKEN_PATTERN.test(token) && sameHash(await hashToken(token), row.deleteTokenHash);
  if (!allowed) {
    throw new HttpError(
      403,
      'forbidden',
      `Only the meme's creator can delete it: send its delete token in ${DELETE_TOKEN_HEADER}.`,
    );
  }
  if (row.deletedAt !== null) throw gone();
  await takeDown(env, row, 'creator');
  // The site's edge cache drops its copy of the picture here before this answer leaves (ADR 0146).
  return new Response(null, {
    status: 204,
    headers: { 'cache-control': 'no-store', [EDGE_PURGE_HEADER]: shareImagePath(id) },
  });
}
