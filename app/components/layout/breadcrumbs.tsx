import { Link, useMatches } from '@remix-run/react';
import type { ToasterProps } from 'sonner';

export interface Crumb {
  label: string;
  to?: string;
}

/**
 * Routes declare `handle = { breadcrumb: Crumb[] }`; the bar always starts at Home. `toaster` moves the page's toasts
 * where they cover no field (the editor's: over the canvas, ADR 0160); without it they sit at the bottom right.
 */
export interface RouteHandle {
  breadcrumb?: Crumb[];
  toaster?: Pick<ToasterProps, 'position' | 'offset' | 'mobileOffset'>;
}

export const toolCrumbs = (name: string): Crumb[] => [{ label: 'Tools', to: '/#tools' }, { label: name }];

export function Breadcrumbs() {
  const matches = useMatches();
  const crumbs = matches.flatMap((m) => (m.handle as RouteHandle | undefined)?.breadcrumb ?? []);
  return (
    <nav aria-label="Breadcrumb" className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-950">
      <ol className="mx-auto flex max-w-6xl flex-wrap items-center gap-1 px-4 py-2 text-sm text-slate-600 dark:text-slate-400">
        <li>
          {crumbs.length ? (
            <Link to="/" className="hover:text-brand-700 dark:hover:text-brand-400">
              Home
            </Link>
          ) : (
            <span aria-current="page">Home</span>
          )}
        </li>
        {crumbs.map((crumb, i) => (
          <li key={`${crumb.label}-${i}`} className="flex items-center gap-1">
            <span aria-hidden="true">›</span>
            {crumb.to && i < crumbs.length - 1 ? (
              <Link to={crumb.to} className="hover:text-brand-700 dark:hover:text-brand-400">
                {crumb.label}
              </Link>
            ) : (
              <span
                aria-current={i === crumbs.length - 1 ? 'page' : undefined}
                className="text-slate-900 dark:text-slate-100"
              >
                {crumb.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
