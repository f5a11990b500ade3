import { describe, expect, it } from 'vitest';
import { api, call } from './client';
import { BOOKMARK_MAX_AGE_MS, bookmarkKeeper } from './bookmark';

const older = '00000084-00000001-00004c6d-8e61117bf38d7adb71b934ebbf891683';
const newer = '00000085-0000024c-00004c6d-8e61117bf38d7adb71b934ebbf891683';

/** localStorage as the browser has it, in memory. */
function storage() {
  const items = new Map<string, string>();
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    items,
  };
}

describe('bookmarkKeeper', () => {
  it('keeps the newest bookmark, whatever order the answers arrive in', () => {
    const keeper = bookmarkKeeper(storage());
    keeper.remember(newer);
    keeper.remember(older);
    expect(keeper.current()).toBe(newer);
  });

  it('shares the bookmark through storage, so another tab or a reload reads what this one saw', () => {
    const shared = storage();
    bookmarkKeeper(shared).remember(newer);
    expect(bookmarkKeeper(shared).current()).toBe(newer);
  });

  it('ignores what is not a bookmark, and forgets one older than a day', () => {
    let now = 1_000_000;
    const keeper = bookmarkKeeper(storage(), () => now);
    keeper.remember('first-primary');
    keeper.remember(null);
    expect(keeper.current()).toBeNull();
    keeper.remember(older);
    now += BOOKMARK_MAX_AGE_MS;
    expect(keeper.current()).toBeNull();
    keeper.remember(older);
    expect(keeper.current()).toBe(older);
  });

  it('works in memory when storage refuses (private browsing)', () => {
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    const keeper = bookmarkKeeper(refusing);
    keeper.remember(older);
    expect(keeper.current()).toBe(older);
  });
});

describe('the API client and the bookmark', () => {
  it('sends the bookmark a save answered with the very next read', async () => {
    const sent: (string | null)[] = [];
    const fetch = async (request: Request) => {
      sent.push(request.headers.get('x-d1-bookmark'));
      return request.method === 'POST'
        ? Response.json(
            { isPremium: true, downloadUrl: '/api/images/k-0' },
            { status: 201, headers: { 'x-d1-bookmark': newer } },
          )
        : Response.json({ memes: [] }, { headers: { 'x-d1-bookmark': older } });
    };
    await call(
      api.POST('/api/download-meme', {
        body: { canvasData: 'data:image/png;base64,AA', format: 'png' },
        baseUrl: 'http://x',
        fetch,
      }),
    );
    await call(api.GET('/api/user-memes', { baseUrl: 'http://x', fetch }));
    // A read answering an older bookmark (a replica) does not move the client back.
    await call(api.GET('/api/user-memes', { baseUrl: 'http://x', fetch }));
    expect(sent.slice(-2)).toEqual([newer, newer]);
  });
});
