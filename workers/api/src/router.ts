import { Router, type IRequest } from 'itty-router';
import { MAX_BODY_BYTES } from '../../../core/limits';
import type { RouteDoc } from '../../../core/api/openapi';
import { API_BASE, underApiBase } from '../../../core/api/openapi-paths';
import { API_ROUTES, type RouteKey } from '../../../core/api/openapi-routes';
import { answerPreflight } from './cors';
import { refuseCrossSite } from './cross-site';
import { errorResponse, toErrorResponse } from './errors';
import { assertDeclaredLength } from './http';
import { authenticateApiKey, meterKeyCall, withKeyHeaders } from './identity/api-key';
import type { RequestContext } from './identity/request-context';
import { HANDLERS } from './handlers';
import type { Handler } from './routes/handler';
import { billable, limited, throttled } from './throttle';

/** What every step and route gets after the request: the bindings, the execution context, the request context. */
type Args = [Env, ExecutionContext, RequestContext];

/**
 * Every /api route, built from the route list that writes the API document (core/api/openapi-routes.ts, ADR 0186):
 * its method, path and throttle come from there, its handler from handlers.ts. Each resource's handlers live in their
 * own module under routes/.
 */
export const router = Router<IRequest, Args>({
  base: API_BASE,
  // The largest body any route accepts; each route then applies its own limit and message.
  // Then `Authorization: Bearer mf_…`: the key's member, or a 401/403/429 before any route (ADR 0107).
  // A state-changing request a browser marks as cross-site is refused first (cross-site.ts).
  before: [
    (request) => assertDeclaredLength(request, MAX_BODY_BYTES),
    (request) => refuseCrossSite(request),
    (request, env, _ctx, context) => authenticateApiKey(request, env, context),
  ],
  catch: (err) => toErrorResponse(err),
  // The request context's cookies go on whatever answer leaves, in index.ts, after this step.
  finally: [(response: Response, _request, env, _ctx, context) => withKeyHeaders(response, env, context)],
});

// A browser's CORS preflight for another site's page (cors.ts, ADR 0147); any other OPTIONS falls through to the 405.
router.options('*', answerPreflight);

// Burst-limited routes come first: `throttled` meters a key's call only once the burst limit admitted it, so a
// call refused for a burst costs no unit of the key's month. Every later route is metered here, before it runs.
for (const route of API_ROUTES) if (route.throttle) router[route.method](underApiBase(route.path), guarded(route));
router.all('*', meterKeyCall);
for (const route of API_ROUTES) if (!route.throttle) router[route.method](underApiBase(route.path), guarded(route));

router.all('*', notFoundOrNotAllowed);

/**
 * A path the API has, asked with a method it does not answer (TRACE, PUT, OPTIONS …): 405 with `Allow`, the methods
 * it does answer (HEAD wherever GET is). Any other path: 404.
 */
function notFoundOrNotAllowed(request: IRequest): Response {
  const { pathname } = new URL(request.url);
  const allowed = new Set<string>();
  // OPTIONS is every path's CORS preflight (cors.ts), not a method of the route.
  for (const [method, pattern] of router.routes)
    if (method !== 'ALL' && method !== 'OPTIONS' && pattern.test(pathname)) allowed.add(method);
  if (allowed.size === 0) return errorResponse(404, 'not_found', 'There is no such API route.');
  if (allowed.has('GET')) allowed.add('HEAD');
  const allow = [...allowed].join(', ');
  return errorResponse(405, 'method_not_allowed', `This route answers ${allow}, not ${request.method}.`, { allow });
}

/** The route's handler behind what its `throttle` says (throttle.ts; ADR 0112, 0148). */
function guarded(route: RouteDoc<RouteKey>): Handler {
  const handler = HANDLERS[route.operationId];
  const throttle = route.throttle;
  if (!throttle) return handler;
  switch (throttle.kind) {
    case 'throttled':
      return throttled(throttle.burst, handler);
    case 'limited':
      return limited(throttle.burst, handler);
    case 'billable':
      return billable(handler);
  }
}
