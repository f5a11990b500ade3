import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData } from '@remix-run/react';
import type { RouteHandle } from '~/components/layout/breadcrumbs';
import { DevelopersPage, type TemplateBoxes } from '~/features/developers/developers-page';
import { buildReference } from '~/features/developers/reference';
import { serverApi, type ServerApi } from '~/lib/api/server-client.server';
import { pageMeta } from '~/lib/meta';

export const meta: MetaFunction = () =>
  pageMeta('API for developers', 'The Memeforge API: every route, its fields, errors, limits and a curl example.');

export const handle: RouteHandle = { breadcrumb: [{ label: 'Developers' }] };

/** The reference is the document the API serves, read through the service binding: one source for both. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const origin = new URL(request.url).origin;
  const api = serverApi(context, request);
  // Preview deployments have no API binding (ADR 0115).
  if (!api) throw new Response('The API reference is not available on this deployment.', { status: 503 });
  const { data: doc } = await api.GET('/api/openapi.json');
  if (!doc) throw new Response('The API reference is not available right now.', { status: 503 });
  const version = String((doc.info as { version?: string } | undefined)?.version ?? '');
  return json(
    { tags: buildReference(doc, origin), version, templates: await templateBoxes(api) },
    { headers: { 'cache-control': 'public, max-age=300' } },
  );
}

/**
 * Every template's id, name and number of text boxes (`textBoxes` of GET /api/templates): how many captions a meme
 * drawn by the API or shared by link may have. The reference still renders when the catalogue cannot be read.
 */
async function templateBoxes(api: ServerApi): Promise<TemplateBoxes[]> {
  try {
    const { data } = await api.GET('/api/templates');
    if (!data) return [];
    return data.templates.map((t) => ({ id: t.id, name: t.name, boxes: t.textBoxes.length }));
  } catch {
    return [];
  }
}

export default function Route() {
  const { tags, version, templates } = useLoaderData<typeof loader>();
  return <DevelopersPage tags={tags} version={version} templates={templates} />;
}
