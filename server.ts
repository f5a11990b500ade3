import { createPagesFunctionHandler } from '@remix-run/cloudflare-pages';
import * as build from '@remix-run/dev/server-build';
import { forwardToApi } from './app/lib/forward-to-api.server';

const remix = createPagesFunctionHandler<PagesEnv>({
  build,
  getLoadContext: ({ context }) => ({ env: context.cloudflare.env }),
});

/**
 * The Pages Function. /api/* goes untouched to the API Worker through the service binding (forward-to-api.server.ts),
 * so the browser sees one origin; everything else is Remix SSR.
 */
export const onRequest: PagesFunction<PagesEnv> = (context) => {
  const { pathname } = new URL(context.request.url);
  if (pathname === '/api' || pathname.startsWith('/api/')) return forwardToApi(context);
  return remix(context);
};
