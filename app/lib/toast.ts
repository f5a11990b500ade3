/**
 * The site's toasts (docs/product.md §9): a title and an optional description, one at a time (see <LazyToaster> in
 * root.tsx). sonner is fetched on first use rather than with every page: it keeps ~10 KB gzipped off the first load
 * (bench/home-bundle.ts). A toast raised before the Toaster has mounted is not lost: sonner replays active toasts to a
 * Toaster when it subscribes.
 */
export const loadSonner = () => import('sonner');

type Kind = 'success' | 'error' | 'info';

function show(kind: Kind, title: string, description?: string): void {
  void loadSonner().then(({ toast }) => {
    if (kind === 'info') toast(title, { description });
    else toast[kind](title, { description });
  });
}

export const toast = {
  success: (title: string, description?: string) => show('success', title, description),
  error: (title: string, description?: string) => show('error', title, description),
  info: (title: string, description?: string) => show('info', title, description),
};
