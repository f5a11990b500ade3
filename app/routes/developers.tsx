import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData } from '@remix-run/react';
import type { RouteHandle } from '~/components/layout/breadcrumbs';
import type { TemplatesResponse } from '../../core/api/templates';
import { DevelopersPage, type TemplateBoxes } from '~/features/developers/developers-page';
import { buildReference } from '~/features/developers/reference';
import { pageMeta } from '~/lib/meta';

export const meta: MetaFunction = () =>
  pageMeta('API for developers', 'The Memeforge API: every route, its fields, errors, limits and a curl example.');

export const handle: RouteHandle = { breadcrumb: [{ label: 'Developers' }] };

/** The reference is the document the API serves, read through the service binding: one source for both. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const origin = new URL(request.url).origin;
  // Preview deployments have no API binding (ADR 0115).
  if (!context.env.API) throw new Response('The API reference is not available on this deployment.', { status: 503 });
  const res = await context.env.API.fetch(
    new Request(new URL('/api/openapi.json', origin), { headers: { accept: 'application/json' } }),
  );
  if (!res.ok) throw new Response('The API reference is not available right now.', { status: 503 });
  const doc = await res.json<Record<string, unknown>>();
  const version = String((doc.info as { version?: string } | undefined)?.version ?? '');
  return json(
    { tags: buildReference(doc, origin), version, templates: await templateBoxes(context.env.API, origin) },
    { headers: { 'cache-control': 'public, max-age=300' } },
  );
}

/**
 * Every template's id, name and number of text boxes (`textBoxes` of GET /api/templates): how many captions a meme
 * drawn by the API or shared by link may have. The reference still renders when the catalogue cannot be read.
 */
async function templateBoxes(apiBinding: Fetcher, origin: string): Promise<TemplateBoxes[]> {
  try {
    const res = await apiBinding.fetch(
      new Request(new URL('/api/templates', origin), { headers: { accept: 'application/json' } }),
    );
    if (!res.ok) return [];
    const { templates } = await res.json<TemplatesResponse>();
    return templates.map((t) => ({ id: t.id, name: t.name, boxes: t.textBoxes.length }));
  } catch {
    return [];
  }
}

export default function Route() {
  const { tags, version, templates } = useLoaderData<typeof loader>();
  return <DevelopersPage tags={tags} version={version} templates={templates} />;
}
