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
 * GETs whose answers are the same for everyone go through the site's edge cache on the way (edge-cache.server.ts,
 * ADR 0146), and a change the API says made kept answers wrong deletes them from it.
 *
 * Preview deployments have no API binding (wrangler.toml, ADR 0115): they answer the API's own 503 JSON error.
 * A 5xx from the binding that is not the API's JSON (the runtime's own page when the Worker was stopped, ran out of
 * CPU or was restarted, ADR 0122) is answered as our JSON with the same status.
 */
import type { ErrorCode } from '../../core/api/errors';
import { dropUnreadBody, framingProblem } from '../../core/api/http-edges';
import { MAX_BODY_BYTES } from '../../core/limits';
import { throughEdgeCache } from './edge-cache.server';

interface ApiForwardContext {
  request: Request;
  env: { API?: { fetch(request: Request): Promise<Response> } };
  waitUntil(promise: Promise<unknown>): void;
}

const apiError = (status: number, code: ErrorCode, error: string) =>
  new Response(JSON.stringify({ error, code }), {
    status,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    },
  });

/** The API's answer, or where a 5xx is not its JSON (the runtime's words, not the API's), our JSON in its place. */
export function ours(response: Response): Response {
  if (response.status < 500 || (response.headers.get('content-type') ?? '').startsWith('application/json'))
    return response;
  response.body?.cancel().catch(() => undefined);
  return apiError(
    response.status,
    'api_unavailable',
    'The API could not answer this time (it was stopped or restarted while working). Please try again in a moment.',
  );
}

export async function forwardToApi(context: ApiForwardContext): Promise<Response> {
  const { request, env } = context;
  if (!env.API)
    return apiError(
      503,
      'not_configured',
      'The API is not connected on this preview deployment. Use the production site or npm start.',
    );
  const problem = framingProblem(request);
  if (problem) {
    if (request.body) await dropUnreadBody(request.body, request.headers.get('content-length'), MAX_BODY_BYTES);
    return apiError(400, 'bad_request', problem);
  }
  const api = env.API;
  try {
    return await throughEdgeCache(
      request,
      (p) => context.waitUntil(p),
      async () => {
        if (!request.body) return ours(await api.fetch(request));
        const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
        const stop = new AbortController();
        context.waitUntil(request.body.pipeTo(writable, { signal: stop.signal }).catch(() => undefined));
        const response = await api.fetch(new Request(request, { body: readable, duplex: 'half' } as RequestInit));
        if (response.status >= 400) stop.abort();
        return ours(response);
      },
    );
  } catch (err) {
    console.error('forwarding to the API failed', err instanceof Error ? (err.stack ?? err.message) : String(err));
    return apiError(500, 'internal_error', 'Something went wrong on our side. Please try again.');
  }
}
