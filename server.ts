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
  if (pathname === '/api' || pathname.startsWith('/api/')) return context.env.API.fetch(context.request);
  return remix(context);
};
