import type { MetaFunction } from '@remix-run/cloudflare';
import type { RouteHandle } from '~/components/layout/breadcrumbs';
import { Page } from '~/components/layout/page';
import { pageMeta } from '~/lib/meta';

export const meta: MetaFunction = () => pageMeta('Terms of Service', 'The terms of using Memeforge.');

export const handle: RouteHandle = { breadcrumb: [{ label: 'Terms' }] };

export default function Route() {
  return <Page title="Terms of Service" lead="Use Memeforge responsibly: do not upload illegal or harmful content, or images you have no right to use." />;
}
