/**
 * Per-visitor burst limits on the expensive routes (uploads, WASM tools, AI generation), counted before the body is
 * read on the platform's Rate Limiting binding (ADR 0112): a refused request costs no database write, no decoding
 * and no unit of an API key's month, and an admitted one no round trip to a database far away.
 */
import { RATE_LIMIT_WINDOW_MS, type RateLimitedRoute } from '../../../core/limits';
import type { Handler } from './routes/handler';
import { HttpError } from './errors';
import { meterKeyCall } from './identity/api-key';
import { clientAddress, identifyVisitor, rememberVisitor, withVisitorCookie } from './identity/visitor';

/** Each route's own limiter: its limit per minute is in wrangler.toml, held to core/limits.ts by a unit test. */
export const RATE_LIMITERS = {
  upload: 'RATE_LIMIT_UPLOAD',
  tools: 'RATE_LIMIT_TOOLS',
  'generate-image': 'RATE_LIMIT_GENERATE_IMAGE',
  'generate-captions': 'RATE_LIMIT_GENERATE_CAPTIONS',
} as const satisfies Record<RateLimitedRoute, keyof Env>;

/**
 * How long a refused client should wait. The binding answers only yes or no, never when its window ends; a whole
 * period is the shortest wait after which a fixed window has certainly moved on (ADR 0112).
 */
const RETRY_AFTER_SECONDS = RATE_LIMIT_WINDOW_MS / 1000;

export function throttled(route: RateLimitedRoute, handler: Handler): Handler {
  return async (request, env, ctx) => {
    const now = Date.now();
    const visitor = await identifyVisitor(request, env, now);
    // Locally the Worker cannot know the client's address (ADR 0109): every browser and test suite would share one
    // network key and throttle each other, so only the cookie key counts there.
    const keys = clientAddress(request, env) !== null ? visitor.keys : [visitor.keys[0]];
    const outcomes = await Promise.all(keys.map((key) => admit(env, route, key)));
    if (outcomes.some((admitted) => !admitted)) {
      throw new HttpError(429, 'rate_limited', `Too many requests. Please wait ${RETRY_AFTER_SECONDS} seconds and try again.`, {
        'retry-after': String(RETRY_AFTER_SECONDS),
        ...(visitor.setCookie ? { 'set-cookie': visitor.setCookie } : {}),
      });
    }
    let response: Response;
    try {
      // Not a copy of the request with the cookie added: wrapping an unread body stalls early refusals in workerd.
      rememberVisitor(request, visitor);
      // A call made with an API key spends its unit only now that it is admitted (ADR 0107).
      await meterKeyCall(request, env);
      response = await handler(request, env, ctx);
    } catch (err) {
      // Refused requests count too, so they must also carry the cookie they were counted on.
      if (err instanceof HttpError && visitor.setCookie) {
        throw new HttpError(err.status, err.code, err.message, { ...err.headers, 'set-cookie': visitor.setCookie });
      }
      throw err;
    }
    return withVisitorCookie(response, visitor);
  };
}

/** One request on `key`'s budget for `route`, on the route's Rate Limiting binding; it writes no database row. */
async function admit(env: Env, route: RateLimitedRoute, key: string): Promise<boolean> {
  return (await env[RATE_LIMITERS[route]].limit({ key })).success;
}
