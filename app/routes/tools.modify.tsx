import type { MetaFunction } from '@remix-run/cloudflare';
import { toolCrumbs, type RouteHandle } from '~/components/layout/breadcrumbs';
import { Page } from '~/components/layout/page';
import { pageMeta } from '~/lib/meta';

export const meta: MetaFunction = () => pageMeta('Modify', 'Resize, crop, rotate and flip images, one at a time or in a batch.');

export const handle: RouteHandle = { breadcrumb: toolCrumbs('Modify') };

export default function Route() {
  return <Page title="Modify" lead="Resize, crop, rotate and flip images, one at a time or in a batch." />;
}
