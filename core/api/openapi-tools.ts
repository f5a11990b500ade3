/** The image tools and their jobs, as the API document describes them. */
import { routeList, type RouteDoc } from './openapi';
import { z } from './zod';
import { MAX_REQUEST_BYTES, FREE_DAILY_AI_LIMIT } from '../limits';
import {
  AI_ERRORS,
  IMAGE_SERVICE_ERRORS,
  INTERNAL,
  JSON_ERRORS,
  kb,
  mb,
  PICTURE_ERRORS,
  rateLimit,
  SOURCE_ERRORS,
} from './openapi-errors';
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
import { RESULT_EXPIRY, UPLOAD_LIMITS } from './openapi-errors';

/** A route's errors with some of its own added (those the shared lists do not name). */
const withErrors = <Id extends string>(route: RouteDoc<Id>, errors: RouteDoc['errors']): RouteDoc<Id> => ({
  ...route,
  errors: [...route.errors.slice(0, -1), ...errors, ...route.errors.slice(-1)],
});

const toolRoute = <const Id extends string>(
  path: '/api/optimize' | '/api/modify' | '/api/convert' | '/api/security',
  operationId: Id,
  summary: string,
  description: string,
  fields: z.ZodType,
  example: Record<string, string | number>,
  ai: boolean,
): RouteDoc<Id> => ({
  method: 'post',
  path,
  operationId,
  throttle: { kind: 'throttled', burst: 'tools' },
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
  errors: [...PICTURE_ERRORS, ...SOURCE_ERRORS, ...(ai ? AI_ERRORS : []), ...IMAGE_SERVICE_ERRORS, INTERNAL],
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

export const TOOL_ROUTES = routeList([
  toolRoute(
    '/api/optimize',
    'postOptimize',
    'Compress, upscale or remove the background',
    "`operation=compress` at a quality, `auto` (the smallest file that looks the same, never less faithful than libvips' JPEG q75 of the photo) or a target size; with `quality=auto`, `format=auto` chooses among AVIF, WebP and JPEG (WebP, AVIF or PNG with transparency) that `accept` allows (else the image types of the `Accept` header; AVIF only when named) and says why in `formatReason`; `upscale` (2, 3 or 4×) and `remove-background` use AI and write JPEG or WebP (`format=auto`: a JPEG photo stays JPEG, anything else becomes WebP) unless `format=png` is asked for; a cut-out is WebP or PNG.",
    optimizeFieldsSchema,
    { operation: 'compress', quality: 80, format: 'webp' },
    true,
  ),
  toolRoute(
    '/api/modify',
    'postModify',
    'Resize, crop, rotate or batch-compress',
    "Resize to a preset or a size (Fill, Fit with a border colour, or Stretch; Fill keeps the faces, else the most detailed part, unless `position=centre`, and the answer's `framing` says which, ADR 0136), crop a rectangle, rotate and flip, or compress (the batch).",
    modifyFieldsSchema,
    { operation: 'resize', width: 1080, height: 1080, fit: 'cover' },
    false,
  ),
  toolRoute(
    '/api/convert',
    'postConvert',
    'Convert to JPEG, PNG, WebP, AVIF, BMP or TIFF',
    'Re-encodes the picture, scaled down to fit within `maxSide` where that is sent (AVIF is made at most 1,200 px a side); metadata is never carried over.',
    convertFieldsSchema,
    { format: 'png' },
    false,
  ),
  withErrors(
    toolRoute(
      '/api/security',
      'postSecurity',
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
      {
        status: 422,
        code: NOTHING_FOUND.background.code,
        when: `\`blur\` of the background found no subject (its cut-out is nearly all transparent): "${NOTHING_FOUND.background.message}" The unit is refunded and nothing is stored.`,
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
    throttle: { kind: 'throttled', burst: 'tools' },
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
    throttle: { kind: 'throttled', burst: 'tools' },
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
    errors: [...PICTURE_ERRORS, ...SOURCE_ERRORS, INTERNAL],
    limits: [...UPLOAD_LIMITS, rateLimit('tools')],
  },
]);
