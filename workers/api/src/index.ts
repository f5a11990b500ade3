import { dropUnreadBody, framingProblem } from '../../../core/api/http-edges';
import { MAX_BODY_BYTES } from '../../../core/limits';
import { withCors } from './cors';
import { badRequest, notFound, toErrorResponse } from './errors';
import { RequestContext } from './identity/request-context';
import { router } from './router';
import { runScheduled } from './scheduled';
import { withApiSecurityHeaders } from './security-headers';

/** The Durable Object class behind the COUNTERS binding: allowances and access-code attempts (ADR 0112). */
export { CounterObject } from './counters/counter-object';

export default {
  async fetch(request, env, ctx) {
    let response: Response;
    // HEAD is answered wherever GET is, in one place: the GET route runs and its body is dropped (headers kept).
    const head = request.method === 'HEAD';
    // Who the visitor is, the key call, the cookies to set: learnt once, read by every step (request-context.ts).
    const context = new RequestContext();
    try {
      const problem = framingProblem(request);
      if (problem) throw badRequest(problem);
      // The router answers only under /api; anything else reaches this Worker only when called directly.
      response =
        (await router.fetch(head ? new Request(request, { method: 'GET' }) : request, env, ctx, context)) ??
        toErrorResponse(notFound('There is no such API route.'));
    } catch (err) {
      response = toErrorResponse(err);
    }
    // A first-time visitor's cookie (and the session route's) goes on every answer, errors and refusals included, and
    // a billable route's answer says how many billed calls the request made (ADR 0148).
    response = context.withBilledCalls(context.withCookies(response));
    // Other sites' pages may read public answers and keyed calls' answers, never with cookies (cors.ts, ADR 0147).
    response = withCors(request, response);
    // A body no route read, or read only until it passed the route's limit (a refusal before or while reading, or a
    // route that takes none), is not waited for: dropped for at most a second when it is no larger than any route
    // takes, else cancelled at once (ADR 0121). A body a route read whole, or cancelled, is locked.
    if (request.body && !request.body.locked)
      await dropUnreadBody(request.body, request.headers.get('content-length'), MAX_BODY_BYTES);
    if (head) {
      await response.body?.cancel();
      response = new Response(null, response);
    }
    return withApiSecurityHeaders(response, request);
  },
  async scheduled(controller, env, ctx) {
    ctx.waitUntil(runScheduled(controller, env));
  },
} satisfies ExportedHandler<Env>;
