import { toErrorResponse } from './errors';
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
    try {
      response = await router.fetch(head ? new Request(request, { method: 'GET' }) : request, env, ctx);
    } catch (err) {
      response = toErrorResponse(err);
    }
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
