import { Router, type IRequest } from 'itty-router';
import { MAX_BODY_BYTES } from '../../../core/limits';
import { errorResponse, toErrorResponse } from './errors';
import { assertDeclaredLength } from './http';
import { authenticateApiKey, withKeyHeaders } from './identity/api-key';
import { createKeyRoute, listKeysRoute, revokeKeyRoute } from './routes/api-keys';
import { postGenerateCaptions } from './routes/generate-captions';
import { postGenerateImage } from './routes/generate-image';
import { getDashboard } from './routes/dashboard';
import { getHealth } from './routes/health';
import { serveImage, upload } from './routes/images';
import { deleteUserMeme, downloadMeme, listUserMemes } from './routes/memes';
import { getOpenApi } from './routes/openapi';
import { deleteSession, getSession, postSession } from './routes/session';
import { getUsageLimit } from './routes/usage';
import { postAnalyzeMetadata } from './routes/tools/analyze-metadata';
import { postConvert } from './routes/tools/convert';
import { postConvertHtml } from './routes/tools/html';
import { postModify } from './routes/tools/modify';
import { postOptimize } from './routes/tools/optimize';
import { postSecurity } from './routes/tools/security';
import { getTemplateImageRoute, getTemplateRoute, listTemplatesRoute } from './routes/templates';
import { throttled } from './throttle';

type Args = [Env, ExecutionContext];

/** Every /api route, wired in one place. Each resource lives in its own module under routes/. */
export const router = Router<IRequest, Args>({
  base: '/api',
  // The largest body any route accepts; each route then applies its own limit and message.
  // Then `Authorization: Bearer mf_…`: the key's member, metered, or a 401/403/429 before any route (ADR 0107).
  before: [(request) => assertDeclaredLength(request, MAX_BODY_BYTES), (request, env) => authenticateApiKey(request, env)],
  catch: (err) => toErrorResponse(err),
  finally: [(response: Response, request, env) => withKeyHeaders(response, request, env)],
});

router.get('/health', (_req, env) => getHealth(env));
router.get('/openapi.json', () => getOpenApi());
router.post('/upload', throttled('upload', upload));
router.get('/images/:id', (req, env) => serveImage(req, env, req.params.id!));
router.get('/usage-limit', (req, env) => getUsageLimit(req, env));
router.post('/generate-image', throttled('generate-image', postGenerateImage));
router.post('/generate-captions', throttled('generate-captions', postGenerateCaptions));
router.post('/session', (req, env) => postSession(req, env));
router.get('/session', (req, env) => getSession(req, env));
router.delete('/session', (req, env) => deleteSession(req, env));
router.post('/download-meme', (req, env) => downloadMeme(req, env));
router.get('/user-memes', (req, env) => listUserMemes(req, env));
router.delete('/user-memes/:id', (req, env) => deleteUserMeme(req, env, req.params.id!));
router.get('/keys', (req, env) => listKeysRoute(req, env));
router.post('/keys', (req, env) => createKeyRoute(req, env));
router.delete('/keys/:id', (req, env) => revokeKeyRoute(req, env, req.params.id!));
router.get('/dashboard', (req, env) => getDashboard(req, env));
router.post('/optimize', throttled('tools', postOptimize));
router.post('/modify', throttled('tools', postModify));
router.post('/convert', throttled('tools', postConvert));
router.post('/convert/html', throttled('tools', postConvertHtml));
router.post('/security', throttled('tools', postSecurity));
router.post('/analyze-metadata', throttled('tools', (req) => postAnalyzeMetadata(req)));
router.get('/templates', listTemplatesRoute);
router.get('/templates/:id', getTemplateRoute);
router.get('/templates/:id/image', getTemplateImageRoute);

router.all('*', () => errorResponse(404, 'not_found', 'There is no such API route.'));
