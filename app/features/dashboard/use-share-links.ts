import { useCallback, useEffect, useState } from 'react';
import type { Share } from '../../../core/api/shares';
import { DELETE_TOKEN_HEADER } from '../../../core/api/share-links';
import { ApiClientError } from '~/lib/api-client';
import { api, call } from '~/lib/api/client';
import { signedInHint } from '~/components/layout/account-link';
import {
  completeKeptShare,
  forgetDeleteToken,
  isKeptShareKey,
  keptShares,
  shareTitle,
  sortNewestFirst,
  type KeptShare,
} from '~/features/share/delete-tokens';

/** checking: its page not answered yet; gone: 404 or 410 (deleted, expired, taken down); unknown: the check failed. */
export type LinkStatus = 'checking' | 'live' | 'gone' | 'unknown';
export interface ShareLinkItem extends KeptShare {
  status: LinkStatus;
}
export type DeleteOutcome = { kind: 'deleted' } | { kind: 'already-gone' } | { kind: 'failed'; message: string };

/** How many pages are asked at once: a browser with many links must not queue the dashboard's own calls behind them. */
const CHECKS_AT_ONCE = 4;

const withAnswer = (item: ShareLinkItem, share: Share): ShareLinkItem => ({
  ...item,
  status: 'live',
  title: shareTitle(share.template?.name),
  captions: share.captions,
  createdAt: share.createdAt,
  expiresAt: share.expiresAt,
});

/**
 * The share links this browser made (features/share/delete-tokens.ts), each checked against the API: a link whose
 * page answers 404 or 410 shows as gone. A link kept in the old shape gets its details from that answer, and keeps
 * them. When an account is signed in, the links the server lists for it (`GET /api/shares`, from every device,
 * ADR 0170) that this browser does not keep join them: live, with no token (their owner deletes them
 * without one). Delete sends the token when there is one; Remove only forgets a link here. A share made in another
 * tab shows up at once.
 */
export function useShareLinks() {
  const [items, setItems] = useState<ShareLinkItem[] | null>(null);
  // Bumped when another tab of this site makes or forgets a share, so the list reads them again.
  const [reads, setReads] = useState(0);

  useEffect(() => {
    const changed = (e: StorageEvent) => {
      if (e.key === null || isKeptShareKey(e.key)) setReads((n) => n + 1);
    };
    window.addEventListener('storage', changed);
    return () => window.removeEventListener('storage', changed);
  }, []);

  useEffect(() => {
    let live = true;
    const kept = keptShares().map((s): ShareLinkItem => ({ ...s, status: 'checking' }));
    setItems(kept);
    const update = (id: string, change: (item: ShareLinkItem) => ShareLinkItem) =>
      live && setItems((list) => (list ? sortNewestFirst(list.map((x) => (x.id === id ? change(x) : x))) : list));

    const check = async (item: ShareLinkItem) => {
      try {
        const share = await call(api.GET('/api/shares/{id}', { params: { path: { id: item.id } } }));
        completeKeptShare(share);
        update(item.id, (x) => withAnswer(x, share));
      } catch (e) {
        const gone = e instanceof ApiClientError && (e.status === 404 || e.status === 410);
        update(item.id, (x) => ({ ...x, status: gone ? 'gone' : 'unknown' }));
      }
    };
    const queue = [...kept];
    const worker = async () => {
      for (let next = queue.shift(); next && live; next = queue.shift()) await check(next);
    };
    void Promise.all(Array.from({ length: Math.min(CHECKS_AT_ONCE, queue.length) }, worker));
    // Signed in, the account's links from every device join them; a failed list leaves the browser's own as they are.
    if (signedInHint())
      call(api.GET('/api/shares')).then(
        ({ shares }) => {
          if (!live) return;
          const known = new Set(kept.map((k) => k.id));
          const more = shares
            .filter((share) => !known.has(share.id))
            .map(
              (share): ShareLinkItem =>
                withAnswer(
                  {
                    id: share.id,
                    token: '',
                    title: null,
                    captions: [],
                    createdAt: null,
                    expiresAt: undefined,
                    status: 'checking',
                  },
                  share,
                ),
            );
          if (more.length > 0)
            setItems((list) =>
              sortNewestFirst([...(list ?? []), ...more.filter((m) => !list?.some((x) => x.id === m.id))]),
            );
        },
        (err: unknown) => console.error('could not list share links', err),
      );
    return () => {
      live = false;
    };
  }, [reads]);

  /** Forgets a link in this browser (its token too) and drops it from the list. */
  const remove = useCallback((id: string) => {
    forgetDeleteToken(id);
    setItems((list) => list?.filter((x) => x.id !== id) ?? list);
  }, []);

  /** DELETE with the token; a link the API already counts as gone is forgotten too. */
  const deleteLink = useCallback(
    async (item: ShareLinkItem): Promise<DeleteOutcome> => {
      try {
        // A link from the server's list has no token here: its owner's cookies are enough.
        const header = item.token ? { [DELETE_TOKEN_HEADER]: item.token } : {};
        await call(api.DELETE('/api/shares/{id}', { params: { path: { id: item.id }, header } }));
        remove(item.id);
        return { kind: 'deleted' };
      } catch (e) {
        if (e instanceof ApiClientError && (e.status === 404 || e.status === 410)) {
          remove(item.id);
          return { kind: 'already-gone' };
        }
        return {
          kind: 'failed',
          message:
            e instanceof ApiClientError && e.serverMessage
              ? e.serverMessage
              : 'The link could not be deleted. Please try again.',
        };
      }
    },
    [remove],
  );

  return { items, remove, deleteLink };
}
