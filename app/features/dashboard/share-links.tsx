import { Link } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { sharePagePath } from '../../../core/api/share-links';
import { toast } from '~/lib/toast';
import { ShareLinkRow } from './share-link-row';
import { useShareLinks, type ShareLinkItem } from './use-share-links';

/**
 * 'Your share links (N)': the links this browser made from the editor's Download dialog (ADR 0139, 0141), and the
 * signed-in account's from every device (ADR 0170), newest first; shown whether or not the dashboard is unlocked.
 */
export function ShareLinks() {
  const { items, remove, deleteLink } = useShareLinks();
  const [deleting, setDeleting] = useState<string | null>(null);
  const [said, setSaid] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (!said) return;
    const timer = setTimeout(() => setSaid(''), 4000);
    return () => clearTimeout(timer);
  }, [said]);

  const copy = async (item: ShareLinkItem) => {
    const url = new URL(sharePagePath(item.id), window.location.origin).href;
    try {
      await navigator.clipboard.writeText(url);
      setSaid('Link copied');
    } catch {
      setSaid(`Could not copy. The link is ${url}`);
    }
  };

  // A row that leaves takes its focused button with it: the list's heading takes the focus instead.
  const gone = (id: string) => {
    remove(id);
    heading.current?.focus();
    setSaid('Removed from this list.');
  };
  const del = async (item: ShareLinkItem) => {
    setDeleting(item.id);
    const outcome = await deleteLink(item);
    setDeleting(null);
    if (outcome.kind === 'failed') {
      toast.error('Delete Failed', outcome.message);
      return;
    }
    heading.current?.focus();
    if (outcome.kind === 'deleted') toast.success('Link Deleted', 'Its page and picture no longer work.');
    else toast.info('Link Already Gone', 'It had expired or was deleted already, so it was taken off this list.');
  };

  return (
    <section
      aria-labelledby="share-links-heading"
      className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900"
    >
      <h2
        id="share-links-heading"
        ref={heading}
        tabIndex={-1}
        className="text-lg font-semibold text-slate-900 focus:outline-none dark:text-white"
      >
        Your share links ({items?.length ?? 0})
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        Links made in this browser, and your account&apos;s from every device when you are{' '}
        <Link to="/account" className="font-medium text-brand-700 underline dark:text-brand-300">
          signed in
        </Link>
        . Without an account, clearing this site&apos;s data forgets the ones made here.
      </p>
      {items === null ? (
        <p className="mt-3 text-slate-600 dark:text-slate-400" role="status">
          Loading your share links...
        </p>
      ) : items.length === 0 ? (
        <p className="mt-3 text-slate-700 dark:text-slate-300" data-testid="share-links-empty">
          No share links yet — make one from the{' '}
          <Link
            to="/meme-generator"
            className="font-medium text-brand-700 underline hover:text-brand-800 dark:text-brand-300"
          >
            editor
          </Link>
          &apos;s Download dialog.
        </p>
      ) : (
        <ul className="mt-1 divide-y divide-slate-200 dark:divide-slate-700" data-testid="share-links">
          {items.map((item) => (
            <ShareLinkRow
              key={item.id}
              item={item}
              deleting={deleting === item.id}
              onCopy={() => void copy(item)}
              onDelete={() => void del(item)}
              onRemove={() => gone(item.id)}
            />
          ))}
        </ul>
      )}
      <p
        role="status"
        className="mt-2 min-h-5 text-sm text-slate-700 dark:text-slate-200"
        data-testid="share-links-said"
      >
        {said}
      </p>
    </section>
  );
}
