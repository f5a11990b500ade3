import type { MetaFunction } from '@remix-run/cloudflare';
import { toolCrumbs, type RouteHandle } from '~/components/layout/breadcrumbs';
import { Page } from '~/components/layout/page';
import { pageMeta } from '~/lib/meta';

export const meta: MetaFunction = () => pageMeta('Convert', 'Convert images between JPG, PNG, WebP, BMP and TIFF.');

export const handle: RouteHandle = { breadcrumb: toolCrumbs('Convert') };

export default function Route() {
  return <Page title="Convert" lead="Convert images between JPG, PNG, WebP, BMP and TIFF." />;
}
