import type { MetaFunction } from '@remix-run/cloudflare';
import { Link } from '@remix-run/react';
import type { RouteHandle } from '~/components/layout/breadcrumbs';
import { Page } from '~/components/layout/page';
import { pageMeta } from '~/lib/meta';
import { SUPPORT_EMAIL } from '../../core/site';

export const meta: MetaFunction = () => pageMeta('Help', 'Help and frequently asked questions.');

export const handle: RouteHandle = { breadcrumb: [{ label: 'Help' }] };

const link = 'font-semibold text-brand-700 underline dark:text-brand-400';

export default function Route() {
  return (
    <Page title="Help" lead="Answers to common questions are on their way.">
      <p className="text-slate-700 dark:text-slate-200">
        Until then, the{' '}
        <Link to="/tutorials" className={link}>
          tutorials
        </Link>{' '}
        walk through every step, the{' '}
        <Link to="/pricing" className={link}>
          pricing FAQ
        </Link>{' '}
        covers plans and limits, and you can always write to{' '}
        <a href={`mailto:${SUPPORT_EMAIL}`} className={link}>
          {SUPPORT_EMAIL}
        </a>
        .
      </p>
    </Page>
  );
}
