/**
 * Every /api route as the public document describes it: the schemas are the ones the API validates with and the
 * UI sends, so the two cannot drift; the words say what the schemas cannot (limits, errors, who may call).
 * A Worker test fails when the router and this list disagree (workers/api/test/http/openapi.test.ts).
 */
import { EDGE_CACHED_HEADERS } from './edge-cache';
import { z } from './zod';
import {
  MAX_BODY_BYTES,
  MAX_IMAGE_PIXELS,
  MAX_JSON_BYTES,
  MAX_REQUEST_BYTES,
  MAX_UPLOAD_BYTES,
  PROMPT_MAX_CHARS,
  FREE_DAILY_AI_LIMIT,
  SOURCE_DEADLINE_MS,
  SOURCE_MAX_REDIRECTS,
  IMAGE_TTL_SECONDS_DEFAULT,
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
  apiKeySchema,
} from './api-keys';
import {
  generateCaptionsRequestSchema,
  generateCaptionsResponseSchema,
  generateImageRequestSchema,
  generateImageResponseSchema,
} from './ai';
import { dashboardResponseSchema } from './dashboard';
import { HEALTH_CACHE_MS, HEALTH_CHECK_DEADLINE_MS, healthSchema } from './health';
import { imageQuerySchema, uploadFormSchema, uploadResponseSchema } from './images';
import {
  downloadMemeRequestSchema,
  downloadMemeResponseSchema,
  MAX_CANVAS_DATA_CHARS,
  savedMemeSchema,
  sessionRequestSchema,
  sessionResponseSchema,
  userMemesResponseSchema,
} from './memes';
import { buildOpenApiDocument, type ApiInfo, type RouteDoc } from './openapi';
import { MEME_ROUTES } from './openapi-memes';
import { SHARE_ROUTES } from './openapi-shares';
import { CONTACT_ROUTES } from './openapi-contact';
import { ACCOUNT_ROUTES } from './openapi-account';
import {
  AI_ERRORS,
  IMAGE_SERVICE_ERRORS,
  INTERNAL,
  JSON_ERRORS,
  kb,
  mb,
  PICTURE_ERRORS,
  PREMIUM_ONLY,
  rateLimit,
  rateLimited,
  SOURCE_ERRORS,
  withRouterErrors,
} from './openapi-errors';
import {
  templateResponseSchema,
  templateSchema,
  templateSearchSchema,
  templatesResponseSchema,
  textBoxSchema,
} from './templates';
import {
  AI_OUTPUT_MAX_PIXELS,
  AI_OUTPUT_MAX_SIDE,
  metadataAnalysisSchema,
  modifyFieldsSchema,
  optimizeFieldsSchema,
  securityFieldsSchema,
  toolResultSchema,
  convertFieldsSchema,
} from './tools';
import { usageLimitSchema } from './usage';
import { ANIMATION_MAX_FRAMES, ANIMATION_MAX_PIXELS } from '../animation/frames';
import { cancelJobResponseSchema } from './jobs';
import { NOTHING_FOUND } from '../tools/blur';
import {
  HTML_MAX_BYTES,
  HTML_MAX_BODY_BYTES,
  HTML_MAX_OUTPUT_PIXELS,
  HTML_MAX_PAGE_HEIGHT,
  HTML_RENDER_TIMEOUT_MS,
  HTML_VIEWPORT_WIDTH,
  htmlRenderSchema,
} from '../tools/html';

export const API_VERSION = '1.0.0';

const TTL_MINUTES = IMAGE_TTL_SECONDS_DEFAULT / 60;

const UPLOAD_LIMITS = [
  `Body at most ${mb(MAX_REQUEST_BYTES)}; the file at most ${mb(MAX_UPLOAD_BYTES)} and ${MAX_IMAGE_PIXELS / 1_000_000} megapixels.`,
  `A picture named by \`url\` is held to the same, fetched within ${SOURCE_DEADLINE_MS / 1000} s with at most ${SOURCE_MAX_REDIRECTS} redirects.`,
];
const RESULT_EXPIRY = `The result is stored for ${TTL_MINUTES} minutes at \`imageUrl\`; after that it answers 410.`;

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

/** A route's errors with some of its own added (those the shared lists do not name). */
const withErrors = (route: RouteDoc, errors: RouteDoc['errors']): RouteDoc => ({
  ...route,
  errors: [...route.errors.slice(0, -1), ...errors, ...route.errors.slice(-1)],
});

const toolRoute = (
  path: '/api/optimize' | '/api/modify' | '/api/convert' | '/api/security',
  summary: string,
  description: string,
  fields: z.ZodType,
  example: Record<string, string | number>,
  ai: boolean,
): RouteDoc => ({
  method: 'post',
  path,
  // The handler's name (ADR 0111): post + the tool, e.g. postOptimize.
  operationId: `post${path.slice('/api/'.length, '/api/'.length + 1).toUpperCase()}${path.slice('/api/'.length + 1)}`,
  tag: 'Image tools',
  summary,
  description: `${description} The picture is the \`image\` file, or a public \`url\` the server fetches. An animated GIF or WebP keeps every frame, its delays and loop count through compress, resize, crop, rotate, watermark and a conversion to WebP (the answer's \`frames\`; ADR 0137), up to ${ANIMATION_MAX_FRAMES} frames and ${ANIMATION_MAX_PIXELS / 1_000_000} megapixels in all frames; send the field \`frames=first\` to work on its first frame only (\`frames=all\` is the default). ${RESULT_EXPIRY} Send \`Accept: text/event-stream\` to follow the job's phases as they happen.`,
  auth: 'public',
  body: { kind: 'multipart', fields, maxBytes: MAX_REQUEST_BYTES, example },
  answers: [
    {
      status: 200,
      description: 'The stored result and what was applied.',
      kind: 'json',
      schema: toolResultSchema,
      id: 'ToolResult',
      streams: true,
    },
  ],
  errors: [
    ...PICTURE_ERRORS,
    ...SOURCE_ERRORS,
    rateLimited('tools'),
    ...(ai ? AI_ERRORS : []),
    ...IMAGE_SERVICE_ERRORS,
    INTERNAL,
  ],
  limits: [
    ...UPLOAD_LIMITS,
    rateLimit('tools'),
    ...(ai
      ? [
          `AI operations spend one of the ${FREE_DAILY_AI_LIMIT} free daily units (refunded if they fail).`,
          `An AI result is at most ${AI_OUTPUT_MAX_PIXELS / 1_000_000} megapixels and ${AI_OUTPUT_MAX_SIDE.toLocaleString('en-US')} pixels a side; larger requests answer 400 before any work.`,
        ]
      : []),
  ],
});

const ROUTES: RouteDoc[] = [
  {
    method: 'get',
    path: '/api/health',
    operationId: 'getHealth',
    tag: 'Service',
    auth: 'public',
    summary: 'Whether the service and what it depends on work',
    description: `Asks each dependency, in parallel, with a ${HEALTH_CHECK_DEADLINE_MS / 1000} s deadline each: the database (a trivial query), storage (a lookup of one object), the image service, the HTML renderer and the AI provider (the offline services are asked for their health; a Cloudflare binding is only checked for presence, since a real call would be billed). \`status\` is \`ok\` when everything answers, \`degraded\` when the site works but a feature that needs the image service, the renderer or AI does not (those answer 503), \`down\` when the database or storage does not. Answers within ${HEALTH_CACHE_MS / 1000} s of a check reuse it (\`checkedAt\`).`,
    answers: [
      {
        status: 200,
        description:
          '`ok` or `degraded`: the database and storage answer; `checks` says which feature, if any, is unavailable.',
        kind: 'json',
        schema: healthSchema,
        id: 'Health',
      },
      {
        status: 503,
        description: '`down`: the database or storage does not answer; the body says which.',
        kind: 'json',
        schema: healthSchema,
        id: 'Health',
      },
    ],
    errors: [INTERNAL],
  },
  {
    method: 'get',
    path: '/api/openapi.json',
    operationId: 'getOpenApi',
    tag: 'Service',
    auth: 'public',
    summary: 'This document',
    description: 'The OpenAPI 3.1 description of every route, generated from the schemas the API validates with.',
    answers: [
      {
        status: 200,
        description: 'The OpenAPI document.',
        kind: 'json',
        schema: z.looseObject({ openapi: z.literal('3.1.0'), paths: z.record(z.string(), z.unknown()) }),
        id: 'OpenApiDocument',
      },
    ],
    errors: [INTERNAL],
  },
  {
    method: 'get',
    path: '/api/templates',
    operationId: 'getTemplates',
    tag: 'Templates',
    auth: 'public',
    summary: 'List or search the meme templates',
    description:
      'Every template, most popular first, with its text boxes and example captions, and the template of the day. `search` matches names, keywords and famous meme names.',
    query: templateSearchSchema,
    answers: [
      {
        status: 200,
        description: 'The templates.',
        kind: 'json',
        schema: templatesResponseSchema,
        id: 'TemplatesResponse',
        headers: EDGE_CACHED_HEADERS,
      },
    ],
    errors: [
      { status: 400, code: 'validation_failed', when: 'The search is too long or has control characters.' },
      INTERNAL,
    ],
  },
  {
    method: 'get',
    path: '/api/templates/{id}',
    operationId: 'getTemplate',
    tag: 'Templates',
    auth: 'public',
    summary: 'One template',
    description: 'A template by its id.',
    pathParams: { id: { description: 'The template id.', example: 'nope-yep' } },
    answers: [
      {
        status: 200,
        description: 'The template.',
        kind: 'json',
        schema: templateResponseSchema,
        id: 'TemplateResponse',
        headers: EDGE_CACHED_HEADERS,
      },
    ],
    errors: [{ status: 404, code: 'not_found', when: 'There is no template with this id.' }, INTERNAL],
  },
  {
    method: 'get',
    path: '/api/templates/{id}/image',
    operationId: 'getTemplateImage',
    tag: 'Templates',
    auth: 'public',
    summary: 'A template’s picture',
    description: 'The picture of an imported template; built-in templates redirect to their static file.',
    pathParams: { id: { description: 'The template id.', example: 'nope-yep' } },
    answers: [
      { status: 200, description: 'The picture.', kind: 'image', headers: EDGE_CACHED_HEADERS },
      {
        status: 302,
        description: 'A built-in template: its picture is a static file.',
        kind: 'empty',
        headers: { Location: 'Where the picture is.' },
      },
    ],
    errors: [
      { status: 404, code: 'not_found', when: 'There is no template with this id, or its picture is missing.' },
      INTERNAL,
    ],
  },
  {
    method: 'post',
    path: '/api/upload',
    operationId: 'postUpload',
    tag: 'Images',
    auth: 'public',
    summary: 'Upload a picture',
    description: `Stores a picture for the editor and the tools: the \`image\` file, or the picture at a public \`url\`, which the server fetches. The format is read from the bytes, never from the name or the Content-Type. An animated GIF or WebP is held to the tools' limits on all its frames (at most ${ANIMATION_MAX_FRAMES}; 413 naming the limit), since the editor plays every one. It expires after ${TTL_MINUTES} minutes.`,
    body: {
      kind: 'multipart',
      fields: uploadFormSchema.omit({ image: true }),
      maxBytes: MAX_REQUEST_BYTES,
      example: {},
    },
    answers: [
      { status: 201, description: 'Stored.', kind: 'json', schema: uploadResponseSchema, id: 'UploadResponse' },
    ],
    errors: [...PICTURE_ERRORS, ...SOURCE_ERRORS, rateLimited('upload'), INTERNAL],
    limits: [...UPLOAD_LIMITS, rateLimit('upload')],
  },
  {
    method: 'get',
    path: '/api/images/{id}',
    operationId: 'getImage',
    tag: 'Images',
    auth: 'public',
    summary: 'A stored picture',
    description:
      'The bytes of an upload, a tool result, a generated picture or a saved meme, with its own Content-Type, `nosniff` and a cache lifetime up to its expiry.',
    pathParams: {
      id: { description: 'The opaque id from an `imageUrl`.', example: 't1a2b3c-0123456789abcdef0123456789abcdef' },
    },
    query: imageQuerySchema,
    answers: [{ status: 200, description: 'The picture.', kind: 'image' }],
    errors: [
      { status: 400, code: 'validation_failed', when: 'The download name is over 300 characters.' },
      { status: 404, code: 'not_found', when: 'There is no such image.' },
      { status: 410, code: 'gone', when: `The image expired (${TTL_MINUTES} minutes after it was made).` },
      INTERNAL,
    ],
  },
  {
    method: 'get',
    path: '/api/usage-limit',
    operationId: 'getUsageLimit',
    tag: 'AI',
    auth: 'public',
    summary: 'Today’s AI allowance',
    description: `How many of the ${FREE_DAILY_AI_LIMIT} free AI operations this caller has used today (UTC), and \`resetsAt\`: when the count starts again (the next midnight UTC). Premium has no cap.`,
    answers: [{ status: 200, description: 'The allowance.', kind: 'json', schema: usageLimitSchema, id: 'UsageLimit' }],
    errors: [INTERNAL],
  },
  {
    method: 'post',
    path: '/api/generate-image',
    operationId: 'postGenerateImage',
    tag: 'AI',
    auth: 'public',
    summary: 'Generate a picture from a prompt',
    description: `Text to image. Spends one unit of the daily allowance, refunded on failure and for an offline preview card (\`isPlaceholder\`). ${RESULT_EXPIRY}`,
    body: {
      kind: 'json',
      schema: generateImageRequestSchema,
      maxBytes: MAX_JSON_BYTES,
      example: { prompt: 'a cat in a spacesuit, studio light' },
    },
    answers: [
      {
        status: 200,
        description: 'The picture.',
        kind: 'json',
        schema: generateImageResponseSchema,
        id: 'GenerateImageResponse',
      },
    ],
    errors: [...JSON_ERRORS, rateLimited('generate-image'), ...AI_ERRORS, INTERNAL],
    limits: [
      `Prompt at most ${PROMPT_MAX_CHARS} characters; body at most ${kb(MAX_JSON_BYTES)}.`,
      rateLimit('generate-image'),
    ],
  },
  {
    method: 'post',
    path: '/api/generate-captions',
    operationId: 'postGenerateCaptions',
    tag: 'AI',
    auth: 'public',
    summary: 'Caption ideas',
    description:
      'Caption ideas for a template (one line per text box, joined by " / "), or top and bottom captions for your own picture when no template is named: send its `imageUrl` (from `POST /api/upload`) and a vision model captions what it shows. `source` says whether a model wrote them or they come from the caption bank (offline, or when the model failed), and `note` says so in words. Not counted in the daily allowance.',
    body: {
      kind: 'json',
      schema: generateCaptionsRequestSchema,
      maxBytes: MAX_JSON_BYTES,
      example: { templateId: 'nope-yep', context: 'Monday meetings' },
    },
    answers: [
      {
        status: 200,
        description: 'The captions.',
        kind: 'json',
        schema: generateCaptionsResponseSchema,
        id: 'GenerateCaptionsResponse',
      },
    ],
    errors: [
      ...JSON_ERRORS,
      { status: 404, code: 'not_found', when: 'There is no template with that id, or no picture at `imageUrl`.' },
      { status: 410, code: 'gone', when: 'The picture at `imageUrl` has expired; upload it again.' },
      // The stored picture is taken in by the rule of every route (ADR 0012).
      ...PICTURE_ERRORS.filter((e) => e.status !== 400),
      rateLimited('generate-captions'),
      ...AI_ERRORS.filter((e) => e.code !== 'quota_exceeded'),
      INTERNAL,
    ],
    limits: [
      `Context at most ${PROMPT_MAX_CHARS} characters; body at most ${kb(MAX_JSON_BYTES)}.`,
      rateLimit('generate-captions'),
    ],
  },
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
  toolRoute(
    '/api/optimize',
    'Compress, upscale or remove the background',
    "`operation=compress` at a quality, `auto` (the smallest file that looks the same, never less faithful than libvips' JPEG q75 of the photo) or a target size; with `quality=auto`, `format=auto` chooses among AVIF, WebP and JPEG (WebP, AVIF or PNG with transparency) that `accept` allows (else the image types of the `Accept` header; AVIF only when named) and says why in `formatReason`; `upscale` (2, 3 or 4×) and `remove-background` use AI and write JPEG or WebP (`format=auto`: a JPEG photo stays JPEG, anything else becomes WebP) unless `format=png` is asked for; a cut-out is WebP or PNG.",
    optimizeFieldsSchema,
    { operation: 'compress', quality: 80, format: 'webp' },
    true,
  ),
  toolRoute(
    '/api/modify',
    'Resize, crop, rotate or batch-compress',
    "Resize to a preset or a size (Fill, Fit with a border colour, or Stretch; Fill keeps the faces, else the most detailed part, unless `position=centre`, and the answer's `framing` says which, ADR 0136), crop a rectangle, rotate and flip, or compress (the batch).",
    modifyFieldsSchema,
    { operation: 'resize', width: 1080, height: 1080, fit: 'cover' },
    false,
  ),
  toolRoute(
    '/api/convert',
    'Convert to JPEG, PNG, WebP, AVIF, BMP or TIFF',
    'Re-encodes the picture, scaled down to fit within `maxSide` where that is sent (AVIF is made at most 1,200 px a side); metadata is never carried over.',
    convertFieldsSchema,
    { format: 'png' },
    false,
  ),
  withErrors(
    toolRoute(
      '/api/security',
      'Watermark, blur faces or strip private metadata',
      '`watermark` draws text or a `logo` picture at a corner or the centre, or tiled over the whole picture (`tiled=true`); `blur` blurs or pixelates faces, people, the background or chosen rectangles (faces, people and background use AI); `privacy` removes EXIF, location and timestamps without re-encoding.',
      securityFieldsSchema,
      { operation: 'watermark', text: '© 2026 Ada Lovelace', position: 'bottom-right' },
      true,
    ),
    [
      {
        status: 422,
        code: NOTHING_FOUND.faces.code,
        when: `\`blur\` of faces found none: "${NOTHING_FOUND.faces.message}" The unit is refunded and nothing is stored.`,
      },
      {
        status: 422,
        code: NOTHING_FOUND.people.code,
        when: `\`blur\` of people found nobody: "${NOTHING_FOUND.people.message}" The unit is refunded and nothing is stored.`,
      },
    ],
  ),
  {
    method: 'delete',
    path: '/api/jobs/{id}',
    operationId: 'deleteJob',
    tag: 'Image tools',
    auth: 'public',
    summary: 'Cancel a streamed AI job',
    description:
      'A streamed AI tool job (`Accept: text/event-stream` on /api/optimize or /api/security) sends its id as `job` in its first `phase` event. Deleting it gives its allowance unit back at once, exactly once, whether or not the job has noticed yet (close the stream too, so it stops), and answers the allowance as it then stands. A job that already finished keeps its unit (`refunded: false`); a job that has not taken its unit yet never will. Only the visitor who started the job can reach it.',
    pathParams: {
      id: { description: 'The `job` of the first phase event.', example: '3f0c5b1e-8a7d-4c2b-9e61-2d4a5b6c7d8e' },
    },
    answers: [
      {
        status: 200,
        description: 'Whether this call refunded the unit, and the allowance after it.',
        kind: 'json',
        schema: cancelJobResponseSchema,
        id: 'CancelJobResponse',
      },
    ],
    errors: [{ status: 400, code: 'validation_failed', when: 'The id is not a job id.' }, INTERNAL],
  },
  {
    method: 'post',
    path: '/api/convert/html',
    operationId: 'postConvertHtml',
    tag: 'Image tools',
    auth: 'public',
    summary: 'HTML to image',
    description: `Renders a page of HTML in a headless browser into PNG, JPEG or WebP. By default the picture is the box of what the page paints (\`fit=content\`), or of the element a CSS \`selector\` names; \`fit=viewport\` and \`fit=page\` capture the viewport or the whole page. \`scale=2\` doubles every side; \`transparent\` leaves out the white backdrop (PNG and WebP). The page may only load data: URLs; scripts are off unless allowed. ${RESULT_EXPIRY}`,
    body: {
      kind: 'json',
      schema: htmlRenderSchema,
      maxBytes: HTML_MAX_BODY_BYTES,
      example: {
        html: '<!doctype html><div class="card" style="width:420px;padding:24px;font:32px sans-serif">Hello</div>',
        selector: '.card',
        scale: 2,
        format: 'png',
        transparent: true,
      },
    },
    answers: [
      { status: 200, description: 'The stored picture.', kind: 'json', schema: toolResultSchema, id: 'ToolResult' },
    ],
    errors: [
      ...JSON_ERRORS,
      { status: 413, code: 'payload_too_large', when: `The HTML is over ${kb(HTML_MAX_BYTES)}.` },
      { status: 400, code: 'invalid_selector', when: '`selector` is not CSS the browser can parse.' },
      {
        status: 400,
        code: 'selector_not_found',
        when: '`selector` matches no element, or only one that is not shown or has no size.',
      },
      { status: 415, code: 'unsupported_media_type', when: 'The body is not application/json.' },
      {
        status: 422,
        code: 'render_timeout',
        when: `The page took more than ${HTML_RENDER_TIMEOUT_MS / 1000} s to load and draw.`,
      },
      { status: 422, code: 'render_failed', when: 'The browser could not render the page.' },
      rateLimited('tools'),
      { status: 503, code: 'renderer_unavailable', when: 'No renderer is configured or it did not answer.' },
      { status: 503, code: 'renderer_busy', when: 'The renderer is busy; try again.' },
      INTERNAL,
    ],
    limits: [
      `HTML at most ${kb(HTML_MAX_BYTES)} (UTF-8); body at most ${mb(HTML_MAX_BODY_BYTES)}.`,
      `Rendering at most ${HTML_RENDER_TIMEOUT_MS / 1000} s.`,
      `A picture is at most ${HTML_VIEWPORT_WIDTH.max.toLocaleString('en-US')} CSS px wide and ${(HTML_MAX_OUTPUT_PIXELS / 1_000_000).toFixed(1)} megapixels at its scale (a full page at 1× up to ${HTML_MAX_PAGE_HEIGHT.toLocaleString('en-US')} px tall); a larger one shows its top-left part, and its notes say so.`,
      rateLimit('tools'),
    ],
  },
  {
    method: 'post',
    path: '/api/analyze-metadata',
    operationId: 'postAnalyzeMetadata',
    tag: 'Image tools',
    auth: 'public',
    summary: 'What a picture’s metadata reveals',
    description: 'Reads GPS, capture time, device, software, author, XMP and colour profile without storing anything.',
    body: { kind: 'multipart', fields: z.object({}), maxBytes: MAX_REQUEST_BYTES, example: {} },
    answers: [
      {
        status: 200,
        description: 'The findings.',
        kind: 'json',
        schema: metadataAnalysisSchema,
        id: 'MetadataAnalysis',
      },
    ],
    errors: [...PICTURE_ERRORS, ...SOURCE_ERRORS, rateLimited('tools'), INTERNAL],
    limits: [...UPLOAD_LIMITS, rateLimit('tools')],
  },
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
  ...MEME_ROUTES,
  ...SHARE_ROUTES,
  ...CONTACT_ROUTES,
  ...ACCOUNT_ROUTES,
];

export const API_ROUTES: readonly RouteDoc[] = ROUTES.map(withRouterErrors);

export const API_TAGS: ApiInfo['tags'] = [
  { name: 'Templates', description: 'The meme template catalogue.' },
  { name: 'Images', description: 'Uploads and stored pictures.' },
  {
    name: 'Image tools',
    description:
      'Compress, upscale, remove backgrounds, resize, crop, rotate, convert, watermark, blur, strip metadata, HTML to image.',
  },
  { name: 'AI', description: 'Generated pictures and captions, and the daily allowance.' },
  {
    name: 'Memes',
    description:
      'Memes drawn from a template and captions (by a POST or by URL), share links, downloads from the editor and a premium member’s saved memes.',
  },
  { name: 'Premium', description: 'The premium session and its figures.' },
  {
    name: 'Account',
    description:
      'Accounts with passkeys: your memes, share links, keys and premium on every device. For a browser; an API key is refused here.',
  },
  {
    name: 'API keys',
    description:
      'Keys for programs, made and revoked on the dashboard; each call counts against the key’s monthly allowance.',
  },
  { name: 'Contact', description: 'Messages to the people who run the site, read by them and answered by e-mail.' },
  { name: 'Service', description: 'Health and this document.' },
];

let cached: Record<string, unknown> | undefined;

/** The document, built once per isolate (or page load). */
export function openApiDocument(): Record<string, unknown> {
  cached ??= buildOpenApiDocument({
    version: API_VERSION,
    tags: API_TAGS,
    routes: API_ROUTES,
    shared: { Template: templateSchema, TextBox: textBoxSchema, SavedMeme: savedMemeSchema, ApiKey: apiKeySchema },
  });
  return cached;
}
