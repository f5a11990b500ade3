import type { MetaFunction } from '@remix-run/cloudflare';
import { Link } from '@remix-run/react';
import type { RouteHandle } from '~/components/layout/breadcrumbs';
import { Page } from '~/components/layout/page';
import { GUIDES } from '~/features/guides/guides';
import { pageMeta } from '~/lib/meta';

export const meta: MetaFunction = () => pageMeta('Tutorials', 'Step-by-step guides to making memes with Memeforge.');

export const handle: RouteHandle = { breadcrumb: [{ label: 'Tutorials' }] };

export default function Route() {
  return (
    <Page title="Tutorials" lead="Step-by-step guides to every part of Memeforge.">
      <ul className="grid gap-4 sm:grid-cols-2">
        {GUIDES.map((guide) => (
          <li key={guide.slug}>
            <Link
              to={`/how-to/${guide.slug}`}
              className="block h-full rounded-lg border border-slate-200 p-4 hover:border-brand-700 dark:border-slate-700 dark:hover:border-brand-400"
            >
              <span className="font-semibold">{guide.title}</span>
              <span className="mt-1 block text-sm text-slate-600 dark:text-slate-300">{guide.description}</span>
            </Link>
          </li>
        ))}
      </ul>
    </Page>
  );
}
