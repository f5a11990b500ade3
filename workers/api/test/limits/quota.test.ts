import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { AI_LIMIT_MESSAGE, usageLimitSchema } from '../../../../core/api/usage';
import { FREE_DAILY_AI_LIMIT } from '../../../../core/limits';
import { HttpError } from '../../src/errors';
import { identifyVisitor } from '../../src/identity/visitor';
import { counterFor } from '../../src/counters';
import { consumeAiUnit, dailyLimit, withAiUnit } from '../../src/quota';
import { utcDay } from '../../src/identity/visitor';
import { api, cookiesFrom, edgeEnv, premiumCookies } from '../helpers';
import { withD1Latency } from '../support/d1-latency';

const usage = async (headers: Record<string, string>) => {
  const res = await api('/api/usage-limit', { headers });
  expect(res.status).toBe(200);
  return { res, body: usageLimitSchema.parse(await res.json()) };
};

const visitorOf = (headers: Record<string, string>) =>
  identifyVisitor(new Request('http://local/', { headers }), edgeEnv);

/** Today's count on one key, read from its counting object (ADR 0112); no D1 row holds it. */
const usedOn = (key: string) => counterFor(env, key).read(`ai:${utcDay()}`);
const ctx = createExecutionContext();

describe('daily AI quota', () => {
  it('uses the one configured limit, 10', () => {
    expect(dailyLimit(env)).toBe(10);
    expect(FREE_DAILY_AI_LIMIT).toBe(10);
  });

  it('lets exactly 10 of 50 concurrent consumptions through and answers the other 40 with 429', async () => {
    const keys = ['vid:concurrent', 'ip:concurrent'];
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => consumeAiUnit(env, keys, 10)));
    const granted = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(granted).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const r of refused) {
      expect(r.reason).toBeInstanceOf(HttpError);
      expect(r.reason).toMatchObject({ status: 429, code: 'quota_exceeded', message: AI_LIMIT_MESSAGE });
    }
    expect(await Promise.all(keys.map(usedOn))).toEqual([10, 10]);
  });

  it('refunds the unit when the operation fails, and keeps it when it succeeds', async () => {
    const subject = { keys: ['vid:refund', 'ip:refund'], memberId: null };
    await expect(
      withAiUnit(env, ctx, subject, async () => {
        throw new HttpError(502, 'ai_upstream_error', 'down');
      }),
    ).rejects.toThrow('down');
    expect(await usedOn('vid:refund')).toBe(0);
    expect(await usedOn('ip:refund')).toBe(0);
    expect(await withAiUnit(env, ctx, subject, async () => 'ok')).toBe('ok');
    expect(await usedOn('vid:refund')).toBe(1);
  });

  it('counts on the IP hash too, so clearing the cookie does not reset the count', async () => {
    const ip = { 'cf-connecting-ip': '203.0.113.7' };
    const first = await usage(ip);
    expect(first.body).toEqual({
      used: 0,
      totalLimit: 10,
      remaining: 10,
      canGenerate: true,
      premium: false,
      resetsAt: expect.any(String),
    });
    // The count starts again at the next midnight UTC (the screens show it in the visitor's own time).
    const resetsAt = new Date(first.body.resetsAt);
    expect(resetsAt.toISOString().slice(11)).toBe('00:00:00.000Z');
    expect(resetsAt.getTime() - Date.now()).toBeGreaterThan(0);
    expect(resetsAt.getTime() - Date.now()).toBeLessThanOrEqual(24 * 3600 * 1000);
    const cookie = cookiesFrom(first.res);
    expect(cookie).toMatch(/^mf_vid=/);
    const visitor = await visitorOf({ ...ip, cookie });
    for (let i = 0; i < 3; i++) await withAiUnit(env, ctx, { keys: visitor.keys, memberId: null }, async () => i);

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
    for (let i = 0; i < 10; i++) await consumeAiUnit(env, spender.keys, 10);
    const newcomer = await visitorOf(ip);
    const refusal = await consumeAiUnit(env, newcomer.keys, 10).catch((e: HttpError) => e);
    expect(refusal).toMatchObject({ status: 429, code: 'quota_exceeded' });
    const retryAfter = Number((refusal as HttpError).headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(86_400);
    expect(await usedOn(newcomer.keys[0])).toBe(0);
    expect((await usage(ip)).body).toEqual({
      used: 10,
      totalLimit: 10,
      remaining: 0,
      canGenerate: false,
      premium: false,
      resetsAt: expect.any(String),
    });
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
    expect(before.body).toEqual({
      used: 0,
      totalLimit: null,
      remaining: null,
      canGenerate: true,
      premium: true,
      resetsAt: expect.any(String),
    });
    const session = (await env.DB.prepare('select member_id from premium_sessions').first<{ member_id: string }>())!;
    const visitor = await visitorOf({ cookie, 'cf-connecting-ip': ip });
    for (let i = 0; i < 12; i++)
      await withAiUnit(env, ctx, { keys: visitor.keys, memberId: session.member_id }, async () => i);
    // The activity rollup is written after the answer (waitUntil), never on the operation's way.
    await waitOnExecutionContext(ctx);
    expect((await usage({ cookie, 'cf-connecting-ip': ip })).body).toMatchObject({
      used: 12,
      premium: true,
      canGenerate: true,
    });
    expect(await usedOn(visitor.keys[1])).toBe(0);
  });
});

describe('allowances without a D1 row (ADR 0112)', () => {
  it('lets exactly the remaining units of 30 concurrent AI requests through at the edge of the allowance, and leaves D1 untouched', async () => {
    const keys = ['vid:edge-of-allowance', 'ip:edge-of-allowance'];
    for (let i = 0; i < 7; i++) await consumeAiUnit(env, keys, 10);
    // D1 behind the counting wrapper: the allowance must not touch it at all.
    const d1 = withD1Latency(env.DB, 1);
    const counted = { ...env, DB: d1.db };
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, () => withAiUnit(counted, ctx, { keys, memberId: null }, async () => 'done')),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    expect(await Promise.all(keys.map(usedOn))).toEqual([10, 10]);
    // A failed operation gives its unit back on both keys at once, and the next request can take it.
    await expect(consumeAiUnit(env, keys, 10)).rejects.toMatchObject({ status: 429 });
    expect(d1.log).toHaveLength(0);
  });

  it("gives back the first key when the second is at its limit, so a shared network does not eat a cookie's units", async () => {
    const network = 'ip:shared-network';
    for (let i = 0; i < 10; i++) await consumeAiUnit(env, [`vid:neighbour-${i}`, network], 10);
    const refusal = await consumeAiUnit(env, ['vid:newcomer-on-shared', network], 10).catch((e: HttpError) => e);
    expect(refusal).toMatchObject({ status: 429, code: 'quota_exceeded' });
    expect(await usedOn('vid:newcomer-on-shared')).toBe(0);
    expect(await usedOn(network)).toBe(10);
  });
});
