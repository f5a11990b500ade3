import { applyD1Migrations, createExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { dashboardResponseSchema } from '../../../../core/api/dashboard';
import { downloadMemeResponseSchema, userMemesResponseSchema } from '../../../../core/api/memes';
import worker from '../../src/index';
import { api, pngDeclaring, premiumCookies, toBase64 } from '../helpers';
import { laggingReplica } from '../support/lagging-replica';

const canvas = JSON.stringify({ canvasData: `data:image/png;base64,${toBase64(pngDeclaring(4, 3))}`, format: 'png' });
const BOOKMARK = /^[0-9a-f]+(?:-[0-9a-f]+)+$/;

beforeAll(async () => {
  await applyD1Migrations(env.LAGGING_REPLICA, env.TEST_MIGRATIONS);
});

/** The Worker with D1 replicated through a replica that lags (support/lagging-replica.ts). */
function replicated() {
  const replication = laggingReplica(env.DB, env.LAGGING_REPLICA);
  const call = (path: string, init: RequestInit) =>
    worker.fetch!(
      new Request(`http://local${path}`, init) as Parameters<NonNullable<typeof worker.fetch>>[0],
      { ...env, DB: replication.db },
      createExecutionContext(),
    );
  return { replication, call };
}

const save = (call: ReturnType<typeof replicated>['call'], cookie: string, headers: Record<string, string> = {}) =>
  call('/api/download-meme', {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, ...headers },
    body: canvas,
  });

describe('a member reads their own writes through D1 read replicas (ADR 0115)', () => {
  it('shows a saved meme in the very next dashboard read that sends back the save’s bookmark', async () => {
    const cookie = await premiumCookies('198.18.12.1');
    const { replication, call } = replicated();

    const saved = await save(call, cookie);
    expect(saved.status).toBe(201);
    expect(downloadMemeResponseSchema.parse(await saved.json()).isPremium).toBe(true);
    const bookmark = saved.headers.get('x-d1-bookmark');
    expect(bookmark).toMatch(BOOKMARK);
    // The bookmark covers the save's own writes: the meme's row and the day's download count.
    expect(bookmark! >= replication.latest()).toBe(true);

    // Without it, the read may land on a replica that has not caught up yet, as this one has not.
    const blind = await call('/api/dashboard', { headers: { cookie } });
    expect(dashboardResponseSchema.parse(await blind.json()).memesSaved).toBe(0);

    const next = await call('/api/dashboard', { headers: { cookie, 'x-d1-bookmark': bookmark! } });
    expect(next.status).toBe(200);
    const figures = dashboardResponseSchema.parse(await next.json());
    expect(figures.memesSaved).toBe(1);
    expect(figures.totals.downloadsAllTime).toBe(1);
    // The answer's own bookmark is at least as new, so the client may keep sending the newest.
    expect(next.headers.get('x-d1-bookmark')! >= bookmark!).toBe(true);
  });

  it('lists a saved meme with the save’s bookmark, and no longer lists it with the delete’s', async () => {
    const cookie = await premiumCookies('198.18.12.2');
    const { call } = replicated();
    const saved = await save(call, cookie);
    const savedBookmark = saved.headers.get('x-d1-bookmark')!;

    const blind = await call('/api/user-memes', { headers: { cookie } });
    expect(userMemesResponseSchema.parse(await blind.json()).memes).toEqual([]);

    const listed = await call('/api/user-memes', { headers: { cookie, 'x-d1-bookmark': savedBookmark } });
    const [meme] = userMemesResponseSchema.parse(await listed.json()).memes;
    expect(meme?.id).toMatch(/^k-[0-9a-f]{32}$/);
    const listedBookmark = listed.headers.get('x-d1-bookmark')!;
    expect(listedBookmark >= savedBookmark).toBe(true);

    const deleted = await call(`/api/user-memes/${meme!.id}`, {
      method: 'DELETE',
      headers: { cookie, 'x-d1-bookmark': listedBookmark },
    });
    expect(deleted.status).toBe(204);
    const deletedBookmark = deleted.headers.get('x-d1-bookmark')!;
    expect(deletedBookmark > listedBookmark).toBe(true);
    const after = await call('/api/user-memes', { headers: { cookie, 'x-d1-bookmark': deletedBookmark } });
    expect(userMemesResponseSchema.parse(await after.json()).memes).toEqual([]);
  });

  it('deletes a meme saved a moment ago even without a bookmark: the delete starts on the primary', async () => {
    const cookie = await premiumCookies('198.18.12.3');
    const { call } = replicated();
    const saved = await save(call, cookie);
    const listed = await call('/api/user-memes', {
      headers: { cookie, 'x-d1-bookmark': saved.headers.get('x-d1-bookmark')! },
    });
    const [meme] = userMemesResponseSchema.parse(await listed.json()).memes;
    const deleted = await call(`/api/user-memes/${meme!.id}`, { method: 'DELETE', headers: { cookie } });
    expect(deleted.status).toBe(204);
  });

  it('ignores a bookmark that is not one, and answers a free visitor’s download without any', async () => {
    const cookie = await premiumCookies('198.18.12.4');
    for (const sent of ['first-primary', 'not a bookmark; drop table', '0'.repeat(500)]) {
      const res = await api('/api/user-memes', { headers: { cookie, 'x-d1-bookmark': sent } });
      expect(res.status).toBe(200);
    }
    const free = await api('/api/download-meme', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: canvas,
    });
    expect(free.status).toBe(201);
    expect(free.headers.get('x-d1-bookmark')).toBeNull();
  });
});
