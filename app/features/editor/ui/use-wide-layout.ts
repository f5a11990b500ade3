import { useSyncExternalStore } from 'react';

/** Wide screens put the panels beside the canvas (Tailwind's lg); narrower ones stack them under it. */
export const WIDE = '(min-width: 1024px)';

const subscribe = (changed: () => void) => {
  const query = window.matchMedia(WIDE);
  query.addEventListener('change', changed);
  return () => query.removeEventListener('change', changed);
};

/**
 * Whether the editor is laid out for a wide screen. The server and the first render say no (a phone's order); the
 * grid's placement, not this, decides where things are drawn, so the page looks the same before and after.
 */
export function useWideLayout(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(WIDE).matches,
    () => false,
  );
}
