import { useLocation, useMatches } from '@remix-run/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { RouteHandle } from '~/components/layout/breadcrumbs';
import { dismissToastsOfOtherPages, loadSonner } from '~/lib/toast';
import { TOAST_Z_INDEX } from './layers';
import { TOAST_DURATION_MS } from '../../../core/limits';

const Toaster = lazy(() => loadSonner().then((m) => ({ default: m.Toaster })));

/**
 * sonner's Toaster, mounted after hydration from its own chunk: one visible toast, 5000 ms (docs/product.md §9). Plain
 * colours (richColors failed the contrast check) at the bottom, where no toast covers the header, unless the route's
 * handle places them (the editor's go over its canvas, clear of its fields: ADR 0160). They sit below any open dialog
 * (./layers.ts), and a page's toasts are dismissed when another page opens.
 */
export function LazyToaster() {
  const [mounted, setMounted] = useState(false);
  const dark = useHtmlDark();
  const placement = useMatches()
    .map((m) => (m.handle as RouteHandle | undefined)?.toaster)
    .filter(Boolean)
    .at(-1);
  const { pathname } = useLocation();
  useEffect(() => setMounted(true), []);
  useEffect(() => dismissToastsOfOtherPages(pathname), [pathname]);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster
        visibleToasts={1}
        duration={TOAST_DURATION_MS}
        closeButton
        position="bottom-right"
        {...placement}
        theme={dark ? 'dark' : 'light'}
        style={{ zIndex: TOAST_Z_INDEX }}
      />
    </Suspense>
  );
}

/** Follows the `dark` class on <html>, which every dark-mode switch (header, editor) sets: toasts match the page. */
function useHtmlDark(): boolean {
  const [dark, setDark] = useState(false);
  useEffect(() => {
    const html = document.documentElement;
    const read = () => setDark(html.classList.contains('dark'));
    read();
    const observer = new MutationObserver(read);
    observer.observe(html, { attributes: true, attributeFilter: ['class'] });
    return () => observer.disconnect();
  }, []);
  return dark;
}
