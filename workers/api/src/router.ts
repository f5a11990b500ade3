import { Router, type IRequest } from 'itty-router';
import { MAX_BODY_BYTES } from '../../../core/limits';
import { answerPreflight } from './cors';
import { refuseCrossSite } from './cross-site';
import { errorResponse, toErrorResponse } from './errors';
import { assertDeclaredLength } from './http';
import { authenticateApiKey, meterKeyCall, withKeyHeaders } from './identity/api-key';
import type { RequestContext } from './identity/request-context';
import {
  getAccount,
  postAccount,
  postAccountOptions,
  postRecover,
  postSignIn,
  postSignInOptions,
} from './routes/account';
import {
  deletePasskeyRoute,
  deleteSessionRoute,
  deleteSessionsRoute,
  postPasskey,
  postPasskeyOptions,
} from './routes/account-devices';
import { deleteAccountRoute, getAccountExport } from './routes/account-leave';
import { deleteKey, getKeys, postKey } from './routes/api-keys';
import { postContact } from './routes/contact';
import { postGenerateCaptions } from './routes/generate-captions';
import { postGenerateImage } from './routes/generate-image';
import { getDashboard } from './routes/dashboard';
import { getHealth } from './routes/health';
import { getImage, postUpload } from './routes/images';
import { deleteJob } from './routes/jobs';
import { deleteUserMeme, getUserMemes, postDownloadMeme } from './routes/memes';
import { getMemeUrl, postMemeRender } from './routes/memes-render';
import { postMemeSuggest } from './routes/memes-suggest';
import { deleteShare, getShare, getShareImage, getShares, postShare } from './routes/shares';
import { getOpenApi } from './routes/openapi';
import { deleteSession, getSession, postSession } from './routes/session';
import { getUsageLimit } from './routes/usage';
import { postAnalyzeMetadata } from './routes/tools/analyze-metadata';
import { postConvert } from './routes/tools/convert';
import { postConvertHtml } from './routes/tools/html';
import { postModify } from './routes/tools/modify';
import { postOptimize } from './routes/tools/optimize';
import { postSecurity } from './routes/tools/security';
import { getTemplate, getTemplateImage, getTemplates } from './routes/templates';
import { billable, limited, throttled } from './throttle';

/** What every step and route gets after the request: the bindings, the execution context, the request context. */
type Args = [Env, ExecutionContext, RequestContext];

/** Every /api route, wired in one place. Each resource lives in its own module under routes/. */
export const router = Router<IRequest, Args>({
  base: '/api',
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
router.post('/upload', throttled('upload', postUpload));
router.post('/generate-image', throttled('generate-image', postGenerateImage));
router.post('/generate-captions', throttled('generate-captions', postGenerateCaptions));
router.post('/optimize', throttled('tools', postOptimize));
router.post('/modify', throttled('tools', postModify));
router.post('/convert', throttled('tools', postConvert));
router.post('/convert/html', throttled('tools', postConvertHtml));
router.post('/security', throttled('tools', postSecurity));
router.post('/analyze-metadata', throttled('tools', postAnalyzeMetadata));
router.post('/memes/render', throttled('tools', postMemeRender));
// A meme from a topic is an AI operation: the image generator's burst limit and the daily allowance (ADR 0173).
router.post('/memes/suggest', throttled('generate-image', postMemeSuggest));
router.post('/shares', throttled('upload', postShare));
router.delete('/shares/:id', limited('delete-share', deleteShare));
router.post('/contact', limited('contact', postContact));
// A meme URL: burst-limited and metered only once its path and query are valid (a repeat is the site's edge cache's
// and never reaches the Worker, ADR 0146). Its answers say their billed calls like the burst-limited routes' (ADR 0148).
router.get('/memes/:template/:captions+', billable(getMemeUrl));
router.all('*', meterKeyCall);

router.get('/health', getHealth);
router.get('/openapi.json', getOpenApi);
router.get('/images/:id', getImage);
router.get('/usage-limit', getUsageLimit);
router.delete('/jobs/:id', deleteJob);
router.post('/session', postSession);
router.get('/session', getSession);
router.delete('/session', deleteSession);
router.post('/download-meme', postDownloadMeme);
router.get('/user-memes', getUserMemes);
router.delete('/user-memes/:id', deleteUserMeme);
router.get('/keys', getKeys);
router.post('/keys', postKey);
router.delete('/keys/:id', deleteKey);
router.get('/dashboard', getDashboard);
// Accounts with passkeys (ADR 0170): browser-only, as sessions and keys are.
router.post('/account/options', postAccountOptions);
router.post('/account', postAccount);
router.get('/account', getAccount);
router.delete('/account', deleteAccountRoute);
router.get('/account/export', getAccountExport);
router.post('/account/sign-in/options', postSignInOptions);
router.post('/account/sign-in', postSignIn);
router.post('/account/recover', postRecover);
router.post('/account/passkeys/options', postPasskeyOptions);
router.post('/account/passkeys', postPasskey);
router.delete('/account/passkeys/:id', deletePasskeyRoute);
router.delete('/account/sessions', deleteSessionsRoute);
router.delete('/account/sessions/:id', deleteSessionRoute);
router.get('/templates', getTemplates);
router.get('/templates/:id', getTemplate);
router.get('/templates/:id/image', getTemplateImage);
router.get('/shares', getShares);
router.get('/shares/:id', getShare);
router.get('/shares/:id/image', getShareImage);

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
