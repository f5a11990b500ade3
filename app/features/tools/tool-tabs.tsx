import { useSearchParams } from '@remix-run/react';
import { useRef, type ReactNode } from 'react';

export interface TabDef<T extends string> {
  id: T;
  label: string;
}

/** The tab named by `?tab=` (or the first), kept in the URL as the user switches. */
export function useTabParam<T extends string>(tabs: readonly TabDef<T>[]): [T, (id: T) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const current = (tabs.find((t) => t.id === asked) ?? tabs[0]!).id;
  const select = (id: T) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('tab', id);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  return [current, select];
}

/** An ARIA tab list: arrow keys, Home and End move between tabs. Long labels wrap on a phone rather than scroll. */
export function ToolTabs<T extends string>({
  tabs,
  current,
  onSelect,
  label,
}: {
  tabs: readonly TabDef<T>[];
  current: T;
  onSelect: (id: T) => void;
  label: string;
}) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const move = (i: number) => {
    const n = (i + tabs.length) % tabs.length;
    onSelect(tabs[n]!.id);
    refs.current[n]?.focus();
  };
  return (
    <div role="tablist" aria-label={label} className="flex gap-1 rounded-xl bg-slate-100 p-1 dark:bg-slate-800">
      {tabs.map((t, i) => {
        const selected = t.id === current;
        return (
          <button
            key={t.id}
            ref={(el) => (refs.current[i] = el)}
            role="tab"
            type="button"
            id={`tab-${t.id}`}
            aria-selected={selected}
            aria-controls={`panel-${t.id}`}
            tabIndex={selected ? 0 : -1}
            onClick={() => onSelect(t.id)}
            onKeyDown={(e) => {
              if (e.key === 'ArrowRight') move(i + 1);
              else if (e.key === 'ArrowLeft') move(i - 1);
              else if (e.key === 'Home') move(0);
              else if (e.key === 'End') move(tabs.length - 1);
            }}
            className={`min-w-0 flex-1 rounded-lg px-2 py-2 text-center text-sm leading-tight sm:px-3 font-medium focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-700 ${
              selected
                ? 'bg-white text-brand-700 shadow dark:bg-slate-950 dark:text-brand-400'
                : 'text-slate-700 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white'
            }`}
          >
            {t.label}
          </button>
        );
      })}
    </div>
  );
}

export function TabPanel({ id, children }: { id: string; children: ReactNode }) {
  return (
    <div role="tabpanel" id={`panel-${id}`} aria-labelledby={`tab-${id}`} className="mt-4 space-y-4">
      {children}
    </div>
  );
}
