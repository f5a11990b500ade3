import type { MetaFunction } from '@remix-run/cloudflare';
import type { RouteHandle } from '~/components/layout/breadcrumbs';
import { Page } from '~/components/layout/page';
import { pageMeta } from '~/lib/meta';

export const meta: MetaFunction = () =>
  pageMeta('Meme Generator', 'Make a meme from a template, your own picture or an AI image. Free, no watermark.', {
    openGraph: true,
  });

export const handle: RouteHandle = { breadcrumb: [{ label: 'Meme Generator' }] };

export default function Route() {
  return <Page title="Meme Generator" />;
}
