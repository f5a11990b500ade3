/**
 * The D1 bookmark the API answers (X-D1-Bookmark, ADR 0115), kept so the next call reads at least what the last one
 * saw: a meme saved in the editor is on the dashboard at once, even when that read lands on a database replica.
 * Kept in localStorage, so another tab (the dashboard opened beside the editor) and a reload see it too, and only
 * the newest is kept: D1 bookmarks sort oldest to newest as strings
 * (https://developers.cloudflare.com/d1/reference/time-travel/#bookmarks), and answers that overlap may arrive out of
 * order. An old one is dropped after a day: replicas have long caught up by then.
 */

export const BOOKMARK_HEADER = 'X-D1-Bookmark';
const KEY = 'memeforge:d1-bookmark';
export const BOOKMARK_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** The shape of a bookmark; anything else a response carries is not kept. */
const BOOKMARK = /^[0-9a-f]{1,64}(?:-[0-9a-f]{1,64}){1,7}$/i;

type Store = Pick<Storage, 'getItem' | 'setItem'>;

export interface BookmarkKeeper {
  /** The newest bookmark seen, if it is not too old. */
  current(): string | null;
  /** Keeps `bookmark` if it is newer than the one kept. */
  remember(bookmark: string | null): void;
}

/** A keeper over `store` (localStorage in the browser); in memory when there is none or it refuses (private mode). */
export function bookmarkKeeper(store: Store | null, now: () => number = Date.now): BookmarkKeeper {
  let memory: { bookmark: string; at: number } | null = null;
  const read = () => {
    try {
      const raw = store?.getItem(KEY);
      if (raw) return JSON.parse(raw) as { bookmark: string; at: number };
    } catch {
      // An unreadable entry is as good as none.
    }
    return memory;
  };
  return {
    current() {
      const kept = read();
      if (!kept || typeof kept.bookmark !== 'string' || !(now() - kept.at < BOOKMARK_MAX_AGE_MS)) return null;
      return kept.bookmark;
    },
    remember(bookmark) {
      if (!bookmark || !BOOKMARK.test(bookmark)) return;
      const kept = this.current();
      if (kept && kept >= bookmark) return;
      memory = { bookmark, at: now() };
      try {
        store?.setItem(KEY, JSON.stringify(memory));
      } catch {
        // Storage full or refused: the in-memory copy still serves this page.
      }
    },
  };
}

const browserStore = (): Store | null => {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
};

/** openapi-fetch middleware: sends the kept bookmark with every call and keeps the one each answer brings. */
export function bookmarkMiddleware(keeper: BookmarkKeeper = bookmarkKeeper(browserStore())) {
  return {
    onRequest({ request }: { request: Request }) {
      const bookmark = keeper.current();
      if (bookmark) request.headers.set(BOOKMARK_HEADER, bookmark);
      return request;
    },
    onResponse({ response }: { response: Response }) {
      keeper.remember(response.headers.get(BOOKMARK_HEADER));
      return response;
    },
  };
}
