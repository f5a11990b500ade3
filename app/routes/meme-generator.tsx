import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData, useSearchParams } from '@remix-run/react';
import { MEME_FONTS, latinFontFile } from '../../core/fonts';
import type { RouteHandle } from '~/components/layout/breadcrumbs';
import { serverApi } from '~/lib/api/server-client.server';
import { EDITOR_TOASTER, EditorShell } from '~/features/editor/ui/editor-shell';
import { pageMeta } from '~/lib/meta';

export const meta: MetaFunction = () =>
  pageMeta('Meme Generator', 'Make a meme from a template, your own picture or an AI image. Free, no watermark.', {
    openGraph: true,
  });

/** Impact (Anton) is the template font and the new-text default: fetched with the page, not after the first draw. */
export const links: LinksFunction = () => [
  {
    rel: 'preload',
    as: 'font',
    type: 'font/woff2',
    href: latinFontFile(MEME_FONTS.find((f) => f.family === 'Impact')!),
    crossOrigin: 'anonymous',
  },
];

export const handle: RouteHandle = { breadcrumb: [{ label: 'Meme Generator' }], toaster: EDITOR_TOASTER };

/**
 * `?template=` is resolved on the server, through the API's service binding, so the template arrives with the page
 * and its picture starts downloading (the preload below) while the editor's code is still on its way. Without this
 * the browser would ask for the template only after hydration, then for its picture: two round trips in a row.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const id = new URL(request.url).searchParams.get('template');
  const api = serverApi(context, request);
  // Preview deployments have no API binding (ADR 0115): the editor then loads as without a template.
  if (!id || !api) return json({ template: null });
  try {
    const { data } = await api.GET('/api/templates/{id}', { params: { path: { id } } });
    return json({ template: data?.template ?? null });
  } catch {
    // The editor says 'Error loading template' itself; the page must still render.
    return json({ template: null });
  }
}

export default function Route() {
  const [params] = useSearchParams();
  const { template } = useLoaderData<typeof loader>();
  return (
    <>
      {template && <link rel="preload" as="image" href={template.imageUrl} crossOrigin="anonymous" />}
      <EditorShell
        template={params.get('template')}
        initialTemplate={template}
        lines={params.getAll('line')}
        image={params.get('image')}
        imageName={params.get('name')}
      />
    </>
  );
}
