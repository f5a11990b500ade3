/** The service's own routes, the template catalogue and stored pictures, as the API document describes them. */
import { routeList } from './openapi';
import { EDGE_CACHED_HEADERS } from './edge-cache';
import { z } from './zod';
import { MAX_REQUEST_BYTES } from '../limits';
import { HEALTH_CACHE_MS, HEALTH_CHECK_DEADLINE_MS, healthSchema } from './health';
import { imageQuerySchema, uploadFormSchema, uploadResponseSchema } from './images';
import { INTERNAL, PICTURE_ERRORS, rateLimit, SOURCE_ERRORS } from './openapi-errors';
import { templateResponseSchema, templateSearchSchema, templatesResponseSchema } from './templates';
import { ANIMATION_MAX_FRAMES } from '../animation/frames';
import { TTL_MINUTES, UPLOAD_LIMITS } from './openapi-errors';

export const SERVICE_ROUTES = routeList([
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
    throttle: { kind: 'throttled', burst: 'upload' },
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
    errors: [...PICTURE_ERRORS, ...SOURCE_ERRORS, INTERNAL],
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
]);
