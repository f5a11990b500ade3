/**
 * The site's toasts (docs/product.md §9): a title and an optional description, one at a time (see <LazyToaster> in
 * root.tsx). sonner is fetched on first use rather than with every page: it keeps ~10 KB gzipped off the first load
 * (bench/home-bundle.ts). A toast raised before the Toaster has mounted is not lost: sonner replays active toasts to a
 * Toaster when it subscribes.
 */
export const loadSonner = () => import('sonner');

type Kind = 'success' | 'error' | 'info';

/** Each toast shown, with the page (path) it was raised on: a toast belongs to its page. */
const raisedOn = new Map<string | number, string>();

function show(kind: Kind, title: string, description?: string): void {
  const path = typeof location === 'undefined' ? '' : location.pathname;
  void loadSonner().then(({ toast }) => {
    const onDismiss = (t: { id: string | number }) => raisedOn.delete(t.id);
    const options = { description, onDismiss, onAutoClose: onDismiss };
    const id = kind === 'info' ? toast(title, options) : toast[kind](title, options);
    raisedOn.set(id, path);
  });
}

/**
 * Dismisses the toasts raised on another page, called when the page changes: the home page's "Redirecting to
 * editor..." is done once the editor is open, and covered its top caption on a phone for seconds.
 */
export function dismissToastsOfOtherPages(path: string): void {
  const stale = [...raisedOn].filter(([, on]) => on !== path).map(([id]) => id);
  if (stale.length === 0) return;
  void loadSonner().then(({ toast }) => {
    for (const id of stale) {
      toast.dismiss(id);
      raisedOn.delete(id);
    }
  });
}

export const toast = {
  success: (title: string, description?: string) => show('success', title, description),
  error: (title: string, description?: string) => show('error', title, description),
  info: (title: string, description?: string) => show('info', title, description),
};
