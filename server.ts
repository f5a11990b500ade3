import { createPagesFunctionHandler } from '@remix-run/cloudflare-pages';
import * as build from '@remix-run/dev/server-build';

const remix = createPagesFunctionHandler<PagesEnv>({
  build,
  getLoadContext: ({ context }) => ({ env: context.cloudflare.env }),
});

/**
 * The Pages Function. /api/* goes untouched (method, headers, streamed body) to the API Worker through the
 * service binding, so the browser sees one origin; everything else is Remix SSR.
 */
export const onRequest: PagesFunction<PagesEnv> = (context) => {
  const { pathname } = new URL(context.request.url);
  if (pathname === '/api' || pathname.startsWith('/api/')) return forwardToApi(context);
  return remix(context);
};

/**
 * The body travels through a stream this function feeds, not as the incoming request itself: handed over directly,
 * a chunked body that the API Worker stops reading at its limit left the Worker's 413 undelivered until the client
 * gave up (workerd keeps pumping the body into the binding). When the API refuses (any 4xx/5xx) the pump stops, so
 * the answer leaves at once and the rest of the upload is never read.
 */
async function forwardToApi(context: EventContext<PagesEnv, string, unknown>): Promise<Response> {
  const { request } = context;
  if (!request.body) return context.env.API.fetch(request);
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
  const stop = new AbortController();
  context.waitUntil(request.body.pipeTo(writable, { signal: stop.signal }).catch(() => undefined));
  const response = await context.env.API.fetch(new Request(request, { body: readable }));
  if (response.status >= 400) stop.abort();
  return response;
}
