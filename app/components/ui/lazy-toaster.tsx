import { lazy, Suspense, useEffect, useState } from 'react';
import { loadSonner } from '~/lib/toast';
import { TOAST_DURATION_MS } from '../../../core/limits';

const Toaster = lazy(() => loadSonner().then((m) => ({ default: m.Toaster })));

/** sonner's Toaster, mounted after hydration from its own chunk: one visible toast, 5000 ms (spec part 1 §9). */
export function LazyToaster() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster visibleToasts={1} duration={TOAST_DURATION_MS} richColors closeButton position="top-right" />
    </Suspense>
  );
}
