import { Link } from '@remix-run/react';
import { GUIDES } from '~/features/guides/guides';

/** #how-to: the six guides; the header's How To link scrolls here. */
export function HowToSection() {
  return (
    <section id="how-to" aria-labelledby="how-to-heading" className="scroll-mt-20 bg-slate-50 py-14 dark:bg-slate-900">
      <div className="mx-auto w-full max-w-6xl px-4">
        <h2 id="how-to-heading" className="text-2xl font-bold text-slate-900 dark:text-white sm:text-3xl">
          How-To Guides
        </h2>
        <p className="mt-1 text-slate-600 dark:text-slate-300">
          Short, practical guides to every step from blank canvas to shared meme.
        </p>
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {GUIDES.map((guide, i) => (
            <li key={guide.slug}>
              <Link
                to={`/how-to/${guide.slug}`}
                className="flex h-full gap-3 rounded-xl border border-slate-200 bg-white p-5 hover:border-brand-700 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-700 dark:border-slate-700 dark:bg-slate-950 dark:hover:border-brand-400"
              >
                <span
                  aria-hidden="true"
                  className="grid h-8 w-8 shrink-0 place-items-center rounded-full bg-brand-100 font-bold text-brand-700 dark:bg-slate-800 dark:text-brand-400"
                >
                  {i + 1}
                </span>
                <span>
                  <span className="block font-semibold text-slate-900 dark:text-white">{guide.title}</span>
                  <span className="mt-1 block text-sm text-slate-600 dark:text-slate-300">{guide.description}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
