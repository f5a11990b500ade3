import type { MetaFunction } from '@remix-run/cloudflare';
import { Link } from '@remix-run/react';
import { toolCrumbs, type RouteHandle } from '~/components/layout/breadcrumbs';
import { Page } from '~/components/layout/page';
import { pageMeta } from '~/lib/meta';
import { ACCEPTED_FORMATS, FORMAT_NAMES, listOf } from '../../core/images/kinds';

export const meta: MetaFunction = () =>
  pageMeta(
    'Compress Images',
    `Compress ${listOf(
      ACCEPTED_FORMATS.map((f) => FORMAT_NAMES[f]),
      'and',
    )} images.`,
  );

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
