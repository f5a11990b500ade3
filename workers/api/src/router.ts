import { Router, type IRequest } from 'itty-router';
import { errorResponse, toErrorResponse } from './errors';
import { assertDeclaredLength } from './http';
import { getHealth } from './routes/health';
import { postAnalyzeMetadata } from './routes/tools/analyze-metadata';
import { postConvert } from './routes/tools/convert';
import { postModify } from './routes/tools/modify';
import { postOptimize } from './routes/tools/optimize';
import { postSecurity } from './routes/tools/security';

type Args = [Env, ExecutionContext];

/** Every /api route, wired in one place. Each resource lives in its own module under routes/. */
export const router = Router<IRequest, Args>({
  base: '/api',
  before: [(request) => assertDeclaredLength(request)],
  catch: (err) => toErrorResponse(err),
});

router.get('/health', (_req, env) => getHealth(env));
router.post('/optimize', (req, env) => postOptimize(req, env));
router.post('/modify', (req, env) => postModify(req, env));
router.post('/convert', (req, env) => postConvert(req, env));
router.post('/security', (req, env) => postSecurity(req, env));
router.post('/analyze-metadata', (req) => postAnalyzeMetadata(req));

router.all('*', () => errorResponse(404, 'not_found', 'There is no such API route.'));
