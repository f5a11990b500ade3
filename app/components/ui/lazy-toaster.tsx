import { lazy, Suspense, useEffect, useState } from 'react';
import { loadSonner } from '~/lib/toast';
import { TOAST_DURATION_MS } from '../../../core/limits';

const Toaster = lazy(() => loadSonner().then((m) => ({ default: m.Toaster })));

/**
 * sonner's Toaster, mounted after hydration from its own chunk: one visible toast, 5000 ms (spec part 1 §9). Plain colours
 * (richColors failed the contrast check) at the bottom, where no toast covers the header or the editor's Close button.
 */
export function LazyToaster() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster visibleToasts={1} duration={TOAST_DURATION_MS} closeButton position="bottom-right" />
    </Suspense>
  );
}
