/**
 * The Pages Function's /api/* half: the request goes untouched (method, headers, streamed body) to the API Worker
 * through the service binding, so the browser sees one origin.
 *
 * The body travels through a stream this function feeds, not as the incoming request itself: handed over directly,
 * a chunked body that the API Worker stops reading at its limit left the Worker's 413 undelivered until the client
 * gave up (workerd keeps pumping the body into the binding). When the API refuses (any 4xx/5xx) the pump stops, so
 * the answer leaves at once and the rest of the upload is never read.
 *
 * A request no route could take as it is (a GET or HEAD with a body, a Content-Length that is not one number) is
 * refused here in the API's words (core/api/http-edges.ts): a GET cannot even be handed on with a body. Whatever
 * fails here is a JSON 500 too, never the runtime's error page.
 *
 * Preview deployments have no API binding (wrangler.toml, ADR 0115): they answer the API's own 503 JSON error.
 */
import type { ErrorCode } from '../../core/api/errors';
import { dropUnreadBody, framingProblem } from '../../core/api/http-edges';
import { MAX_BODY_BYTES } from '../../core/limits';

interface ApiForwardContext {
  request: Request;
  env: { API?: { fetch(request: Request): Promise<Response> } };
  waitUntil(promise: Promise<unknown>): void;
}

const apiError = (status: number, code: ErrorCode, error: string) =>
  new Response(JSON.stringify({ error, code }), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' },
  });

export async function forwardToApi(context: ApiForwardContext): Promise<Response> {
  const { request, env } = context;
  if (!env.API) return apiError(503, 'not_configured', 'The API is not connected on this preview deployment. Use the production site or npm start.');
  const problem = framingProblem(request);
  if (problem) {
    if (request.body) await dropUnreadBody(request.body, request.headers.get('content-length'), MAX_BODY_BYTES);
    return apiError(400, 'bad_request', problem);
  }
  try {
    if (!request.body) return await env.API.fetch(request);
    const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
    const stop = new AbortController();
    context.waitUntil(request.body.pipeTo(writable, { signal: stop.signal }).catch(() => undefined));
    const response = await env.API.fetch(new Request(request, { body: readable, duplex: 'half' } as RequestInit));
    if (response.status >= 400) stop.abort();
    return response;
  } catch (err) {
    console.error('forwarding to the API failed', err instanceof Error ? (err.stack ?? err.message) : String(err));
    return apiError(500, 'internal_error', 'Something went wrong on our side. Please try again.');
  }
}
