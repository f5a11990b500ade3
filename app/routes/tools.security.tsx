import type { MetaFunction } from '@remix-run/cloudflare';
import { toolCrumbs, type RouteHandle } from '~/components/layout/breadcrumbs';
import { Page } from '~/components/layout/page';
import { pageMeta } from '~/lib/meta';

export const meta: MetaFunction = () => pageMeta('Security', 'Add watermarks, blur faces and remove private metadata from your photos.');

export const handle: RouteHandle = { breadcrumb: toolCrumbs('Security') };

export default function Route() {
  return <Page title="Security" lead="Add watermarks, blur faces and remove private metadata from your photos." />;
}
