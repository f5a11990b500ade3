import type { MetaFunction } from '@remix-run/cloudflare';
import type { RouteHandle } from '~/components/layout/breadcrumbs';
import { Page } from '~/components/layout/page';
import { pageMeta } from '~/lib/meta';

export const meta: MetaFunction = () => pageMeta('Premium Dashboard', 'Your saved memes and plan.');

export const handle: RouteHandle = { breadcrumb: [{ label: 'Dashboard' }] };

export default function Route() {
  return <Page title="Premium Dashboard Access" lead="Premium members only. Need access? Contact support." />;
}
