/**
 * The API as a page's loader reaches it: the same typed client as the browser's (client.ts, openapi-fetch over the
 * generated `paths`), sent through the API Worker's service binding instead of the network, so a path, parameter or
 * answer the document does not describe is a type error in a loader too (ADR 0186). Null on a preview deployment,
 * which has no binding (ADR 0115): each page says what it shows then.
 */
import createClient from 'openapi-fetch';
import type { paths } from './schema';

interface LoaderContext {
  env: { API?: { fetch(request: Request): Promise<Response> } };
}

export function serverApi(context: LoaderContext, request: Request) {
  const binding = context.env.API;
  if (!binding) return null;
  return createClient<paths>({
    baseUrl: new URL(request.url).origin,
    headers: { accept: 'application/json' },
    fetch: (call) => binding.fetch(call),
  });
}

export type ServerApi = NonNullable<ReturnType<typeof serverApi>>;
