import { useCallback, useEffect, useState } from 'react';
import { CAROUSEL_INTERVAL_MS } from '../../../core/limits';
import { wrapPage } from './carousel-model';

/** True when the visitor asked the system for less motion; follows changes live. */
export function usePrefersReducedMotion(): boolean {
  const [reduced, setReduced] = useState(false);
  useEffect(() => {
    const query = window.matchMedia('(prefers-reduced-motion: reduce)');
    setReduced(query.matches);
    const onChange = () => setReduced(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return reduced;
}

/**
 * Page state of the template carousel: advances every 4 s with wrap-around until the visitor picks a page
 * themselves (previous, next or a dot), after which it never moves on its own again. With reduced motion it
 * does not auto-advance at all.
 */
export function useCarousel(pageCount: number) {
  const [page, setPage] = useState(0);
  const [auto, setAuto] = useState(true);
  const reduced = usePrefersReducedMotion();
  const autoAdvancing = auto && !reduced && pageCount > 1;

  useEffect(() => {
    if (!autoAdvancing) return;
    const id = setInterval(() => setPage((p) => wrapPage(p + 1, pageCount)), CAROUSEL_INTERVAL_MS);
    return () => clearInterval(id);
  }, [autoAdvancing, pageCount]);

  const goTo = useCallback(
    (index: number) => {
      setAuto(false);
      setPage(wrapPage(index, pageCount));
    },
    [pageCount],
  );

  return { page: wrapPage(page, pageCount), goTo, autoAdvancing };
}
