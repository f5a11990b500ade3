/** The AI routes and the daily allowance, as the API document describes them. */
import { routeList } from './openapi';
import { MAX_JSON_BYTES, PROMPT_MAX_CHARS, FREE_DAILY_AI_LIMIT } from '../limits';
import {
  generateCaptionsRequestSchema,
  generateCaptionsResponseSchema,
  generateImageRequestSchema,
  generateImageResponseSchema,
} from './ai';
import { AI_ERRORS, INTERNAL, JSON_ERRORS, kb, PICTURE_ERRORS, rateLimit } from './openapi-errors';
import { usageLimitSchema } from './usage';
import { RESULT_EXPIRY } from './openapi-errors';

export const AI_ROUTES = routeList([
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
    throttle: { kind: 'throttled', burst: 'generate-image' },
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
    errors: [...JSON_ERRORS, ...AI_ERRORS, INTERNAL],
    limits: [
      `Prompt at most ${PROMPT_MAX_CHARS} characters; body at most ${kb(MAX_JSON_BYTES)}.`,
      rateLimit('generate-image'),
    ],
  },
  {
    method: 'post',
    path: '/api/generate-captions',
    operationId: 'postGenerateCaptions',
    throttle: { kind: 'throttled', burst: 'generate-captions' },
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
      ...AI_ERRORS.filter((e) => e.code !== 'quota_exceeded'),
      INTERNAL,
    ],
    limits: [
      `Context at most ${PROMPT_MAX_CHARS} characters; body at most ${kb(MAX_JSON_BYTES)}.`,
      rateLimit('generate-captions'),
    ],
  },
]);
