import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { AI_LIMIT_MESSAGE } from '../../../../core/api/usage';
import { FREE_DAILY_AI_LIMIT } from '../../../../core/limits';
import { identifyVisitor, networkOf } from '../../src/identity/visitor';
import { api, cookiesFrom, edgeEnv } from '../helpers';

const generate = (ip: string, cookie?: string) =>
  api('/api/generate-image', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'cf-connecting-ip': ip, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify({ prompt: 'a lighthouse in the fog' }),
  });

const networkKey = async (ip: string, environment: Env) =>
  (await identifyVisitor(new Request('http://local/', { headers: { 'cf-connecting-ip': ip } }), environment)).keys[1];

describe('the network a visitor is counted on', () => {
  it('is an IPv4 address itself, and an IPv6 address by its /64 however it is written', () => {
    expect(networkOf('203.0.113.7')).toBe('203.0.113.7');
    expect(networkOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(networkOf('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(networkOf('2001:0DB8:0001:0002:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(networkOf('2001:db8::2:3:4:5')).toBe('2001:db8:0:0::/64');
    expect(networkOf('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    for (const bad of ['', 'not-an-ip', '300.1.1.1', '1:2:3', '1::2::3', 'fe80::1:2:3:4:5:6:7:8'])
      expect(networkOf(bad)).toBeNull();
  });

  it('gives two addresses of one /64 one key, and another /64 another, behind the edge', async () => {
    const a = await networkKey('2001:db8:aa:1::1', edgeEnv);
    expect(await networkKey('2001:db8:aa:1:ffff:ffff:ffff:fffe', edgeEnv)).toBe(a);
    expect(await networkKey('2001:db8:aa:2::1', edgeEnv)).not.toBe(a);
    expect(await networkKey('203.0.113.8', edgeEnv)).not.toBe(await networkKey('203.0.113.9', edgeEnv));
  });

  it("ignores a CF-Connecting-IP header outside the edge: locally and in tests it is only the client's claim", async () => {
    expect(env.CLIENT_ADDRESS).toBe('local');
    const local = await networkKey('203.0.113.8', env);
    expect(await networkKey('198.51.100.99', env)).toBe(local);
    expect(await networkKey('2001:db8:aa:1::1', env)).toBe(local);
    expect(local).not.toBe(await networkKey('203.0.113.8', edgeEnv));
  });
});

describe('one allowance per IPv6 /64', () => {
  it('lets addresses of one /64, each with fresh cookies, share one daily allowance; another /64 is unaffected', async () => {
    const prefix = '2001:db8:64:1';
    for (let i = 0; i < FREE_DAILY_AI_LIMIT; i++) {
      const res = await generate(`${prefix}:${(i + 1).toString(16)}::${i + 7}`);
      expect(res.status).toBe(200);
    }
    const refused = await generate(`${prefix}:beef:beef:beef:beef`);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ error: AI_LIMIT_MESSAGE, code: 'quota_exceeded' });
    expect((await generate('2001:db8:64:2::1')).status).toBe(200);
  });

  it('keeps the count when cookies are cleared and the address changes within the /64', async () => {
    const first = await generate('2001:db8:65:1::10');
    expect(first.status).toBe(200);
    const cookie = cookiesFrom(first);
    expect((await generate('2001:db8:65:1::11', cookie)).status).toBe(200);
    const usage = await api('/api/usage-limit', { headers: { 'cf-connecting-ip': '2001:db8:65:1:abcd::12' } });
    expect(await usage.json()).toMatchObject({ used: 2, remaining: FREE_DAILY_AI_LIMIT - 2 });
  });
});
