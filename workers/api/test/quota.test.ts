import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { AI_LIMIT_MESSAGE, usageLimitSchema } from '../../../core/api/usage';
import { FREE_DAILY_AI_LIMIT } from '../../../core/limits';
import { HttpError } from '../src/errors';
import { identifyVisitor } from '../src/identity/visitor';
import { consumeAiUnit, dailyLimit, withAiUnit } from '../src/quota';
import { api, cookiesFrom, edgeEnv, premiumCookies } from './helpers';

const usage = async (headers: Record<string, string>) => {
  const res = await api('/api/usage-limit', { headers });
  expect(res.status).toBe(200);
  return { res, body: usageLimitSchema.parse(await res.json()) };
};

const visitorOf = (headers: Record<string, string>) => identifyVisitor(new Request('http://local/', { headers }), edgeEnv);

describe('daily AI quota', () => {
  it('uses the one configured limit, 10', () => {
    expect(dailyLimit(env)).toBe(10);
    expect(FREE_DAILY_AI_LIMIT).toBe(10);
  });

  it('lets exactly 10 of 50 concurrent consumptions through and answers the other 40 with 429', async () => {
    const keys = ['vid:concurrent', 'ip:concurrent'];
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => consumeAiUnit(env.DB, keys, 10)));
    const granted = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(granted).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const r of refused) {
      expect(r.reason).toBeInstanceOf(HttpError);
      expect(r.reason).toMatchObject({ status: 429, code: 'quota_exceeded', message: AI_LIMIT_MESSAGE });
    }
    const rows = await env.DB.prepare('select used from usage_counters where visitor_key in (?, ?)').bind(...keys).all();
    expect(rows.results).toEqual([{ used: 10 }, { used: 10 }]);
  });

  it('refunds the unit when the operation fails, and keeps it when it succeeds', async () => {
    const subject = { keys: ['vid:refund', 'ip:refund'], memberId: null };
    await expect(withAiUnit(env, subject, async () => { throw new HttpError(502, 'ai_upstream_error', 'down'); })).rejects.toThrow('down');
    const used = () => env.DB.prepare("select max(used) as used from usage_counters where visitor_key = 'vid:refund'").first('used');
    expect(await used()).toBe(0);
    expect(await withAiUnit(env, subject, async () => 'ok')).toBe('ok');
    expect(await used()).toBe(1);
  });

  it('counts on the IP hash too, so clearing the cookie does not reset the count', async () => {
    const ip = { 'cf-connecting-ip': '203.0.113.7' };
    const first = await usage(ip);
    expect(first.body).toEqual({ used: 0, totalLimit: 10, remaining: 10, canGenerate: true, premium: false });
    const cookie = cookiesFrom(first.res);
    expect(cookie).toMatch(/^mf_vid=/);
    const visitor = await visitorOf({ ...ip, cookie });
    for (let i = 0; i < 3; i++) await withAiUnit(env, { keys: visitor.keys, memberId: null }, async () => i);

    expect((await usage({ ...ip, cookie })).body).toMatchObject({ used: 3, remaining: 7 });
    const cleared = await usage(ip);
    expect(cleared.body).toMatchObject({ used: 3, remaining: 7, canGenerate: true });
    expect(cleared.res.headers.get('set-cookie')).toMatch(/^mf_vid=.*HttpOnly; SameSite=Lax; Secure$/);
    // The same browser on another network still carries its count in the cookie.
    expect((await usage({ 'cf-connecting-ip': '198.51.100.2', cookie })).body).toMatchObject({ used: 3 });
    // A stranger starts from zero.
    expect((await usage({ 'cf-connecting-ip': '198.51.100.3' })).body).toMatchObject({ used: 0 });
  });

  it('refuses at the limit without counting a fresh cookie, and says canGenerate false', async () => {
    const ip = { 'cf-connecting-ip': '203.0.113.50' };
    const spender = await visitorOf(ip);
    for (let i = 0; i < 10; i++) await consumeAiUnit(env.DB, spender.keys, 10);
    const newcomer = await visitorOf(ip);
    const refusal = await consumeAiUnit(env.DB, newcomer.keys, 10).catch((e: HttpError) => e);
    expect(refusal).toMatchObject({ status: 429, code: 'quota_exceeded' });
    const retryAfter = Number((refusal as HttpError).headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(86_400);
    const row = await env.DB.prepare('select used from usage_counters where visitor_key = ?').bind(newcomer.keys[0]).first('used');
    expect(row ?? 0).toBe(0);
    expect((await usage(ip)).body).toEqual({ used: 10, totalLimit: 10, remaining: 0, canGenerate: false, premium: false });
  });

  it('treats a forged visitor cookie as no cookie', async () => {
    const res = await api('/api/usage-limit', { headers: { cookie: 'mf_vid=someone-else.forged-signature' } });
    expect(res.headers.get('set-cookie')).toMatch(/^mf_vid=/);
    expect(res.headers.get('set-cookie')).not.toContain('someone-else');
  });

  it('gives premium members no cap and counts their operations as activity', async () => {
    const ip = '203.0.113.99';
    const cookie = await premiumCookies(ip);
    const before = await usage({ cookie, 'cf-connecting-ip': ip });
    expect(before.body).toEqual({ used: 0, totalLimit: null, remaining: null, canGenerate: true, premium: true });
    const session = (await env.DB.prepare('select member_id from premium_sessions').first<{ member_id: string }>())!;
    const visitor = await visitorOf({ cookie, 'cf-connecting-ip': ip });
    for (let i = 0; i < 12; i++) await withAiUnit(env, { keys: visitor.keys, memberId: session.member_id }, async () => i);
    expect((await usage({ cookie, 'cf-connecting-ip': ip })).body).toMatchObject({ used: 12, premium: true, canGenerate: true });
    const counted = await env.DB.prepare('select max(used) as used from usage_counters where visitor_key = ?').bind(visitor.keys[1]).first('used');
    expect(counted ?? 0).toBe(0);
  });
});
