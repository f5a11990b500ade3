import { Link } from '@remix-run/react';
import { useState } from 'react';
import { searchServices, SERVICES } from '~/lib/services';

/**
 * #tools: the fixed service cards with a search over title, description, features and the words people type for
 * each job ("exif", "jpg to png", "youtube"); a format no tool takes yet (HEIC) gets an honest answer instead.
 */
export function ToolsSection() {
  const [query, setQuery] = useState('');
  const { services: shown, note } = searchServices(SERVICES, query);
  return (
    <section id="tools" aria-labelledby="tools-heading" className="mx-auto w-full max-w-6xl scroll-mt-20 px-4 py-14">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="tools-heading" className="text-2xl font-bold text-slate-900 dark:text-white sm:text-3xl">
            Image tools
          </h2>
          <p className="mt-1 text-slate-600 dark:text-slate-300">
            Everything you need to make, fix and share pictures.
          </p>
        </div>
        <label className="block w-full sm:w-72">
          <span className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-200">Search tools</span>
          <input
            type="search"
            aria-describedby="tools-search-hint"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder="e.g. compress, exif, jpg to png"
            className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 placeholder:text-slate-500 focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-700/40 dark:border-slate-600 dark:bg-slate-900 dark:text-white dark:placeholder:text-slate-400"
          />
          <span id="tools-search-hint" className="sr-only">
            The list of tools below updates as you type.
          </span>
        </label>
      </div>
      {note ? (
        <p
          role="status"
          className="mt-8 rounded-lg border border-amber-300 bg-amber-50 p-6 text-amber-950 dark:border-amber-700 dark:bg-slate-900 dark:text-amber-100"
        >
          {note}
        </p>
      ) : shown.length === 0 ? (
        <p
          role="status"
          className="mt-8 rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600 dark:border-slate-700 dark:text-slate-300"
        >
          No tools found matching &quot;{query}&quot;
        </p>
      ) : (
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {shown.map((service) => (
            <li key={service.id} className={service.featured ? 'sm:col-span-2 lg:col-span-1' : undefined}>
              <Link
                to={service.href}
                className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-5 hover:border-brand-700 hover:shadow-md focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-700 dark:border-slate-700 dark:bg-slate-900 dark:hover:border-brand-400"
              >
                <span className="flex items-center gap-2">
                  <span className="text-lg font-semibold text-slate-900 dark:text-white">{service.title}</span>
                  {service.featured ? (
                    <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-700 dark:bg-slate-800 dark:text-brand-400">
                      Featured
                    </span>
                  ) : null}
                </span>
                <span className="mt-2 text-sm text-slate-600 dark:text-slate-300">{service.description}</span>
                <span className="mt-3 flex flex-wrap gap-1.5">
                  {service.features.map((feature) => (
                    <span
                      key={feature}
                      className="rounded bg-slate-100 px-2 py-0.5 text-xs text-slate-700 dark:bg-slate-800 dark:text-slate-200"
                    >
                      {feature}
                    </span>
                  ))}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
