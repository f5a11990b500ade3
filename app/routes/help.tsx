import type { MetaFunction } from '@remix-run/cloudflare';
import type { RouteHandle } from '~/components/layout/breadcrumbs';
import { Page } from '~/components/layout/page';
import { pageMeta } from '~/lib/meta';

export const meta: MetaFunction = () => pageMeta('Help', 'Help and frequently asked questions.');

export const handle: RouteHandle = { breadcrumb: [{ label: 'Help' }] };

export default function Route() {
  return <Page title="Help" lead="Answers to common questions are on their way. Until then, the how-to guides cover every tool." />;
}
