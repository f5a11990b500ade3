import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { sessionResponseSchema } from '../../../core/api/memes';
import { sign } from '../src/identity/signing';
import { ACCESS_CODE, api, awayFromMinuteBoundary, cookiesFrom, premiumCookies } from './helpers';

const post = (body: unknown, headers: Record<string, string> = {}, url = '/api/session') =>
  api(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

const sessionOf = async (cookie: string) => sessionResponseSchema.parse(await (await api('/api/session', { headers: { cookie } })).json());

describe('premium sessions', () => {
  it('opens a session with the right code: signed HttpOnly, SameSite=Lax, Secure, expiring cookie', async () => {
    const res = await post({ accessCode: ACCESS_CODE }, { 'cf-connecting-ip': '192.0.2.1' });
    expect(res.status).toBe(200);
    const body = sessionResponseSchema.parse(await res.json());
    expect(body.premium).toBe(true);
    expect(Date.now() - Date.parse(body.since!)).toBeLessThan(60_000);
    const session = res.headers.getSetCookie().find((c) => c.startsWith('mf_session='))!;
    expect(session).toMatch(/^mf_session=[0-9a-f]{32}\.[\w-]{43}; Path=\/; Max-Age=43200; HttpOnly; SameSite=Lax; Secure$/);
    expect(await sessionOf(cookiesFrom(res))).toEqual(body);
  });

  it('leaves Secure off only on plain-http localhost', async () => {
    const local = await exports.default.fetch(
      new Request('http://localhost:8788/api/session', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'cf-connecting-ip': '192.0.2.2' },
        body: JSON.stringify({ accessCode: ACCESS_CODE }),
      }),
    );
    expect(local.status).toBe(200);
    for (const cookie of local.headers.getSetCookie()) expect(cookie).not.toContain('Secure');
  });

  it('answers a wrong code with 401 and the spec message, and sets no session', async () => {
    const res = await post({ accessCode: 'nope' }, { 'cf-connecting-ip': '192.0.2.3' });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: 'Invalid password. Please try again.', code: 'unauthorized' });
    expect(res.headers.getSetCookie().some((c) => c.startsWith('mf_session='))).toBe(false);
  });

  it('answers the 6th wrong code in a minute with 429, even with a fresh cookie, and then the right code too', async () => {
    await awayFromMinuteBoundary();
    const ip = { 'cf-connecting-ip': '192.0.2.4' };
    for (let i = 0; i < 5; i++) expect((await post({ accessCode: `wrong-${i}` }, ip)).status).toBe(401);
    const sixth = await post({ accessCode: 'wrong-6' }, ip);
    expect(sixth.status).toBe(429);
    expect(await sixth.json()).toMatchObject({ code: 'rate_limited' });
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await post({ accessCode: ACCESS_CODE }, ip)).status).toBe(429);
    // Another visitor is not affected.
    expect((await post({ accessCode: ACCESS_CODE }, { 'cf-connecting-ip': '192.0.2.5' })).status).toBe(200);
  });

  it('does not count right codes towards the limit', async () => {
    await awayFromMinuteBoundary();
    const ip = { 'cf-connecting-ip': '192.0.2.6' };
    for (let i = 0; i < 8; i++) expect((await post({ accessCode: ACCESS_CODE }, ip)).status).toBe(200);
    expect((await post({ accessCode: 'wrong' }, ip)).status).toBe(401);
  });

  it('validates the body: missing, empty or overlong code and bad JSON are 400', async () => {
    for (const body of [{}, { accessCode: '' }, { accessCode: 'x'.repeat(201) }, { accessCode: 42 }]) {
      const res = await post(body, { 'cf-connecting-ip': '192.0.2.7' });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'validation_failed' });
    }
    const bad = await post('{"accessCode":', { 'cf-connecting-ip': '192.0.2.7' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: 'invalid_json' });
  });

  it('says not premium without a cookie, with a forged one, and with an expired one', async () => {
    expect(await sessionOf('')).toEqual({ premium: false, since: null });
    expect(await sessionOf('mf_session=0123456789abcdef0123456789abcdef.forged')).toEqual({ premium: false, since: null });
    const id = 'e'.repeat(32);
    await env.DB.batch([
      env.DB.prepare('insert into members (id, created_at) values (?, ?)').bind('expired-member', Date.now() - 86_400_000),
      env.DB.prepare('insert into premium_sessions (id, member_id, created_at, expires_at) values (?, ?, ?, ?)')
        .bind(id, 'expired-member', Date.now() - 86_400_000, Date.now() - 1000),
    ]);
    const expired = `mf_session=${await sign(env.SESSION_SECRET, 'session', id)}`;
    expect(await sessionOf(expired)).toEqual({ premium: false, since: null });
    expect((await api('/api/user-memes', { headers: { cookie: expired } })).status).toBe(401);
  });

  it('a visitor cookie cannot pass as a session cookie (signatures are bound to their purpose)', async () => {
    const res = await api('/api/usage-limit');
    const vid = cookiesFrom(res).replace('mf_vid=', '');
    expect(await sessionOf(`mf_session=${vid}`)).toEqual({ premium: false, since: null });
  });

  it('DELETE ends the session: the old cookie no longer works', async () => {
    const cookie = await premiumCookies('192.0.2.8');
    expect((await sessionOf(cookie)).premium).toBe(true);
    const res = await api('/api/session', { method: 'DELETE', headers: { cookie } });
    expect(res.status).toBe(204);
    expect(res.headers.get('set-cookie')).toMatch(/^mf_session=; Path=\/; Max-Age=0/);
    expect(await sessionOf(cookie)).toEqual({ premium: false, since: null });
    expect((await api('/api/user-memes', { headers: { cookie } })).status).toBe(401);
  });

  it('keeps "member since" when the same browser unlocks again', async () => {
    const first = await premiumCookies('192.0.2.9');
    const since = (await sessionOf(first)).since;
    const again = await post({ accessCode: ACCESS_CODE }, { cookie: first, 'cf-connecting-ip': '192.0.2.9' });
    expect(sessionResponseSchema.parse(await again.json()).since).toBe(since);
  });
});
