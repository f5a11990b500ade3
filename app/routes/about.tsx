import type { MetaFunction } from '@remix-run/cloudflare';
import type { RouteHandle } from '~/components/layout/breadcrumbs';
import { Page } from '~/components/layout/page';
import { pageMeta } from '~/lib/meta';

export const meta: MetaFunction = () => pageMeta('About', 'About Memeforge, the free meme maker and image toolbox.');

export const handle: RouteHandle = { breadcrumb: [{ label: 'About' }] };

export default function Route() {
  return (
    <Page
      title="About"
      lead="Our mission: make it quick and free for anyone to make memes and fix up images, with no watermark and no sign-up."
    />
  );
}
