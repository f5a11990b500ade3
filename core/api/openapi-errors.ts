/**
 * The errors and limits the API document repeats: answers many routes share, and what the router can answer before any route
 * runs (the body-size check, the cross-site refusal, an API key's checks). Used by openapi-routes.ts.
 */
import { formatBytes } from '../file-size';
import {
  AVIF_MAX_SIDE,
  IMAGE_SERVICE_MAX_ANIMATION_PIXELS,
  IMAGE_SERVICE_MAX_SIDE,
  WEBP_MAX_SIDE,
} from '../image-service';
import { ISOLATE_ONLY_MAX_PIXELS, MAX_IMAGE_SIDE } from '../images/intake';
import { ACCEPTED_FORMATS_TEXT } from '../images/kinds';
import {
  BODY_READ_IDLE_MS,
  FREE_DAILY_AI_LIMIT,
  IMAGE_TTL_SECONDS_DEFAULT,
  MAX_BODY_BYTES,
  MAX_IMAGE_PIXELS,
  MAX_REQUEST_BYTES,
  MAX_UPLOAD_MB,
  RATE_LIMITS_PER_MINUTE,
  SOURCE_DEADLINE_MS,
  SOURCE_MAX_REDIRECTS,
  SOURCE_URL_MAX_CHARS,
  type RateLimitedRoute,
} from '../limits';
import { API_KEY_MESSAGES, API_MONTHLY_CALLS, BROWSER_ONLY_PATHS } from './api-keys';
import type { RouteDoc, RouteError } from './openapi';

export const mb = formatBytes;
export const kb = formatBytes;

export const TTL_MINUTES = IMAGE_TTL_SECONDS_DEFAULT / 60;

/** What every route that reads a picture (a file or a `url`) is held to. */
export const UPLOAD_LIMITS = [
  `Body at most ${mb(MAX_REQUEST_BYTES)}; the file at most ${MAX_UPLOAD_MB} MB and ${MAX_IMAGE_PIXELS / 1_000_000} megapixels.`,
  `A picture named by \`url\` is held to the same, fetched within ${SOURCE_DEADLINE_MS / 1000} s with at most ${SOURCE_MAX_REDIRECTS} redirects.`,
];
export const RESULT_EXPIRY = `The result is stored for ${TTL_MINUTES} minutes at \`imageUrl\`; after that it answers 410.`;

export const INTERNAL: RouteError = {
  status: 500,
  code: 'internal_error',
  when: 'Something failed on our side; nothing was kept. Try again.',
};
export const rateLimited = (route: RateLimitedRoute): RouteError => ({
  status: 429,
  code: 'rate_limited',
  burst: route,
  when: `More than ${RATE_LIMITS_PER_MINUTE[route]} requests in a minute from this caller; wait the Retry-After seconds.`,
});
export const rateLimit = (route: RateLimitedRoute) =>
  `At most ${RATE_LIMITS_PER_MINUTE[route]} requests a minute per caller.`;
export const JSON_ERRORS: RouteError[] = [
  { status: 400, code: 'invalid_json', when: 'The body is not valid JSON.' },
  { status: 400, code: 'validation_failed', when: 'A field is missing or out of range; the message names it.' },
  {
    status: 413,
    code: 'payload_too_large',
    when: 'The body is over the route’s limit, declared or streamed; the message names the limit.',
  },
  {
    status: 415,
    code: 'unsupported_media_type',
    when: 'The Content-Type is not application/json (a cross-site form cannot call a JSON route).',
  },
];
/** What every route that reads a picture from a multipart form can answer. */
export const PICTURE_ERRORS: RouteError[] = [
  {
    status: 400,
    code: 'bad_request',
    when: 'The body is not multipart/form-data, cannot be read, or the file is empty.',
  },
  {
    status: 400,
    code: 'validation_failed',
    when: 'Neither the `image` part nor a `url` was sent, or a field is not valid; the message names the field.',
  },
  {
    status: 413,
    code: 'payload_too_large',
    when: `The file is over ${MAX_UPLOAD_MB} MB, the picture over ${MAX_IMAGE_PIXELS / 1_000_000} megapixels or ${MAX_IMAGE_SIDE.toLocaleString('en-US')} pixels a side, a BMP or TIFF over ${ISOLATE_ONLY_MAX_PIXELS / 1_000_000} megapixels, an AVIF over ${AVIF_MAX_SIDE.toLocaleString('en-US')} pixels a side (or an AVIF result over it), or an animation too large in all its frames; the message names the limit. Every route that takes a picture answers the same (ADR 0012).`,
  },
  {
    status: 415,
    code: 'unsupported_media_type',
    when: `The bytes are not a picture in a format we take (${ACCEPTED_FORMATS_TEXT}).`,
  },
  {
    status: 422,
    code: 'unprocessable_image',
    when: 'The picture is damaged (the message names the format) or a variant we cannot decode; an animated GIF or WebP has a frame outside the picture (ADR 0151); or an animation sent to blur, which works on still pictures (send `frames=first`).',
  },
];
/**
 * What a route that takes a picture can also answer when it is named by `url` instead of sent (ADR 0131); an
 * oversized one is the upload's 413, a body that is no picture the upload's 415 or 422.
 */
export const SOURCE_ERRORS: RouteError[] = [
  { status: 400, code: 'bad_request', when: 'Both the `image` file and a `url` were sent; send one.' },
  {
    status: 400,
    code: 'invalid_source_url',
    when: `The \`url\` is not an http(s) address, carries a user name or password, is longer than ${SOURCE_URL_MAX_CHARS} characters, or names a private, local or reserved host (localhost, a single-label or .local/.internal name, a loopback, private, link-local, CGNAT, multicast or reserved address in any spelling).`,
  },
  {
    status: 413,
    code: 'payload_too_large',
    when: `The picture at \`url\` is over ${MAX_UPLOAD_MB} MB: refused from its declared length, or as soon as what arrives passes it.`,
  },
  {
    status: 422,
    code: 'source_failed',
    when: `The \`url\` answered something other than the picture: a status that is not 2xx (the message names it), more than ${SOURCE_MAX_REDIRECTS} redirects, or a redirect to an address we do not fetch from.`,
  },
  {
    status: 502,
    code: 'source_unreachable',
    when: 'The host of the `url` could not be reached (no such name, connection refused, TLS failure).',
  },
  {
    status: 504,
    code: 'source_timeout',
    when: `The \`url\` did not send the whole picture within ${SOURCE_DEADLINE_MS / 1000} s, redirects included.`,
  },
];
export const AI_ERRORS: RouteError[] = [
  {
    status: 429,
    code: 'quota_exceeded',
    when: `The free allowance of ${FREE_DAILY_AI_LIMIT} AI operations a day (UTC) is spent; Retry-After says when it renews. Premium has no cap.`,
  },
  { status: 502, code: 'ai_upstream_error', when: 'The AI service failed; the allowance unit is refunded.' },
  { status: 503, code: 'ai_upstream_error', when: 'The AI service is busy; try again in a minute.' },
  { status: 503, code: 'ai_not_configured', when: 'This server has no AI provider for this operation.' },
];
/** What a tool can answer when its picture goes to the image service (the Images binding in production, ADR 0116). */
export const IMAGE_SERVICE_ERRORS: RouteError[] = [
  {
    status: 413,
    code: 'payload_too_large',
    when: `The picture (or the result) is over what the image service handles: ${IMAGE_SERVICE_MAX_SIDE.toLocaleString('en-US')} pixels a side for JPEG and PNG, WebP's ${WEBP_MAX_SIDE.toLocaleString('en-US')}, animations up to ${IMAGE_SERVICE_MAX_ANIMATION_PIXELS / 1_000_000} megapixels in all frames; the message names the limit.`,
  },
  {
    status: 502,
    code: 'image_service_failed',
    when: 'The large-picture image service failed on this picture; try again.',
  },
  {
    status: 503,
    code: 'image_service_unavailable',
    when: 'The large-picture image service did not answer or is busy; try again (Retry-After, when sent).',
  },
  {
    status: 503,
    code: 'took_too_long',
    when: 'The job ran past its deadline (60 s) and was stopped; nothing was kept. Try again, or with a smaller picture.',
  },
  {
    status: 503,
    code: 'image_service_over_allowance',
    when: 'The image service has used its monthly allowance of transformations; Retry-After and the message say when it comes back. Smaller pictures still work.',
  },
];
export const PREMIUM_ONLY: RouteError = {
  status: 401,
  code: 'unauthorized',
  when: 'No premium session or API key came with the request.',
};

/** The router's first step, before any route runs: a declared Content-Length over the largest body, even on a GET. */
export const DECLARED_TOO_LARGE: RouteError = {
  status: 413,
  code: 'payload_too_large',
  when: `The declared Content-Length is over ${mb(MAX_BODY_BYTES)}, refused before the route runs.`,
};

/** Before the router, on every route: framing no route can take (core/api/http-edges.ts). */
export const BADLY_FRAMED: RouteError = {
  status: 400,
  code: 'bad_request',
  when: 'The Content-Length is not one whole number (sent twice, say), or a GET or HEAD carries a body; refused before the route runs.',
};

/** Every route that reads a body: the body read deadline (workers/api/src/http.ts). */
export const BODY_STALLED: RouteError = {
  status: 408,
  code: 'request_timeout',
  when: `The body stopped arriving: nothing came for ${BODY_READ_IDLE_MS / 1000} s. The rest is not waited for.`,
};

/** The router's second step on every POST and DELETE: a browser on another website is refused (workers/api/src/cross-site.ts). */
export const CROSS_SITE_REFUSED: RouteError = {
  status: 403,
  code: 'forbidden',
  when: 'A browser on another website sent it (Sec-Fetch-Site: cross-site) without an API key; programs and calls with a key pass.',
};

/**
 * What any route can answer before it runs: a badly framed request, the router's body-size check, its burst limit
 * (its `throttle`), and for a call that brings `Authorization: Bearer mf_…` the key's checks; and on a route that
 * reads a body, the read deadline.
 */
export function withRouterErrors<Id extends string>(route: RouteDoc<Id>): RouteDoc<Id> {
  const keyErrors: RouteError[] = BROWSER_ONLY_PATHS.test(route.path)
    ? [{ status: 403, code: 'forbidden', when: API_KEY_MESSAGES.browserOnly }]
    : [
        {
          status: 401,
          code: 'unauthorized',
          when: 'The Authorization header is not "Bearer mf_…", or the key is unknown or revoked.',
        },
        {
          status: 429,
          code: 'quota_exceeded',
          when: `The API key has used its ${API_MONTHLY_CALLS.toLocaleString('en-US')} calls this month (UTC); Retry-After says when the allowance starts again.`,
        },
      ];
  const crossSite: RouteError[] = route.method === 'get' ? [] : [CROSS_SITE_REFUSED];
  // First among the 429s: the burst limit is checked before the key's allowance or the daily AI units.
  const errors: RouteError[] = [...(route.throttle ? [rateLimited(route.throttle.burst)] : []), ...route.errors];
  for (const extra of [
    BADLY_FRAMED,
    ...(route.body ? [BODY_STALLED] : []),
    DECLARED_TOO_LARGE,
    ...crossSite,
    ...keyErrors,
  ]) {
    const same = errors.find((r) => r.status === extra.status && r.code === extra.code);
    // One entry per status and code: a second reason for the same answer is added to its words.
    if (same)
      errors[errors.indexOf(same)] = same.when.includes(extra.when)
        ? same
        : { ...same, when: `${same.when} Or: ${extra.when}` };
    else errors.push(extra);
  }
  errors.sort((a, b) => a.status - b.status);
  const limits = BROWSER_ONLY_PATHS.test(route.path)
    ? route.limits
    : [
        ...(route.limits ?? []),
        `With an API key, each call counts against the key's ${API_MONTHLY_CALLS.toLocaleString('en-US')} calls a month.`,
      ];
  return { ...route, errors, ...(limits ? { limits } : {}) };
}
