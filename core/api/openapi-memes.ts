/**
 * The meme-drawing routes as the public document describes them (ADR 0133): `POST /api/memes/render` and the meme
 * URL `GET /api/memes/{template}/{captions+}`; and memes from a topic, `POST /api/memes/suggest` (ADR 0173). Joined to the rest in openapi-routes.ts.
 */
import {
  FREE_DAILY_AI_LIMIT,
  MAX_JSON_BYTES,
  SUGGEST_DEFAULT_COUNT,
  SUGGEST_MAX_COUNT,
  TOPIC_MAX_CHARS,
} from '../limits';
import { memeSuggestRequestSchema, memeSuggestResponseSchema } from './suggest';
import {
  MEME_FORMATS,
  MEME_HEIGHT,
  MEME_LINE_MAX_CHARS,
  MEME_MAX_LINES,
  MEME_MAX_PIXELS,
  MEME_WIDTH,
  memeRenderRequestSchema,
  memeRenderResponseSchema,
  memeUrlQuerySchema,
} from '../tools/meme';
import { EDGE_CACHED_HEADERS } from './edge-cache';
import { routeList } from './openapi';
import { AI_ERRORS, INTERNAL, JSON_ERRORS, kb, PICTURE_ERRORS, rateLimit } from './openapi-errors';

const FORMATS = MEME_FORMATS.map((f) => `\`${f}\``).join(', ');
const LIMITS = [
  `Width ${MEME_WIDTH.min}–${MEME_WIDTH.max} pixels (default: the template's own, within that) and height ${MEME_HEIGHT.min}–${MEME_HEIGHT.max}: one of them scales the meme, the other side following its shape; both give exactly that size, the meme fitted inside and padded white (memegen's convention). At most ${MEME_MAX_PIXELS / 1_000_000} megapixels; at most ${MEME_MAX_LINES} lines of ${MEME_LINE_MAX_CHARS} characters, and never more lines than the template has text boxes (\`textBoxes\` in \`GET /api/templates\`).`,
  rateLimit('tools'),
];
const NO_TEMPLATE = { status: 404, code: 'not_found', when: 'There is no template with this id.' } as const;
const MEME_INPUT = {
  status: 400,
  code: 'validation_failed',
  when: 'More lines than the template has text boxes, a line too long, an unknown format or font, a width or height out of range, or (by URL) an escape that is not one or an option given twice; the message names it.',
} as const;

export const MEME_ROUTES = routeList([
  {
    method: 'post',
    path: '/api/memes/render',
    operationId: 'postMemeRender',
    throttle: { kind: 'throttled', burst: 'tools' },
    tag: 'Memes',
    auth: 'public',
    summary: 'Draw a meme from a template and captions',
    description:
      `One caption per text box of \`template\`, laid out by the editor's own text-fit rule (each caption wraps and shrinks to its box), drawn on the server in ${FORMATS}. ` +
      'Answers the picture itself (200, its own Content-Type); send `Accept: application/json` to have it stored instead and get its `imageUrl` (201). ' +
      'A custom background: send `multipart/form-data` with the same fields (`lines` repeated, `font`, `colour`, `outline`, `uppercase`, `align` as fields) and the picture as `background`; with a `template` its boxes are used, without one the lines are spread evenly over the picture. ' +
      'Not an AI operation: it spends no daily allowance.',
    body: {
      kind: 'json',
      schema: memeRenderRequestSchema,
      maxBytes: MAX_JSON_BYTES,
      example: { template: 'nope-yep', lines: ['writing the meme by hand', 'POST /api/memes/render'], format: 'png' },
    },
    answers: [
      { status: 200, description: 'The meme.', kind: 'image' },
      {
        status: 201,
        description: 'With `Accept: application/json`: the meme, stored for an hour.',
        kind: 'json',
        schema: memeRenderResponseSchema,
        id: 'MemeRenderResponse',
      },
    ],
    errors: [
      ...JSON_ERRORS.filter((e) => e.code !== 'validation_failed'),
      MEME_INPUT,
      ...PICTURE_ERRORS.filter((e) => e.code !== 'validation_failed'),
      NO_TEMPLATE,
      INTERNAL,
    ],
    limits: [
      ...LIMITS,
      `A JSON body at most ${kb(MAX_JSON_BYTES)}; a background picture is held to the upload's limits.`,
    ],
  },
  {
    method: 'get',
    path: '/api/memes/{template}/{captions+}',
    operationId: 'getMemeUrl',
    // Burst-limited and metered only once its path and query are valid (a repeat is the site's edge cache's and never
    // reaches the Worker, ADR 0146). Its answers say their billed calls like the burst-limited routes' (ADR 0148).
    throttle: { kind: 'billable', burst: 'tools' },
    tag: 'Memes',
    auth: 'public',
    summary: 'A meme by its URL',
    description:
      `The URL is the meme: \`/api/memes/nope-yep/reading_the_docs/guessing_until_it~q.png\`, one path segment per text box, the last ending in .${MEME_FORMATS.join(', .')}. ` +
      "In a caption `_` and `-` are spaces, `__` and `--` an underscore and a dash, `~n` a new line, `~q` `?`, `~s` `/`, `~h` `#`, `~p` `%`, `~a` `&`, `~b` `\\`, `~l` `<`, `~g` `>`, `~t` `~`, and `''` a double quote; `_` alone is an empty caption. " +
      'Options in the query: `width`, `height`, `font`; any other parameter (`fbclid`, `utm_source` …) is ignored, and an option given twice is a 400. ' +
      "Public and immutable: a repeat is served from the site's edge cache with the same bytes (`x-cache: hit`) and costs nothing; only a drawing is rate limited and counted for an API key (a call with a key always reaches the API). Pages on other sites may show or fetch it (`Access-Control-Allow-Origin: *`).",
    pathParams: {
      template: { description: 'The template id.', example: 'nope-yep' },
      'captions+': {
        description:
          'The captions, one path segment each, in URL spelling; the last segment carries the format as its extension.',
        example: 'reading_the_docs/guessing_until_it_works.png',
      },
    },
    query: memeUrlQuerySchema,
    answers: [
      {
        status: 200,
        description: 'The meme (Cache-Control: public, a year, immutable).',
        kind: 'image',
        headers: EDGE_CACHED_HEADERS,
      },
    ],
    errors: [MEME_INPUT, NO_TEMPLATE, INTERNAL],
    limits: LIMITS,
  },
  {
    method: 'post',
    path: '/api/memes/suggest',
    operationId: 'postMemeSuggest',
    // A meme from a topic is an AI operation: the image generator's burst limit and the daily allowance (ADR 0173).
    throttle: { kind: 'throttled', burst: 'generate-image' },
    tag: 'AI',
    auth: 'public',
    summary: 'Memes from a topic',
    description:
      `Say what the meme is about in one line, in any language, and get ${SUGGEST_DEFAULT_COUNT} memes to choose from (\`count\` 1–${SUGGEST_MAX_COUNT}): each on a different template, with exactly one line per text box and \`renderUrl\`, the meme URL that draws it (add \`?width=400\` for a preview; \`POST /api/memes/render\` takes the same template and lines). ` +
      "In production a language model picks the templates from the catalogue and writes the lines in the topic's language (or `language`); every meme is checked (the template exists, one non-empty line per box, each short enough for its box) and the model is asked once more when it falls short. " +
      'Offline the templates are picked by their keywords and the lines come from the caption bank and your words: `source` is `bank` and `note` says so. `like` (a template id) asks for more like it; `exclude` leaves out templates already shown. ' +
      `Spends one unit of the daily allowance (${FREE_DAILY_AI_LIMIT} a day free), refunded when it fails or the model declines the topic; a topic refused before that costs nothing.`,
    body: {
      kind: 'json',
      schema: memeSuggestRequestSchema,
      maxBytes: MAX_JSON_BYTES,
      example: { topic: 'when the meeting could have been an email', count: 3 },
    },
    answers: [
      {
        status: 200,
        description: 'The memes to choose from.',
        kind: 'json',
        schema: memeSuggestResponseSchema,
        id: 'MemeSuggestResponse',
      },
    ],
    errors: [
      ...JSON_ERRORS,
      {
        status: 413,
        code: 'topic_too_long',
        when: `The topic is over ${TOPIC_MAX_CHARS} characters; the message says how long it was.`,
      },
      { status: 422, code: 'topic_unreadable', when: 'The topic has no words: only markup or symbols.' },
      {
        status: 422,
        code: 'topic_refused',
        when: "We do not make memes about this (hate, sexual content about anyone, a private person's details); nothing is spent.",
      },
      { status: 404, code: 'not_found', when: '`like` names no template.' },
      ...AI_ERRORS,
      INTERNAL,
    ],
    limits: [
      `Topic at most ${TOPIC_MAX_CHARS} characters; body at most ${kb(MAX_JSON_BYTES)}.`,
      rateLimit('generate-image'),
    ],
  },
]);
