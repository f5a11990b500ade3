import { json, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData } from '@remix-run/react';
import { SHARE_ID_PATTERN } from '../../core/api/share-links';
import type { RouteHandle } from '~/components/layout/breadcrumbs';
import { serverApi } from '~/lib/api/server-client.server';
import { SharePage, SharedMemeGone } from '~/features/share/share-page';
import { shareMeta } from '~/features/share/share-meta';

/**
 * A shared meme's page (ADR 0139): the share is read on the server through the API's binding, so the page arrives
 * with its Open Graph card for the crawlers that never run scripts. An id never given is the site's 404; a deleted or
 * expired one answers 410 with its own page.
 */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const id = params.id ?? '';
  if (!SHARE_ID_PATTERN.test(id)) throw new Response('Not Found', { status: 404 });
  const api = serverApi(context, request);
  // Preview deployments have no API binding (ADR 0115).
  if (!api) throw new Response('Service Unavailable', { status: 503 });
  const { data: share, response } = await api.GET('/api/shares/{id}', { params: { path: { id } } });
  if (response.status === 404) throw new Response('Not Found', { status: 404 });
  if (response.status === 410) return json({ share: null }, { status: 410, headers: { 'cache-control': 'no-store' } });
  if (!share) throw new Response('Bad Gateway', { status: 502 });
  return json({ share }, { headers: { 'cache-control': 'no-cache' } });
}

/** The page is never kept by a cache: a delete shows at the next load (ADR 0139). */
export const headers: HeadersFunction = ({ loaderHeaders }) => ({
  'cache-control': loaderHeaders.get('cache-control') ?? 'no-cache',
});

export const handle: RouteHandle = { breadcrumb: [{ label: 'Shared meme' }] };

export const meta: MetaFunction<typeof loader> = ({ data }) => shareMeta(data?.share ?? null);

export default function Route() {
  const { share } = useLoaderData<typeof loader>();
  return share ? <SharePage share={share} /> : <SharedMemeGone />;
}
