import { Link, useLocation } from '@remix-run/react';
import { lazy, Suspense, useRef, useState, type MouseEvent } from 'react';
import { useDarkMode } from '~/lib/use-dark-mode';
import { AccountLink } from './account-link';
import { SITE_NAME } from '../../../core/site';

// The dialog (and Radix with it) is fetched on first use, not on every first page load: it keeps the home page's
// first-load JavaScript inside its budget (bench/home-bundle.ts). Hovering or focusing the button preloads it.
const loadDialog = () => import('./get-started-dialog');
const GetStartedDialog = lazy(() => loadDialog().then((m) => ({ default: m.GetStartedDialog })));

const navLink =
  'rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-200 dark:hover:bg-slate-800 dark:hover:text-white';

export function SiteHeader() {
  const { dark, toggle } = useDarkMode();
  const location = useLocation();
  const [startOpen, setStartOpen] = useState(false);
  const [dialogWanted, setDialogWanted] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);

  // On the home page How To scrolls to its section; elsewhere the link goes to /#how-to.
  const onHowTo = (event: MouseEvent<HTMLAnchorElement>) => {
    if (location.pathname !== '/') return;
    const target = document.getElementById('how-to');
    if (!target) return;
    event.preventDefault();
    target.scrollIntoView({ behavior: 'smooth', block: 'start' });
    history.replaceState(null, '', '/#how-to');
  };

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/90 backdrop-blur dark:border-slate-800 dark:bg-slate-950/90">
      {/* The first stop for Tab on every page: past the header and breadcrumbs to the page's own content (WCAG 2.4.1). */}
      <a
        href="#main-content"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-3 focus:z-50 focus:rounded-md focus:bg-brand-700 focus:px-4 focus:py-2 focus:font-semibold focus:text-white focus:outline focus:outline-2 focus:outline-offset-2 focus:outline-brand-700"
      >
        Skip to main content
      </a>
      <div className="mx-auto flex max-w-6xl items-center gap-1 px-3 py-3 sm:gap-2 sm:px-4">
        <Link to="/" className="mr-auto flex items-center gap-2 text-lg font-bold text-slate-900 dark:text-white">
          <span aria-hidden="true" className="grid h-8 w-8 place-items-center rounded-lg bg-brand-700 text-white">
            M
          </span>
          {SITE_NAME}
        </Link>
        <nav aria-label="Main" className="hidden items-center gap-1 sm:flex">
          <Link to="/" className={navLink}>
            Home
          </Link>
          <a href="/#how-to" onClick={onHowTo} className={navLink}>
            How To
          </a>
          <Link to="/dashboard" className={navLink}>
            Dashboard
          </Link>
          <Link to="/pricing" className={navLink}>
            Pricing
          </Link>
        </nav>
        {/* On a phone it moves to the second row (below), where Home was: the logo is the way home, and this row must fit 360 px. */}
        <AccountLink className={`${navLink} whitespace-nowrap max-sm:hidden`} />
        <button
          type="button"
          onClick={toggle}
          aria-pressed={dark}
          aria-label={dark ? 'Switch to light mode' : 'Switch to dark mode'}
          className="rounded-md p-2 text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
        >
          <span aria-hidden="true">{dark ? '☀️' : '🌙'}</span>
        </button>
        <button
          ref={opener}
          type="button"
          onClick={() => {
            setDialogWanted(true);
            setStartOpen(true);
          }}
          onPointerEnter={() => void loadDialog()}
          onFocus={() => void loadDialog()}
          className="whitespace-nowrap rounded-md bg-brand-700 px-3 py-2 text-sm font-semibold sm:px-4 text-white hover:bg-orange-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        >
          Get Started
        </button>
      </div>
      <nav
        aria-label="Main (mobile)"
        className="flex justify-center gap-1 border-t border-slate-100 px-2 py-1 sm:hidden dark:border-slate-800"
      >
        <a href="/#how-to" onClick={onHowTo} className={navLink}>
          How To
        </a>
        <Link to="/dashboard" className={navLink}>
          Dashboard
        </Link>
        <Link to="/pricing" className={navLink}>
          Pricing
        </Link>
        <AccountLink className={`${navLink} whitespace-nowrap`} testId="account-link-mobile" />
      </nav>
      {dialogWanted ? (
        <Suspense fallback={null}>
          <GetStartedDialog open={startOpen} onOpenChange={setStartOpen} returnFocusTo={opener} />
        </Suspense>
      ) : null}
    </header>
  );
}
