import { Router, type IRequest } from 'itty-router';
import { MAX_BODY_BYTES } from '../../../core/limits';
import { errorResponse, toErrorResponse } from './errors';
import { assertDeclaredLength } from './http';
import { getHealth } from './routes/health';
import { serveImage, upload } from './routes/images';

type Args = [Env, ExecutionContext];

/** Every /api route, wired in one place. Each resource lives in its own module under routes/. */
export const router = Router<IRequest, Args>({
  base: '/api',
  // The largest body any route accepts; each route then applies its own limit and message.
  before: [(request) => assertDeclaredLength(request, MAX_BODY_BYTES)],
  catch: (err) => toErrorResponse(err),
});

router.get('/health', (_req, env) => getHealth(env));
router.post('/upload', (req, env) => upload(req, env));
router.get('/images/:id', (req, env) => serveImage(req, env, req.params.id!));

router.all('*', () => errorResponse(404, 'not_found', 'There is no such API route.'));
