import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { Link, useLoaderData } from '@remix-run/react';
import type { RouteHandle } from '~/components/layout/breadcrumbs';
import { Page } from '~/components/layout/page';
import { findGuide, GUIDES } from '~/features/guides/guides';
import { pageMeta } from '~/lib/meta';

export function loader({ params }: LoaderFunctionArgs) {
  const guide = findGuide(params.slug);
  if (!guide) throw new Response('Not Found', { status: 404 });
  return { guide };
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? pageMeta(data.guide.title, data.guide.description, { openGraph: true }) : [];

export const handle: RouteHandle = { breadcrumb: [{ label: 'How To', to: '/#how-to' }] };

export default function Route() {
  const { guide } = useLoaderData<typeof loader>();
  return (
    <Page title={guide.title} lead={guide.description}>
      <Link to="/meme-generator" className="inline-block rounded-md bg-brand-500 px-4 py-2 font-semibold text-white hover:bg-brand-600">
        Open the Meme Generator
      </Link>
      <section className="mt-12">
        <h2 className="text-xl font-bold">Related How-To Guides</h2>
        <ul className="mt-4 grid gap-3 sm:grid-cols-2">
          {GUIDES.filter((g) => g.slug !== guide.slug).map((g) => (
            <li key={g.slug}>
              <Link to={`/how-to/${g.slug}`} className="block rounded-lg border border-slate-200 p-3 hover:border-brand-500 dark:border-slate-700">
                {g.title}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </Page>
  );
}
