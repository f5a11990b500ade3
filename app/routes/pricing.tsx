import type { MetaFunction } from '@remix-run/cloudflare';
import type { RouteHandle } from '~/components/layout/breadcrumbs';
import { Page } from '~/components/layout/page';
import { pageMeta } from '~/lib/meta';
import { FREE_DAILY_AI_LIMIT } from '../../core/limits';

export const meta: MetaFunction = () => pageMeta('Pricing', 'Free, Pro and Unlimited plans for Memeforge.');

export const handle: RouteHandle = { breadcrumb: [{ label: 'Pricing' }] };

export default function Route() {
  return <Page title="Pricing" lead={`Free forever, with ${FREE_DAILY_AI_LIMIT} AI generations per day.`} />;
}
