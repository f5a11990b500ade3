import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { Link, useLoaderData } from '@remix-run/react';
import type { RouteHandle } from '~/components/layout/breadcrumbs';
import { ArticleBody } from '~/features/guides/article-body';
import { ARTICLES } from '~/features/guides/articles';
import { findGuide, GUIDES } from '~/features/guides/guides';
import { pageMeta } from '~/lib/meta';

export function loader({ params }: LoaderFunctionArgs) {
  const guide = findGuide(params.slug);
  const article = guide && ARTICLES[guide.slug];
  if (!guide || !article) throw new Response('Not Found', { status: 404 });
  return { guide, article };
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? pageMeta(data.guide.title, data.guide.description, { openGraph: true })
    : pageMeta('Page not found', 'This guide does not exist.');

export const handle: RouteHandle = { breadcrumb: [{ label: 'How To', to: '/#how-to' }] };

export default function Route() {
  const { guide, article } = useLoaderData<typeof loader>();
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white sm:text-4xl">{guide.title}</h1>
      <p className="mt-3 text-lg text-slate-600 dark:text-slate-300">{guide.description}</p>
      <div className="mt-8">
        <ArticleBody article={article} />
      </div>
      <div className="mt-10 rounded-2xl bg-brand-50 p-6 text-center dark:bg-slate-900">
        <p className="text-lg font-semibold text-slate-900 dark:text-white">Ready to try it?</p>
        <Link
          to="/meme-generator"
          className="mt-4 inline-block rounded-lg bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-orange-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        >
          Open the Meme Generator
        </Link>
      </div>
      <section aria-labelledby="related-heading" className="mt-12">
        <h2 id="related-heading" className="text-xl font-bold text-slate-900 dark:text-white">
          Related How-To Guides
        </h2>
        <ul className="mt-4 grid gap-3 sm:grid-cols-2">
          {GUIDES.filter((g) => g.slug !== guide.slug).map((g) => (
            <li key={g.slug}>
              <Link
                to={`/how-to/${g.slug}`}
                className="block h-full rounded-lg border border-slate-200 p-4 hover:border-brand-700 dark:border-slate-700 dark:hover:border-brand-400"
              >
                <span className="block font-semibold text-slate-900 dark:text-white">{g.title}</span>
                <span className="mt-1 block text-sm text-slate-600 dark:text-slate-300">{g.description}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </article>
  );
}
