/** The premium session, saved memes, the dashboard and API keys, as the API document describes them. */
import { routeList } from './openapi';
import {
  MAX_BODY_BYTES,
  MAX_JSON_BYTES,
  ACCESS_CODE_MAX_FAILURES_PER_MINUTE,
  ACCESS_CODE_MAX_FAILURES_PER_HOUR,
  ACCESS_CODE_MAX_FAILING_VISITORS_PER_HOUR,
} from '../limits';
import {
  API_KEY_MESSAGES,
  API_KEYS_MAX_ACTIVE,
  API_KEY_NAME_MAX_CHARS,
  apiKeyCreateRequestSchema,
  apiKeyCreatedResponseSchema,
  apiKeyListResponseSchema,
} from './api-keys';
import { dashboardResponseSchema } from './dashboard';
import {
  downloadMemeRequestSchema,
  downloadMemeResponseSchema,
  MAX_CANVAS_DATA_CHARS,
  sessionRequestSchema,
  sessionResponseSchema,
  userMemesResponseSchema,
} from './memes';
import { INTERNAL, JSON_ERRORS, mb, PICTURE_ERRORS, PREMIUM_ONLY } from './openapi-errors';
import { TTL_MINUTES } from './openapi-errors';

/**
 * Read your own writes through the database's replicas (ADR 0115): a premium member's saves and deletes answer the
 * database state they wrote, and reads that are sent it back are at least that fresh.
 */
const BOOKMARK_SENT = {
  'X-D1-Bookmark': {
    description:
      'The `X-D1-Bookmark` of your last answer, so this call reads the database at least as fresh as that (your own saves and deletes included). Optional; a value that is not a bookmark is ignored.',
    example: '00000085-0000024c-00004c6d-8e61117bf38d7adb71b934ebbf891683',
  },
};
const BOOKMARK_ANSWERED = {
  'X-D1-Bookmark': 'The database state this answer saw, its own writes included: send it back with your next call.',
};

export const PREMIUM_ROUTES = routeList([
  {
    method: 'post',
    path: '/api/session',
    operationId: 'postSession',
    tag: 'Premium',
    auth: 'public',
    summary: 'Open a premium session',
    description: 'Checks the access code and sets the HttpOnly session cookie.',
    body: {
      kind: 'json',
      schema: sessionRequestSchema,
      maxBytes: MAX_JSON_BYTES,
      example: { accessCode: 'your-access-code' },
    },
    answers: [
      {
        status: 200,
        description: 'The session is open.',
        kind: 'json',
        schema: sessionResponseSchema,
        id: 'SessionInfo',
      },
    ],
    errors: [
      ...JSON_ERRORS,
      { status: 401, code: 'unauthorized', when: 'The access code is wrong.' },
      {
        status: 429,
        code: 'rate_limited',
        when: `This browser had more than ${ACCESS_CODE_MAX_FAILURES_PER_MINUTE} wrong codes in a minute or ${ACCESS_CODE_MAX_FAILURES_PER_HOUR} in an hour, or more than ${ACCESS_CODE_MAX_FAILING_VISITORS_PER_HOUR} visitors got it wrong from this network within the hour; wait the Retry-After seconds.`,
      },
      { status: 503, code: 'not_configured', when: 'Premium access is not configured on this server.' },
      INTERNAL,
    ],
    limits: [
      `${ACCESS_CODE_MAX_FAILURES_PER_MINUTE} wrong codes a minute and ${ACCESS_CODE_MAX_FAILURES_PER_HOUR} an hour per browser; ${ACCESS_CODE_MAX_FAILING_VISITORS_PER_HOUR} failing visitors an hour per network.`,
    ],
  },
  {
    method: 'get',
    path: '/api/session',
    operationId: 'getSession',
    tag: 'Premium',
    auth: 'public',
    summary: 'Whether a premium session is open',
    description: 'Reads the session cookie.',
    answers: [
      {
        status: 200,
        description: 'The session state.',
        kind: 'json',
        schema: sessionResponseSchema,
        id: 'SessionInfo',
      },
    ],
    errors: [INTERNAL],
  },
  {
    method: 'delete',
    path: '/api/session',
    operationId: 'deleteSession',
    tag: 'Premium',
    auth: 'public',
    summary: 'Close the premium session',
    description: 'Ends the session and deletes its cookie.',
    answers: [{ status: 204, description: 'Closed.', kind: 'empty' }],
    errors: [INTERNAL],
  },
  {
    method: 'post',
    path: '/api/download-meme',
    operationId: 'postDownloadMeme',
    tag: 'Memes',
    auth: 'public',
    summary: 'Store an exported meme for download',
    description: `Takes the editor's exported canvas (a base64 PNG, JPEG or WebP data URL) and answers a download URL. With a premium session the meme is also saved and kept; otherwise it expires after ${TTL_MINUTES} minutes.`,
    body: {
      kind: 'json',
      schema: downloadMemeRequestSchema,
      maxBytes: MAX_CANVAS_DATA_CHARS,
      example: { canvasData: 'data:image/png;base64,iVBORw0KGgo…', filename: 'my-meme', format: 'png' },
    },
    headerParams: BOOKMARK_SENT,
    answers: [
      {
        status: 201,
        description: 'Stored. A premium save answers `X-D1-Bookmark`.',
        kind: 'json',
        schema: downloadMemeResponseSchema,
        id: 'DownloadMemeResponse',
        headers: BOOKMARK_ANSWERED,
      },
    ],
    errors: [
      ...JSON_ERRORS,
      {
        status: 415,
        code: 'unsupported_media_type',
        when: 'The data URL is not PNG, JPEG or WebP, or says one format and holds another.',
      },
      ...PICTURE_ERRORS.filter((e) => e.status === 413 || e.status === 422),
      INTERNAL,
    ],
    limits: [
      `Canvas data at most ${mb(MAX_CANVAS_DATA_CHARS)} of base64; any body over ${mb(MAX_BODY_BYTES)} is refused unread.`,
    ],
  },
  {
    method: 'get',
    path: '/api/user-memes',
    operationId: 'getUserMemes',
    tag: 'Memes',
    auth: 'premium',
    summary: 'Your saved memes',
    description:
      'The premium member’s saved memes, newest first, read from the database replica nearest you. Send the last answer’s `X-D1-Bookmark` back to see a meme you have just saved.',
    headerParams: BOOKMARK_SENT,
    answers: [
      {
        status: 200,
        description: 'The memes.',
        kind: 'json',
        schema: userMemesResponseSchema,
        id: 'UserMemesResponse',
        headers: BOOKMARK_ANSWERED,
      },
    ],
    errors: [PREMIUM_ONLY, INTERNAL],
  },
  {
    method: 'delete',
    path: '/api/user-memes/{id}',
    operationId: 'deleteUserMeme',
    tag: 'Memes',
    auth: 'premium',
    summary: 'Delete a saved meme',
    description: 'Deletes the picture and its record.',
    pathParams: { id: { description: 'The meme id from the list.', example: 'k-0123456789abcdef0123456789abcdef' } },
    headerParams: BOOKMARK_SENT,
    answers: [{ status: 204, description: 'Deleted.', kind: 'empty', headers: BOOKMARK_ANSWERED }],
    errors: [
      PREMIUM_ONLY,
      { status: 404, code: 'not_found', when: 'There is no such meme of yours.' },
      { status: 409, code: 'conflict', when: 'It was deleted at the same moment by another request.' },
      INTERNAL,
    ],
  },
  {
    method: 'get',
    path: '/api/dashboard',
    operationId: 'getDashboard',
    tag: 'Premium',
    auth: 'premium',
    summary: 'Your usage figures',
    description:
      'Totals and the last 30 UTC days of AI operations and downloads, read from the database replica nearest you. Send the last answer’s `X-D1-Bookmark` back in the same request header to read figures at least that fresh (a meme you have just saved is counted).',
    headerParams: BOOKMARK_SENT,
    answers: [
      {
        status: 200,
        description: 'The figures.',
        kind: 'json',
        schema: dashboardResponseSchema,
        id: 'DashboardResponse',
        headers: BOOKMARK_ANSWERED,
      },
    ],
    errors: [PREMIUM_ONLY, INTERNAL],
  },
]);

export const KEY_ROUTES = routeList([
  {
    method: 'get',
    path: '/api/keys',
    operationId: 'getKeys',
    tag: 'API keys',
    auth: 'session',
    summary: 'Your API keys',
    description:
      'The premium member’s active keys (the first characters only, never the key) and this month’s calls against the allowance. Dashboard session only.',
    answers: [
      { status: 200, description: 'The keys.', kind: 'json', schema: apiKeyListResponseSchema, id: 'ApiKeyList' },
    ],
    errors: [PREMIUM_ONLY, INTERNAL],
  },
  {
    method: 'post',
    path: '/api/keys',
    operationId: 'postKey',
    tag: 'API keys',
    auth: 'session',
    summary: 'Create an API key',
    description: 'Answers the key itself, once: it is stored only as a hash. Dashboard session only.',
    body: {
      kind: 'json',
      schema: apiKeyCreateRequestSchema,
      maxBytes: MAX_JSON_BYTES,
      example: { name: 'build server' },
    },
    answers: [
      {
        status: 201,
        description: 'The new key; copy it now.',
        kind: 'json',
        schema: apiKeyCreatedResponseSchema,
        id: 'ApiKeyCreated',
      },
    ],
    errors: [...JSON_ERRORS, PREMIUM_ONLY, { status: 409, code: 'conflict', when: API_KEY_MESSAGES.tooMany }, INTERNAL],
    limits: [`At most ${API_KEYS_MAX_ACTIVE} active keys; a name of at most ${API_KEY_NAME_MAX_CHARS} characters.`],
  },
  {
    method: 'delete',
    path: '/api/keys/{id}',
    operationId: 'deleteKey',
    tag: 'API keys',
    auth: 'session',
    summary: 'Revoke an API key',
    description: 'The key stops working at once. Dashboard session only.',
    pathParams: { id: { description: 'The key id from the list.', example: '0123456789abcdef0123456789abcdef' } },
    answers: [{ status: 204, description: 'Revoked.', kind: 'empty' }],
    errors: [
      { status: 400, code: 'validation_failed', when: 'The id is not a key id.' },
      PREMIUM_ONLY,
      { status: 404, code: 'not_found', when: API_KEY_MESSAGES.notFound },
      INTERNAL,
    ],
  },
]);
