import type { MetaFunction } from '@remix-run/cloudflare';
import { Link } from '@remix-run/react';
import { GUIDES } from '~/features/guides/guides';
import { pageMeta } from '~/lib/meta';
import { SERVICES } from '~/lib/services';

export const meta: MetaFunction = () =>
  pageMeta('Memeforge', 'Free meme maker and image toolbox: templates, AI images, text and shapes. No watermark, no sign-up.', {
    openGraph: true,
  });

export default function Home() {
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white px-4 py-16 text-center dark:from-slate-900 dark:to-slate-950">
        <h1 className="font-display text-5xl tracking-wide text-slate-900 dark:text-white">Make memes in seconds</h1>
        <p className="mx-auto mt-4 max-w-xl text-lg text-slate-600 dark:text-slate-300">
          Pick a template, upload a picture or generate one with AI. Free, no watermark, no sign-up.
        </p>
        <Link to="/meme-generator" className="mt-8 inline-block rounded-md bg-brand-500 px-6 py-3 font-semibold text-white hover:bg-brand-600">
          Open the Meme Generator
        </Link>
      </section>
      <section id="tools" className="mx-auto w-full max-w-6xl scroll-mt-20 px-4 py-12">
        <h2 className="text-2xl font-bold">Tools</h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {SERVICES.map((s) => (
            <li key={s.id}>
              <Link to={s.href} className="block h-full rounded-lg border border-slate-200 p-4 hover:border-brand-500 dark:border-slate-700">
                <span className="font-semibold">{s.title}</span>
                <span className="mt-1 block text-sm text-slate-600 dark:text-slate-300">{s.description}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <section id="how-to" className="mx-auto w-full max-w-6xl scroll-mt-20 px-4 py-12">
        <h2 className="text-2xl font-bold">How-To Guides</h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {GUIDES.map((g) => (
            <li key={g.slug}>
              <Link to={`/how-to/${g.slug}`} className="block h-full rounded-lg border border-slate-200 p-4 hover:border-brand-500 dark:border-slate-700">
                <span className="font-semibold">{g.title}</span>
                <span className="mt-1 block text-sm text-slate-600 dark:text-slate-300">{g.description}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
