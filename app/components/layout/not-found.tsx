import { Link } from '@remix-run/react';
import { useState, type FormEvent } from 'react';
import type { TemplatesResponse } from '../../../core/api/templates';
import { TEMPLATE_SEARCH_MAX_CHARS } from '../../../core/limits';

const WAYS = [
  { to: '/meme-generator', label: 'Make a meme', what: 'the editor, with every template' },
  { to: '/#tools', label: 'Image tools', what: 'compress, resize, convert, remove a background' },
  { to: '/tutorials', label: 'How-to guides', what: 'step by step, from a first meme to sharing it' },
  { to: '/help', label: 'Help', what: 'answers to common questions' },
];
const link = 'font-semibold text-brand-700 underline dark:text-brand-400';

type Found =
  | { status: 'idle' }
  | { status: 'searching' }
  | { status: 'failed' }
  | { status: 'done'; query: string; templates: TemplatesResponse['templates'] };

/**
 * What someone who followed a broken link wants instead: a template found by name, or the main places of the site.
 * The API client loads only when a search is sent, so the 404 page (in the root chunk) stays light.
 */
function TemplateSearch() {
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<Found>({ status: 'idle' });
  const search = async (e: FormEvent) => {
    e.preventDefault();
    const q = query.trim();
    if (!q) return;
    setFound({ status: 'searching' });
    try {
      const { api, call } = await import('~/lib/api/client');
      const body = await call(api.GET('/api/templates', { params: { query: { search: q } } }));
      setFound({ status: 'done', query: q, templates: body.templates.slice(0, 8) });
    } catch {
      setFound({ status: 'failed' });
    }
  };
  return (
    <section aria-labelledby="find-template" className="mt-10 text-left">
      <h2 id="find-template" className="text-lg font-semibold text-slate-900 dark:text-white">
        Looking for a meme template?
      </h2>
      <form role="search" onSubmit={(e) => void search(e)} className="mt-3 flex gap-2">
        <label htmlFor="not-found-search" className="sr-only">
          Template name
        </label>
        <input
          id="not-found-search"
          type="search"
          value={query}
          maxLength={TEMPLATE_SEARCH_MAX_CHARS}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="drake, cat, this is fine…"
          className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-700/40 dark:border-slate-600 dark:bg-slate-800 dark:text-white"
        />
        <button
          type="submit"
          className="rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-orange-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        >
          Search
        </button>
      </form>
      <div role="status" className="mt-3 text-sm text-slate-700 dark:text-slate-200">
        {found.status === 'searching' ? 'Searching…' : null}
        {found.status === 'failed'
          ? 'The search did not work just now. Open the editor to browse every template.'
          : null}
        {found.status === 'done' && found.templates.length === 0 ? (
          <>
            No template matches “{found.query}”. Ours are our own drawings, so a famous meme may go by another name:{' '}
            <Link to="/meme-generator" className={link}>
              browse them all
            </Link>
            .
          </>
        ) : null}
        {found.status === 'done' && found.templates.length > 0
          ? `${found.templates.length} found for “${found.query}”.`
          : null}
      </div>
      {found.status === 'done' && found.templates.length > 0 ? (
        <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
          {found.templates.map((t) => (
            <li key={t.id}>
              <Link
                to={`/meme-generator?template=${encodeURIComponent(t.id)}`}
                className="block rounded-lg border border-slate-200 p-2 text-sm font-medium text-slate-800 hover:border-brand-700 dark:border-slate-700 dark:text-slate-100 dark:hover:border-brand-400"
              >
                <img
                  src={t.imageUrl}
                  alt=""
                  width={t.width}
                  height={t.height}
                  loading="lazy"
                  className="aspect-square w-full rounded object-cover"
                />
                <span className="mt-1 block">{t.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** The 404 page: says what happened in plain words, offers a template search and the main places (docs/product.md §2). */
export function NotFound() {
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-12 text-center sm:py-16">
      <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl dark:text-white">Page not found</h1>
      <p className="mt-4 text-slate-600 dark:text-slate-300">
        There is nothing at this address. It may be mistyped, or the page may have moved. Start again from the{' '}
        <Link to="/" className={link}>
          home page
        </Link>
        , or go straight to one of these.
      </p>
      <ul className="mt-8 grid gap-3 text-left sm:grid-cols-2">
        {WAYS.map((way) => (
          <li key={way.to}>
            <Link
              to={way.to}
              className="block h-full rounded-xl border border-slate-200 p-4 hover:border-brand-700 dark:border-slate-700 dark:hover:border-brand-400"
            >
              <span className="font-semibold text-slate-900 dark:text-white">{way.label}</span>
              <span className="mt-1 block text-sm text-slate-600 dark:text-slate-300">{way.what}</span>
            </Link>
          </li>
        ))}
      </ul>
      <TemplateSearch />
    </div>
  );
}
