import { Router, type IRequest } from 'itty-router';
import { errorResponse, toErrorResponse } from './errors';
import { assertDeclaredLength } from './http';
import { getHealth } from './routes/health';
import { getTemplateImageRoute, getTemplateRoute, listTemplatesRoute } from './routes/templates';

type Args = [Env, ExecutionContext];

/** Every /api route, wired in one place. Each resource lives in its own module under routes/. */
export const router = Router<IRequest, Args>({
  base: '/api',
  before: [(request) => assertDeclaredLength(request)],
  catch: (err) => toErrorResponse(err),
});

router.get('/health', (_req, env) => getHealth(env));
router.get('/templates', listTemplatesRoute);
router.get('/templates/:id', getTemplateRoute);
router.get('/templates/:id/image', getTemplateImageRoute);

router.all('*', () => errorResponse(404, 'not_found', 'There is no such API route.'));
