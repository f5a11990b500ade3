import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { DASHBOARD_TREND_DAYS, dashboardResponseSchema } from '../../../../core/api/dashboard';
import { api, pngDeclaring, premiumCookies, toBase64 } from '../helpers';

const DAY = 86_400_000;
const day = (offset: number) => new Date(Date.now() - offset * DAY).toISOString().slice(0, 10);

const dashboard = async (cookie: string) => {
  const res = await api('/api/dashboard', { headers: { cookie } });
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toContain('no-store');
  return dashboardResponseSchema.parse(await res.json());
};

/** The member behind the newest session: sessions are the only link from a cookie to a member id. */
const newestMember = async () =>
  (await env.DB.prepare('SELECT member_id FROM premium_sessions ORDER BY created_at DESC LIMIT 1').first<string>(
    'member_id',
  ))!;

const addActivity = (member: string, kind: string, d: string, count: number) =>
  env.DB.prepare('INSERT INTO activity (member_id, kind, day, count) VALUES (?1, ?2, ?3, ?4)')
    .bind(member, kind, d, count)
    .run();

describe('GET /api/dashboard', () => {
  it('answers 401 with the JSON error without a premium session, and with a forged cookie', async () => {
    for (const headers of [{}, { cookie: 'mf_session=forged.value' }] as Record<string, string>[]) {
      const res = await api('/api/dashboard', { headers });
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ code: 'unauthorized' });
    }
  });

  it('gives a new member zeros and thirty zero-filled days ending today', async () => {
    const cookie = await premiumCookies('198.18.9.1');
    const body = await dashboard(cookie);
    expect(body.memesSaved).toBe(0);
    expect(body.totals).toEqual({
      aiThisMonth: 0,
      aiAllTime: 0,
      downloadsThisMonth: 0,
      downloadsAllTime: 0,
      apiCallsThisMonth: 0,
    });
    expect(body.trend).toHaveLength(DASHBOARD_TREND_DAYS);
    expect(body.trend.at(-1)!.day).toBe(day(0));
    expect(body.trend[0]!.day).toBe(day(DASHBOARD_TREND_DAYS - 1));
    expect(body.trend.every((d) => d.ai === 0 && d.downloads === 0)).toBe(true);
    expect(Date.parse(body.memberSince)).toBeLessThanOrEqual(Date.now());
  });

  it('counts the member’s own activity and memes only, in the window and the month', async () => {
    const cookie = await premiumCookies('198.18.9.2');
    const me = await newestMember();
    // A real saved meme: the download route writes the row and one download of activity for today.
    const png = `data:image/png;base64,${toBase64(pngDeclaring(4, 3))}`;
    const saved = await api('/api/download-meme', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ canvasData: png, format: 'png' }),
    });
    expect(saved.status).toBe(201);
    await addActivity(me, 'ai', day(0), 3);
    await addActivity(me, 'ai', day(2), 4);
    await addActivity(me, 'ai', day(45), 7); // outside the window, inside the all-time total
    await addActivity(me, 'download', day(29), 2);
    await addActivity('someone-else', 'ai', day(0), 50);

    const body = await dashboard(cookie);
    expect(body.memesSaved).toBe(1);
    expect(body.totals.aiAllTime).toBe(14);
    expect(body.totals.downloadsAllTime).toBe(3);
    const monthStart = `${day(0).slice(0, 7)}-01`;
    const expectedMonth = [
      [0, 3],
      [2, 4],
      [45, 7],
    ]
      .filter(([o]) => day(o!) >= monthStart)
      .reduce((n, [, c]) => n + c!, 0);
    expect(body.totals.aiThisMonth).toBe(expectedMonth);
    // Today's saved meme is this month's; the two downloads 29 days ago only if that day is in this month too.
    expect(body.totals.downloadsThisMonth).toBe(1 + (day(29) >= monthStart ? 2 : 0));
    const byDay = new Map(body.trend.map((d) => [d.day, d]));
    expect(byDay.get(day(0))).toEqual({ day: day(0), ai: 3, downloads: 1 });
    expect(byDay.get(day(2))).toEqual({ day: day(2), ai: 4, downloads: 0 });
    expect(byDay.get(day(29))).toEqual({ day: day(29), ai: 0, downloads: 2 });
    expect(body.trend.reduce((n, d) => n + d.ai, 0)).toBe(7);
  });

  it('stops answering once the session is ended', async () => {
    const cookie = await premiumCookies('198.18.9.3');
    expect((await api('/api/dashboard', { headers: { cookie } })).status).toBe(200);
    expect((await api('/api/session', { method: 'DELETE', headers: { cookie } })).status).toBe(204);
    expect((await api('/api/dashboard', { headers: { cookie } })).status).toBe(401);
  });
});

describe('GET /api/dashboard on a read replica (ADR 0112)', () => {
  it('reads from a bookmark the client sends back, and ignores one that is not a bookmark', async () => {
    const cookie = await premiumCookies('203.0.113.230');
    const first = await api('/api/dashboard', { headers: { cookie } });
    expect(first.status).toBe(200);
    const bookmark = first.headers.get('x-d1-bookmark');
    for (const sent of [bookmark ?? 'first-unconstrained', 'not a bookmark; drop table', '0'.repeat(500)]) {
      const res = await api('/api/dashboard', { headers: { cookie, 'x-d1-bookmark': sent } });
      expect(res.status).toBe(200);
      expect(dashboardResponseSchema.parse(await res.json()).memesSaved).toBe(0);
    }
  });
});
