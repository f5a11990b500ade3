import { toErrorResponse } from './errors';
import { router } from './router';
import { runScheduled } from './scheduled';

export default {
  async fetch(request, env, ctx) {
    try {
      return await router.fetch(request, env, ctx);
    } catch (err) {
      return toErrorResponse(err);
    }
  },
  async scheduled(controller, env, ctx) {
    ctx.waitUntil(runScheduled(controller, env));
  },
} satisfies ExportedHandler<Env>;
