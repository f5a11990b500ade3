import { env, exports } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import { sessionResponseSchema } from '../../../../core/api/memes';
import { ACCESS_CODE_MAX_FAILING_VISITORS_PER_HOUR } from '../../../../core/limits';
import type { HttpError } from '../../src/errors';
import { openSession } from '../../src/identity/session';
import { sign } from '../../src/identity/signing';
import { identifyVisitor } from '../../src/identity/visitor';
import { ACCESS_CODE, api, awayFromMinuteBoundary, cookiesFrom, edgeEnv, premiumCookies } from '../helpers';

const post = (body: unknown, headers: Record<string, string> = {}, url = '/api/session') =>
  api(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

const sessionOf = async (cookie: string) =>
  sessionResponseSchema.parse(await (await api('/api/session', { headers: { cookie } })).json());

describe('premium sessions', () => {
  it('opens a session with the right code: signed HttpOnly, SameSite=Lax, Secure, expiring cookie', async () => {
    const res = await post({ accessCode: ACCESS_CODE }, { 'cf-connecting-ip': '192.0.2.1' });
    expect(res.status).toBe(200);
    const body = sessionResponseSchema.parse(await res.json());
    expect(body.premium).toBe(true);
    expect(Date.now() - Date.parse(body.since!)).toBeLessThan(60_000);
    const session = res.headers.getSetCookie().find((c) => c.startsWith('mf_session='))!;
    expect(session).toMatch(
      /^mf_session=[0-9a-f]{32}\.[\w-]{43}; Path=\/; Max-Age=43200; HttpOnly; SameSite=Lax; Secure$/,
    );
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

  it('answers a wrong code with 401 and the message people see, and sets no session', async () => {
    const res = await post({ accessCode: 'nope' }, { 'cf-connecting-ip': '192.0.2.3' });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      error: 'That access code is not right. Please check it and try again.',
      code: 'unauthorized',
    });
    expect(res.headers.getSetCookie().some((c) => c.startsWith('mf_session='))).toBe(false);
  });

  it('locks the guesser after 5 wrong codes in a minute, not a fresh visitor with the right code on the same address', async () => {
    await awayFromMinuteBoundary();
    const ip = { 'cf-connecting-ip': '192.0.2.4' };
    const first = await post({ accessCode: 'wrong-0' }, ip);
    expect(first.status).toBe(401);
    // The refusal hands a first-time visitor its cookie, so the next guess counts on the same visitor.
    const guesser = { ...ip, cookie: cookiesFrom(first) };
    for (let i = 1; i < 5; i++) expect((await post({ accessCode: `wrong-${i}` }, guesser)).status).toBe(401);
    const sixth = await post({ accessCode: 'wrong-6' }, guesser);
    expect(sixth.status).toBe(429);
    expect(await sixth.json()).toMatchObject({ code: 'rate_limited' });
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await post({ accessCode: ACCESS_CODE }, guesser)).status).toBe(429);
    // The neighbour behind the same address, with its own (or no) cookie, is not punished.
    expect((await post({ accessCode: ACCESS_CODE }, ip)).status).toBe(200);
    // Nor is a visitor on another IPv4 address or another network.
    expect((await post({ accessCode: ACCESS_CODE }, { 'cf-connecting-ip': '192.0.2.5' })).status).toBe(200);
  });

  it('locks a whole address only when it is clearly attacking: many visitors failing within the hour', async () => {
    const net = (n: number) => ({ 'cf-connecting-ip': `2001:db8:ac:1::${n.toString(16)}` });
    for (let i = 0; i < ACCESS_CODE_MAX_FAILING_VISITORS_PER_HOUR; i++) {
      expect((await post({ accessCode: `guess-${i}` }, net(i + 1))).status).toBe(401);
    }
    const refused = await post({ accessCode: ACCESS_CODE }, net(999));
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({
      error: 'Too many wrong access codes from your network. Please try again later.',
      code: 'rate_limited',
    });
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(3600);
    expect((await post({ accessCode: ACCESS_CODE }, { 'cf-connecting-ip': '2001:db8:ac:2::1' })).status).toBe(200);
  });

  it('backs off: past 20 wrong codes in an hour a visitor waits for the hour, not the minute', async () => {
    const request = new Request('http://local/api/session', { headers: { 'cf-connecting-ip': '192.0.2.44' } });
    const visitor = await identifyVisitor(request, edgeEnv);
    const hour = Math.floor(Date.now() / 3_600_000) * 3_600_000;
    const attempt = (minute: number, code: string) =>
      openSession(request, edgeEnv, visitor, code, hour + minute * 60_000 + 1000);
    for (let minute = 0; minute < 4; minute++) {
      for (let i = 0; i < 5; i++) await expect(attempt(minute, 'wrong')).rejects.toMatchObject({ status: 401 });
    }
    // A new minute, but the hour's budget is spent: even the right code waits until the hour ends.
    const locked = attempt(4, ACCESS_CODE);
    await expect(locked).rejects.toMatchObject({ status: 429, code: 'rate_limited' });
    const retry = Number(((await locked.catch((e: unknown) => e)) as HttpError).headers['retry-after']);
    expect(retry).toBe(3600 - 4 * 60 - 1);
    expect((await openSession(request, edgeEnv, visitor, ACCESS_CODE, hour + 3_600_000 + 1000)).session.memberId).toBe(
      visitor.id,
    );
  });

  it('logs each decision as one structured line without the code or the address', async () => {
    const lines: string[] = [];
    const spy = vi.spyOn(console, 'log').mockImplementation((line: unknown) => void lines.push(String(line)));
    try {
      await post({ accessCode: 'secret-guess-123' }, { 'cf-connecting-ip': '198.51.100.77' });
    } finally {
      spy.mockRestore();
    }
    const entry = JSON.parse(lines.find((l) => l.includes('"access_code"'))!);
    expect(entry).toMatchObject({
      event: 'access_code',
      decision: 'wrong_code',
      visitorMinute: 1,
      visitorHour: 1,
      networkVisitors: 1,
    });
    expect(lines.join('\n')).not.toContain('secret-guess-123');
    expect(lines.join('\n')).not.toContain('198.51.100.77');
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
    expect(await sessionOf('mf_session=0123456789abcdef0123456789abcdef.forged')).toEqual({
      premium: false,
      since: null,
    });
    const id = 'e'.repeat(32);
    await env.DB.batch([
      env.DB.prepare('insert into members (id, created_at) values (?, ?)').bind(
        'expired-member',
        Date.now() - 86_400_000,
      ),
      env.DB.prepare('insert into premium_sessions (id, member_id, created_at, expires_at) values (?, ?, ?, ?)').bind(
        id,
        'expired-member',
        Date.now() - 86_400_000,
        Date.now() - 1000,
      ),
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
