import type { MetaFunction } from '@remix-run/cloudflare';
import { Link } from '@remix-run/react';
import { toolCrumbs, type RouteHandle } from '~/components/layout/breadcrumbs';
import { Page } from '~/components/layout/page';
import { pageMeta } from '~/lib/meta';

export const meta: MetaFunction = () => pageMeta('Remove Background', 'Remove the background from a photo with AI.');

export const handle: RouteHandle = { breadcrumb: toolCrumbs('Remove Background') };

export default function Route() {
  return (
    <Page title="Remove Background" lead="Background removal lives in the Background tab of the Optimize tool.">
      <Link
        to="/tools/optimize?tab=remove-background"
        className="font-semibold text-brand-700 underline dark:text-brand-400"
      >
        Open Optimize › Background
      </Link>
    </Page>
  );
}
