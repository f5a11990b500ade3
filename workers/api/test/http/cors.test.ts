/**
 * CORS for other websites' front ends (ADR 0147): public answers and keyed calls are readable from any origin, with
 * `Access-Control-Allow-Origin: *` (never credentials); a preflight is answered for a public read or a keyed call and
 * refused in words otherwise; the cross-site refusal of ADR 0113 still stands for calls without a key.
 */
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { CORS_KEY_NEEDED_MESSAGE } from '../../src/cors';
import { seedTemplates } from '../../src/db/template-rows';
import { catalogRows } from '../../../../scripts/templates/catalog-rows';
import { api, pngDeclaring, premiumCookies, uploadForm } from '../helpers';

const OTHER_SITE = { origin: 'https://memes.elsewhere.example', 'sec-fetch-site': 'cross-site' };

const preflight = (path: string, method: string, requestHeaders?: string) =>
  api(path, {
    method: 'OPTIONS',
    headers: {
      ...OTHER_SITE,
      'access-control-request-method': method,
      ...(requestHeaders ? { 'access-control-request-headers': requestHeaders } : {}),
    },
  });

let apiKey = '';

beforeAll(async () => {
  await seedTemplates(env.DB, catalogRows());
  const created = await api('/api/keys', {
    method: 'POST',
    headers: { cookie: await premiumCookies('203.0.113.47'), 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'cors' }),
  });
  apiKey = (await created.json<{ key: string }>()).key;
});

describe('CORS', () => {
  it('a meme URL asked with an Origin answers the picture with Access-Control-Allow-Origin: *, and no credentials', async () => {
    const res = await api('/api/memes/nope-yep/from/another_site.png?width=120&fbclid=abc', { headers: OTHER_SITE });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    expect(res.headers.get('access-control-expose-headers')).toContain('x-cache');
    expect(res.headers.get('vary')).toBeNull();
  });

  it('the other public reads are readable too, their errors included; a visitor’s own answers are not', async () => {
    for (const path of [
      '/api/templates',
      '/api/templates/nope-yep',
      '/api/openapi.json',
      '/api/shares/aaaaaaaaaaaa/image',
    ]) {
      const res = await api(path, { headers: OTHER_SITE });
      expect([path, res.headers.get('access-control-allow-origin')]).toEqual([path, '*']);
    }
    const usage = await api('/api/usage-limit', { headers: OTHER_SITE });
    expect(usage.status).toBe(200);
    expect(usage.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('a keyed call is readable, with its allowance’s headers exposed; a refused key’s 401 is readable so the page can say why', async () => {
    const ok = await api('/api/optimize', {
      method: 'POST',
      body: (() => {
        const f = uploadForm(pngDeclaring(16, 16));
        f.append('operation', 'compress');
        return f;
      })(),
      headers: { ...OTHER_SITE, authorization: `Bearer ${apiKey}` },
    });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('access-control-allow-origin')).toBe('*');
    expect(ok.headers.get('access-control-expose-headers')).toContain('ratelimit-remaining');
    const refused = await api('/api/user-memes', {
      headers: { ...OTHER_SITE, authorization: 'Bearer mf_not-a-real-key-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' },
    });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('answers the preflight of a keyed call: the methods, Authorization and Content-Type allowed, for a day', async () => {
    const res = await preflight('/api/optimize', 'POST', 'authorization, content-type');
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-methods')).toBe('GET, HEAD, POST, DELETE');
    expect(res.headers.get('access-control-allow-headers')).toBe('authorization, content-type, accept');
    expect(res.headers.get('access-control-max-age')).toBe('86400');
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    expect((await preflight('/api/memes/nope-yep/a/b.png', 'GET', 'accept')).status).toBe(204);
  });

  it('refuses in words the preflight of a call with no key that would change something (the call itself would be refused)', async () => {
    for (const [path, method, asked] of [
      ['/api/optimize', 'POST', 'content-type'],
      ['/api/shares/aaaaaaaaaaaa', 'DELETE', 'x-delete-token'],
      ['/api/usage-limit', 'GET', 'x-custom'],
    ] as const) {
      const res = await preflight(path, method, asked);
      expect([path, res.status]).toEqual([path, 403]);
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
      expect(await res.json()).toEqual({ error: CORS_KEY_NEEDED_MESSAGE, code: 'forbidden' });
    }
  });

  it('an OPTIONS that is no preflight is still the 405 that names the methods', async () => {
    const res = await api('/api/templates', { method: 'OPTIONS' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
  });
});
