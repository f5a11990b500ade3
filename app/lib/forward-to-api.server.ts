/**
 * The Pages Function's /api/* half: the request goes untouched (method, headers, streamed body) to the API Worker
 * through the service binding, so the browser sees one origin.
 *
 * The body travels through a stream this function feeds, not as the incoming request itself: handed over directly,
 * a chunked body that the API Worker stops reading at its limit left the Worker's 413 undelivered until the client
 * gave up (workerd keeps pumping the body into the binding). When the API refuses (any 4xx/5xx) the pump stops, so
 * the answer leaves at once and the rest of the upload is never read.
 *
 * Preview deployments have no API binding (wrangler.toml, ADR 0115): they answer the API's own 503 JSON error.
 */

interface ApiForwardContext {
  request: Request;
  env: { API?: { fetch(request: Request): Promise<Response> } };
  waitUntil(promise: Promise<unknown>): void;
}

const notConnected = () =>
  new Response(
    JSON.stringify({ error: 'The API is not connected on this preview deployment. Use the production site or npm start.', code: 'not_configured' }),
    { status: 503, headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' } },
  );

export async function forwardToApi(context: ApiForwardContext): Promise<Response> {
  const { request, env } = context;
  if (!env.API) return notConnected();
  if (!request.body) return env.API.fetch(request);
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
  const stop = new AbortController();
  context.waitUntil(request.body.pipeTo(writable, { signal: stop.signal }).catch(() => undefined));
  const response = await env.API.fetch(new Request(request, { body: readable, duplex: 'half' } as RequestInit));
  if (response.status >= 400) stop.abort();
  return response;
}
