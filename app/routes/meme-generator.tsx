import type { MetaFunction } from '@remix-run/cloudflare';
import { useSearchParams } from '@remix-run/react';
import type { RouteHandle } from '~/components/layout/breadcrumbs';
import { EditorShell } from '~/features/editor/ui/editor-shell';
import { pageMeta } from '~/lib/meta';

export const meta: MetaFunction = () =>
  pageMeta('Meme Generator', 'Make a meme from a template, your own picture or an AI image. Free, no watermark.', {
    openGraph: true,
  });

export const handle: RouteHandle = { breadcrumb: [{ label: 'Meme Generator' }] };

export default function Route() {
  const [params] = useSearchParams();
  return <EditorShell template={params.get('template')} image={params.get('image')} />;
}
