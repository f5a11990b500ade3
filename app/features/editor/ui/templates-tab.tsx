import { useEffect, useState } from 'react';
import type { Template, TemplatesResponse } from '../../../../core/api/templates';
import { getJson } from '~/lib/api-client';

const SEARCH_DELAY_MS = 250;

/** Template search and grid; the search parameter is sent only when non-empty (spec §5). */
export function TemplatesTab({ selectedId, onPick }: { selectedId: string | null; onPick: (t: Template) => void }) {
  const [search, setSearch] = useState('');
  const [templates, setTemplates] = useState<Template[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setTemplates(null);
      setFailed(false);
      const q = search.trim();
      getJson<TemplatesResponse>(q ? `/api/templates?search=${encodeURIComponent(q)}` : '/api/templates', { signal: controller.signal })
        .then((r) => setTemplates(r.templates))
        .catch(() => {
          if (!controller.signal.aborted) setFailed(true);
        });
    }, search ? SEARCH_DELAY_MS : 0);
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
        <p className="text-sm text-slate-500 dark:text-slate-400">No templates found for &quot;{search}&quot;</p>
      ) : (
        <ul className="grid grid-cols-2 gap-2" aria-label="Templates">
          {templates.map((t) => (
            <li key={t.id}>
              <button
                type="button"
                onClick={() => onPick(t)}
                aria-pressed={t.id === selectedId}
                title={t.name}
                className={`block aspect-square w-full overflow-hidden rounded border-2 ${
                  t.id === selectedId ? 'border-brand-600 ring-2 ring-brand-400' : 'border-transparent'
                } bg-slate-100 dark:bg-slate-800`}
              >
                <img src={t.imageUrl} alt={t.name} loading="lazy" className="h-full w-full object-cover" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
