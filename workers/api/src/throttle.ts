/**
 * Per-visitor burst limits on the expensive routes (uploads, WASM tools, AI generation). Counted before the body is
 * read, so a refused request costs one D1 statement and no decoding.
 */
import { RATE_LIMIT_WINDOW_MS, RATE_LIMITS_PER_MINUTE, type RateLimitedRoute } from '../../../core/limits';
import type { Handler } from './routes/handler';
import { HttpError } from './errors';
import { clientAddress, identifyVisitor, rememberVisitor, withVisitorCookie } from './identity/visitor';
import { hit } from './rate-limit';

/**
 * Wraps a handler: counts the request on the visitor's keys for `route`, answers 429 with Retry-After (seconds to
 * the end of the window) when over the limit, and hands a freshly minted visitor cookie back with the response so
 * the next request is counted on the same id.
 */
export function throttled(route: RateLimitedRoute, handler: Handler): Handler {
  return async (request, env, ctx) => {
    const now = Date.now();
    const visitor = await identifyVisitor(request, env, now);
    // Locally the Worker cannot know the client's address (ADR 0109): every browser and test suite would share one
    // network key and throttle each other, so only the cookie key counts there.
    const keys = clientAddress(request, env) !== null ? visitor.keys : [visitor.keys[0]];
    const limit = RATE_LIMITS_PER_MINUTE[route];
    const { count, windowStart } = await hit(env.DB, keys.map((k) => `rl:${route}:${k}`), RATE_LIMIT_WINDOW_MS, now);
    if (count > limit) {
      const retryAfter = Math.max(1, Math.ceil((windowStart + RATE_LIMIT_WINDOW_MS - now) / 1000));
      throw new HttpError(429, 'rate_limited', `Too many requests. Please wait ${retryAfter} seconds and try again.`, {
        'retry-after': String(retryAfter),
        ...(visitor.setCookie ? { 'set-cookie': visitor.setCookie } : {}),
      });
    }
    let response: Response;
    try {
      // Not a copy of the request with the cookie added: wrapping an unread body stalls early refusals in workerd.
      rememberVisitor(request, visitor);
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
