/**
 * The share-link routes as the public document describes them (ADR 0139): create, read, the picture, delete.
 * Joined to the rest in openapi-routes.ts.
 */
import { EDGE_CACHED_HEADERS } from './edge-cache';
import { MAX_REQUEST_BYTES } from '../limits';
import { routeList } from './openapi';
import { INTERNAL, mb, rateLimit, SOURCE_ERRORS } from './openapi-errors';
import { ownSharesSchema } from './account';
import {
  DELETE_TOKEN_HEADER,
  SHARE_CAPTION_MAX_CHARS,
  SHARE_FREE_DAYS,
  SHARE_MAX_ANIMATED_BYTES,
  SHARE_MAX_BYTES,
  SHARE_MAX_CAPTIONS,
  SHARE_MAX_FRAMES,
  SHARE_MAX_SIDE,
  shareCreatedSchema,
  shareFormSchema,
  shareIdSchema,
  shareSchema,
} from './shares';

const ID = {
  id: {
    description: 'The share id: the last part of its `/m/{id}` link.',
    example: 'k3v9q2m7x8ab',
    schema: shareIdSchema,
  },
};
const NO_SUCH = {
  status: 404,
  code: 'not_found',
  when: 'No share ever had this id (or it is not a share id).',
} as const;
const GONE = {
  status: 410,
  code: 'gone',
  when: `Its creator deleted it, it was taken down, or its ${SHARE_FREE_DAYS} days are up.`,
} as const;

export const SHARE_ROUTES = routeList([
  {
    method: 'get',
    path: '/api/shares',
    operationId: 'getShares',
    tag: 'Memes',
    auth: 'public',
    summary: 'Your share links',
    description:
      'The live share links of the signed-in account (made on any of its devices), or else those this browser made, newest first. Their owner may delete them without the token.',
    answers: [{ status: 200, description: 'The share links.', kind: 'json', schema: ownSharesSchema, id: 'OwnShares' }],
    errors: [INTERNAL],
  },
  {
    method: 'post',
    path: '/api/shares',
    operationId: 'postShare',
    throttle: { kind: 'throttled', burst: 'upload' },
    tag: 'Memes',
    auth: 'public',
    summary: 'Share a meme by link',
    description:
      'Keeps a finished meme (the `image` file, or its address as `url`: PNG, JPEG or WebP, as drawn, or an animated GIF or WebP, every frame and its timing kept; the type is read from the bytes, not the declared type) and answers its page `url` (`/m/{id}`), its picture and a `deleteToken`. ' +
      'Every metadata block is removed first (EXIF, XMP, IPTC, comments, anything after the picture; a GIF’s application extensions but its loop count); the pixels are not re-encoded. ' +
      '`template` (an id from `GET /api/templates`) and `captions` (the field repeated, one per caption) make the page’s alt text and its Make your own link. ' +
      `A share lives ${SHARE_FREE_DAYS} days (\`expiresAt\`); a premium member’s is kept until deleted (\`expiresAt: null\`). ` +
      `Keep \`deleteToken\`: it is shown once, stored only as a hash, and is the only way to delete the share (\`DELETE /api/shares/{id}\` with \`${DELETE_TOKEN_HEADER}\`).`,
    body: {
      kind: 'multipart',
      fields: shareFormSchema,
      maxBytes: MAX_REQUEST_BYTES,
      example: { template: 'nope-yep', captions: 'writing docs' },
    },
    answers: [{ status: 201, description: 'Shared.', kind: 'json', schema: shareCreatedSchema, id: 'ShareCreated' }],
    errors: [
      { status: 400, code: 'bad_request', when: 'The body is not multipart/form-data, or cannot be read.' },
      {
        status: 400,
        code: 'validation_failed',
        when: 'Neither an `image` file nor a `url`, an unknown template, too many captions, an empty one or one too long; the message names it.',
      },
      ...SOURCE_ERRORS.filter((e) => e.status !== 413),
      {
        status: 413,
        code: 'payload_too_large',
        when: `The picture (sent or at \`url\`) is over ${SHARE_MAX_BYTES / 1_000_000} MB (${SHARE_MAX_ANIMATED_BYTES / 1_000_000} MB when animated) or ${SHARE_MAX_SIDE} pixels a side, or an animation has over ${SHARE_MAX_FRAMES} frames.`,
      },
      {
        status: 415,
        code: 'unsupported_media_type',
        when: 'The file is not a PNG, JPEG, WebP or GIF picture whose header can be read.',
      },
      {
        status: 422,
        code: 'unprocessable_image',
        when: 'The picture is damaged and cannot be read (a GIF or animated WebP whose blocks cannot be walked).',
      },
      INTERNAL,
    ],
    limits: [
      `The picture at most ${SHARE_MAX_BYTES / 1_000_000} MB and ${SHARE_MAX_SIDE} pixels a side (the editor's share size); an animated GIF or WebP at most ${SHARE_MAX_ANIMATED_BYTES / 1_000_000} MB and ${SHARE_MAX_FRAMES} frames (the animated export's share size); at most ${SHARE_MAX_CAPTIONS} captions of ${SHARE_CAPTION_MAX_CHARS} characters; the body at most ${mb(MAX_REQUEST_BYTES)}.`,
      rateLimit('upload'),
    ],
  },
  {
    method: 'get',
    path: '/api/shares/{id}',
    operationId: 'getShare',
    tag: 'Memes',
    auth: 'public',
    summary: 'A shared meme',
    description:
      'What its page shows: the picture’s URL and size, the template, the captions and the alt text made from them, and when it expires. Not cached (`no-cache`), so a delete shows at once.',
    pathParams: ID,
    answers: [{ status: 200, description: 'The share.', kind: 'json', schema: shareSchema, id: 'Share' }],
    errors: [NO_SUCH, GONE, INTERNAL],
  },
  {
    method: 'get',
    path: '/api/shares/{id}/image',
    operationId: 'getShareImage',
    tag: 'Memes',
    auth: 'public',
    summary: 'A shared meme’s picture',
    description:
      "The picture, as its `og:image`. Public and cacheable for 5 minutes (`max-age=300`, less when the share expires sooner), so a delete reaches every browser within that; the site's edge cache drops it at once.",
    pathParams: ID,
    answers: [
      { status: 200, description: 'The picture (its own Content-Type).', kind: 'image', headers: EDGE_CACHED_HEADERS },
    ],
    errors: [NO_SUCH, GONE, INTERNAL],
  },
  {
    method: 'delete',
    path: '/api/shares/{id}',
    operationId: 'deleteShare',
    throttle: { kind: 'limited', burst: 'delete-share' },
    tag: 'Memes',
    auth: 'public',
    summary: 'Delete a shared meme',
    description: `With the \`deleteToken\` its creation answered, in \`${DELETE_TOKEN_HEADER}\`, or without it by its owner: the signed-in account it belongs to, or the browser that made it. The picture is deleted; the link then answers 410.`,
    pathParams: ID,
    headerParams: {
      [DELETE_TOKEN_HEADER]: {
        description: 'The `deleteToken` from `POST /api/shares`; not needed by its owner.',
        example: 'q0Zk3n1Yx7cFh2Vb9sL4tPaRw8mEoUiJ5dKgNyT6zXA',
        inExamples: true,
      },
    },
    answers: [{ status: 204, description: 'Deleted.', kind: 'empty' }],
    errors: [
      {
        status: 403,
        code: 'forbidden',
        when: `Not this share's token, or no \`${DELETE_TOKEN_HEADER}\` from someone who does not own it.`,
      },
      NO_SUCH,
      GONE,
      INTERNAL,
    ],
    limits: [rateLimit('delete-share')],
  },
]);
