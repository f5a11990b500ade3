import { useEffect, useState } from 'react';
import type { Template } from '../../../../core/api/templates';
import { api, call } from '~/lib/api/client';

const SEARCH_DELAY_MS = 250;

/** How many popular templates an empty search offers instead. */
const SUGGESTIONS = 3;

/**
 * Template search and grid, each picture with its name; the search parameter is sent only when non-empty
 * (docs/product.md §4.2). A search that finds nothing says so and offers the person's own picture or a few popular
 * templates.
 */
export function TemplatesTab({
  selectedId,
  onPick,
  onUpload,
}: {
  selectedId: string | null;
  onPick: (t: Template) => void;
  onUpload?: () => void;
}) {
  const [search, setSearch] = useState('');
  const [templates, setTemplates] = useState<Template[] | null>(null);
  const [popular, setPopular] = useState<Template[]>([]);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(
      () => {
        setTemplates(null);
        setFailed(false);
        const q = search.trim();
        call(api.GET('/api/templates', { params: { query: q ? { search: q } : {} }, signal: controller.signal }))
          .then((r) => {
            setTemplates(r.templates);
            if (!q) setPopular(r.templates.slice(0, SUGGESTIONS));
          })
          .catch(() => {
            if (!controller.signal.aborted) setFailed(true);
          });
      },
      search ? SEARCH_DELAY_MS : 0,
    );
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [search]);

  return (
    <div className="flex flex-col gap-3">
      <input
        type="search"
        aria-label="Search templates"
        placeholder="Search templates..."
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        className="rounded border border-slate-300 bg-white px-2 py-1.5 text-sm dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100"
      />
      {failed ? (
        <p className="text-sm text-red-600 dark:text-red-400">Failed to fetch templates</p>
      ) : templates === null ? (
        <div className="grid grid-cols-2 gap-2" aria-label="Loading templates" role="status">
          {Array.from({ length: 6 }, (_, i) => (
            <div key={i} className="aspect-square animate-pulse rounded bg-slate-200 dark:bg-slate-700" />
          ))}
        </div>
      ) : templates.length === 0 ? (
        <div className="flex flex-col gap-2 text-sm text-slate-700 dark:text-slate-200" role="status">
          <p>
            No template called &quot;{search.trim()}&quot;. Our templates are drawn by us, so a famous meme may go by
            another name. Upload your own picture, or try one of these:
          </p>
          <div className="flex flex-wrap gap-1">
            {onUpload ? (
              <button
                type="button"
                onClick={onUpload}
                className="rounded-full bg-brand-700 px-2.5 py-1 text-xs font-semibold text-white hover:bg-brand-800"
              >
                Upload your picture
              </button>
            ) : null}
            {popular.map((t) => (
              <button
                key={t.id}
                type="button"
                onClick={() => onPick(t)}
                className="rounded-full border border-slate-300 px-2.5 py-1 text-xs text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800"
              >
                {t.name}
              </button>
            ))}
          </div>
        </div>
      ) : (
        <ul className="grid grid-cols-2 gap-2" aria-label="Templates">
          {templates.map((t) => (
            <li key={t.id}>
              <button
                type="button"
                onClick={() => onPick(t)}
                aria-pressed={t.id === selectedId}
                title={t.name}
                className={`block w-full overflow-hidden rounded border-2 text-left ${
                  t.id === selectedId ? 'border-brand-600 ring-2 ring-brand-400' : 'border-transparent'
                } bg-slate-100 dark:bg-slate-800`}
              >
                <span className="relative block">
                  <img src={t.imageUrl} alt="" loading="lazy" className="aspect-square w-full object-contain" />
                  {t.animated ? (
                    <span
                      aria-hidden="true"
                      className="absolute right-1 top-1 rounded bg-slate-900/80 px-1 text-[10px] font-bold text-white"
                    >
                      GIF
                    </span>
                  ) : null}
                </span>
                {/* Padding outside the clamped box, which clips at its padding edge (a third line would show there). */}
                <span className="block px-1 py-0.5">
                  <span className="line-clamp-2 text-xs font-medium leading-tight text-slate-800 dark:text-slate-100">
                    {t.name}
                    {t.animated ? <span className="sr-only"> (animated GIF)</span> : null}
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
