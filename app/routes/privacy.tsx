import type { MetaFunction } from '@remix-run/cloudflare';
import type { RouteHandle } from '~/components/layout/breadcrumbs';
import { Page } from '~/components/layout/page';
import { pageMeta } from '~/lib/meta';
import { IMAGE_TTL_SECONDS_DEFAULT } from '../../core/limits';

export const meta: MetaFunction = () => pageMeta('Privacy', 'How Memeforge handles your images and data.');

export const handle: RouteHandle = { breadcrumb: [{ label: 'Privacy' }] };

export default function Route() {
  const minutes = IMAGE_TTL_SECONDS_DEFAULT / 60;
  return (
    <Page
      title="Privacy"
      lead={`Images you upload are only processed to produce your results, and are deleted automatically after ${minutes} minutes. Personal data is not stored permanently and never sold.`}
    />
  );
}
