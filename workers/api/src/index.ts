import { toErrorResponse } from './errors';
import { router } from './router';
import { runScheduled } from './scheduled';
import { withApiSecurityHeaders } from './security-headers';

export default {
  async fetch(request, env, ctx) {
    let response: Response;
    try {
      response = await router.fetch(request, env, ctx);
    } catch (err) {
      response = toErrorResponse(err);
    }
    return withApiSecurityHeaders(response, request);
  },
  async scheduled(controller, env, ctx) {
    ctx.waitUntil(runScheduled(controller, env));
  },
} satisfies ExportedHandler<Env>;
