/**
 * Per-visitor burst limits on the expensive routes (uploads, WASM tools, AI generation), counted before the body is
 * read on the platform's Rate Limiting binding (ADR 0112): a refused request costs no database write, no decoding
 * and no unit of an API key's month, and an admitted one no round trip to a database far away.
 */
import { RATE_LIMIT_WINDOW_MS, type RateLimitedRoute } from '../../../core/limits';
import type { UnbilledBurstRoute } from '../../../core/api/billed-calls';
import type { Handler } from './routes/handler';
import { HttpError } from './errors';
import { meterKeyCall } from './identity/api-key';
import { clientAddress, visitorOf } from './identity/visitor';

/** Each route's own limiter: its limit per minute is in wrangler.toml, held to core/limits.ts by a unit test. */
export const RATE_LIMITERS = {
  upload: 'RATE_LIMIT_UPLOAD',
  tools: 'RATE_LIMIT_TOOLS',
  'generate-image': 'RATE_LIMIT_GENERATE_IMAGE',
  'generate-captions': 'RATE_LIMIT_GENERATE_CAPTIONS',
  'delete-share': 'RATE_LIMIT_DELETE_SHARE',
  contact: 'RATE_LIMIT_CONTACT',
} as const satisfies Record<RateLimitedRoute, keyof Env>;

/**
 * How long a refused client should wait. The binding answers only yes or no, never when its window ends; a whole
 * period is the shortest wait after which a fixed window has certainly moved on (ADR 0112).
 */
const RETRY_AFTER_SECONDS = RATE_LIMIT_WINDOW_MS / 1000;

/**
 * The route's handler behind its burst limit, for a route that can make a billed call (an image service, AI or
 * browser call): its every answer, a 429 included, says how many it made (ADR 0148). The burst-limited routes that
 * cannot bill (core/api/billed-calls.ts's UNBILLED_BURST_ROUTES: the share delete, the contact form) use `limited`.
 */
export function throttled(route: Exclude<RateLimitedRoute, UnbilledBurstRoute>, handler: Handler): Handler {
  return billable(limited(route, handler));
}

/** The route's handler behind its burst limit, its answers carrying no `x-billed-calls` (`throttled` adds it). */
export function limited(route: RateLimitedRoute, handler: Handler): Handler {
  return async (request, env, ctx, context) => {
    // The visitor is identified once for the request: a refusal and the handler's answer alike carry its new cookie
    // (request-context.ts), so a refused request is counted on the id the client is then given.
    const visitor = await visitorOf(request, env, context);
    // Locally the Worker cannot know the client's address (ADR 0109): every browser and test suite would share one
    // network key and throttle each other, so only the cookie key counts there.
    const keys = clientAddress(request, env) !== null ? visitor.keys : [visitor.keys[0]];
    const outcomes = await Promise.all(keys.map((key) => admit(env, route, key)));
    if (outcomes.some((admitted) => !admitted)) {
      throw new HttpError(
        429,
        'rate_limited',
        `Too many requests. Please wait ${RETRY_AFTER_SECONDS} seconds and try again.`,
        {
          'retry-after': String(RETRY_AFTER_SECONDS),
        },
      );
    }
    // A call made with an API key spends its unit only now that it is admitted (ADR 0107).
    await meterKeyCall(request, env, ctx, context);
    return handler(request, env, ctx, context);
  };
}

/** A route whose answers carry `x-billed-calls` (index.ts writes it once the answer is made). */
export function billable(handler: Handler): Handler {
  return (request, env, ctx, context) => {
    context.billable = true;
    return handler(request, env, ctx, context);
  };
}

/** One request on `key`'s budget for `route`, on the route's Rate Limiting binding; it writes no database row. */
async function admit(env: Env, route: RateLimitedRoute, key: string): Promise<boolean> {
  return (await env[RATE_LIMITERS[route]].limit({ key })).success;
}
