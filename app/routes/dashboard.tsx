import type { MetaFunction } from '@remix-run/cloudflare';
import type { RouteHandle } from '~/components/layout/breadcrumbs';
import { DashboardView } from '~/features/dashboard/dashboard-view';
import { pageMeta } from '~/lib/meta';

export const meta: MetaFunction = () => pageMeta('Premium Dashboard', 'Your share links, saved memes and plan.');

export const handle: RouteHandle = { breadcrumb: [{ label: 'Dashboard' }] };

export default function Route() {
  return <DashboardView />;
}
