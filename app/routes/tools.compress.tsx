import type { MetaFunction } from '@remix-run/cloudflare';
import { Link } from '@remix-run/react';
import { toolCrumbs, type RouteHandle } from '~/components/layout/breadcrumbs';
import { Page } from '~/components/layout/page';
import { pageMeta } from '~/lib/meta';

export const meta: MetaFunction = () => pageMeta('Compress Images', 'Compress JPG, PNG and WebP images.');

export const handle: RouteHandle = { breadcrumb: toolCrumbs('Compress') };

export default function Route() {
  return (
    <Page title="Compress Images" lead="Image compression lives in the Optimize tool.">
      <Link to="/tools/optimize?tab=compress" className="font-semibold text-brand-700 underline dark:text-brand-400">
        Open Tools › Optimize
      </Link>
    </Page>
  );
}
