import type { MetaFunction } from '@remix-run/cloudflare';
import { Link } from '@remix-run/react';
import { toolCrumbs, type RouteHandle } from '~/components/layout/breadcrumbs';
import { Page } from '~/components/layout/page';
import { pageMeta } from '~/lib/meta';

export const meta: MetaFunction = () =>
  pageMeta('Resize Images', 'Resize images to any size or a social media preset.');

export const handle: RouteHandle = { breadcrumb: toolCrumbs('Resize') };

export default function Route() {
  return (
    <Page title="Resize Images" lead="Resizing lives in the Resize tab of the Modify tool.">
      <Link to="/tools/modify?tab=resize" className="font-semibold text-brand-700 underline dark:text-brand-400">
        Open Modify › Resize
      </Link>
    </Page>
  );
}
