import { runDurableObjectAlarm } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import {
  API_KEY_PATTERN,
  API_KEYS_MAX_ACTIVE,
  apiKeyCreatedResponseSchema,
  apiKeyListResponseSchema,
} from '../../../../core/api/api-keys';
import { dashboardResponseSchema } from '../../../../core/api/dashboard';
import { RATE_LIMITS_PER_MINUTE } from '../../../../core/limits';
import { apiErrorSchema } from '../../../../core/api/errors';
import { FAKE_FAIL_MARKER } from '../../src/ai/fake';
import { encode } from '../../src/imaging/codecs/encode';
import { api, awayFromMinuteBoundary, premiumCookies, uploadForm } from '../helpers';
import { syntheticPhoto } from '../support/synthetic';

// vitest.config.ts binds API_MONTHLY_CALLS = 20.
const LIMIT = 20;
const png = await encode(syntheticPhoto(120, 80), 'png', { quality: 100 });

let ipCounter = 0;
const member = () => premiumCookies(`198.18.40.${++ipCounter}`);

async function createKey(cookie: string, name = 'CI pipeline') {
  const res = await api('/api/keys', {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return apiKeyCreatedResponseSchema.parse(await res.json());
}

async function listKeys(cookie: string) {
  const res = await api('/api/keys', { headers: { cookie } });
  expect(res.status).toBe(200);
  const text = await res.text();
  return { text, body: apiKeyListResponseSchema.parse(JSON.parse(text)) };
}

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

/**
 * Runs the alarm of the key's counting object now: what it does at most API_KEY_USAGE_FLUSH_MS after a call, writing
 * the key's count to D1 (ADR 0149), where the list and the dashboard read it.
 */
const flush = (id: string) => runDurableObjectAlarm(env.COUNTERS.get(env.COUNTERS.idFromName(`key:${id}`)));
const usageRow = (id: string) =>
  env.DB.prepare('SELECT calls FROM api_key_usage WHERE key_id = ?1').bind(id).first<number>('calls');

function compress(key: string) {
  const form = uploadForm(new Uint8Array(png), 'photo.png', 'image/png');
  form.append('operation', 'compress');
  form.append('quality', '60');
  form.append('format', 'jpeg');
  return api('/api/optimize', { method: 'POST', body: form, headers: bearer(key) });
}

const rateHeaders = (res: Response) => ({
  limit: res.headers.get('ratelimit-limit'),
  remaining: res.headers.get('ratelimit-remaining'),
  reset: Number(res.headers.get('ratelimit-reset')),
  xLimit: res.headers.get('x-ratelimit-limit'),
  xRemaining: res.headers.get('x-ratelimit-remaining'),
  xReset: Number(res.headers.get('x-ratelimit-reset')),
});

const secondsToNextMonth = () => {
  const now = new Date();
  return (Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1) - now.getTime()) / 1000;
};

async function expectError(res: Response, status: number, code: string) {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  expect(res.headers.get('content-type')).toContain('application/json');
  const body = apiErrorSchema.parse(JSON.parse(text));
  expect(body.code).toBe(code);
  return text;
}

describe('API keys: create, list, revoke', () => {
  it('creates a key shown once, lists it by prefix only, and stores only its SHA-256', async () => {
    const cookie = await member();
    const created = await createKey(cookie, '  Build server  ');
    expect(created.key).toMatch(API_KEY_PATTERN);
    expect(created).toMatchObject({
      name: 'Build server',
      prefix: created.key.slice(0, 7),
      lastUsedAt: null,
      callsThisMonth: 0,
    });

    const { text, body } = await listKeys(cookie);
    expect(text).not.toContain(created.key);
    expect(text).not.toContain(created.key.slice(7));
    expect(body).toMatchObject({
      monthlyLimit: LIMIT,
      maxActiveKeys: API_KEYS_MAX_ACTIVE,
      callsThisMonth: 0,
      month: new Date().toISOString().slice(0, 7),
    });
    expect(body.keys).toEqual([
      {
        id: created.id,
        name: 'Build server',
        prefix: created.prefix,
        createdAt: created.createdAt,
        lastUsedAt: null,
        callsThisMonth: 0,
      },
    ]);
    expect(Date.parse(body.resetsAt) - Date.now()).toBeGreaterThan(0);

    const row = await env.DB.prepare('SELECT * FROM api_keys WHERE id = ?1')
      .bind(created.id)
      .first<Record<string, unknown>>();
    const sha = [...new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(created.key)))]
      .map((b) => b.toString(16).padStart(2, '0'))
      .join('');
    expect(row!.key_hash).toBe(sha);
    expect(JSON.stringify(row)).not.toContain(created.key);
  });

  it('refuses a missing, empty or too long name with 400, bad JSON with 400, and no session with 401', async () => {
    const cookie = await member();
    for (const body of [
      '{}',
      JSON.stringify({ name: '   ' }),
      JSON.stringify({ name: 'x'.repeat(61) }),
      JSON.stringify({ name: 5 }),
    ]) {
      const res = await api('/api/keys', {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body,
      });
      await expectError(res, 400, 'validation_failed');
    }
    await expectError(
      await api('/api/keys', {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: '{name',
      }),
      400,
      'invalid_json',
    );
    await expectError(
      await api('/api/keys', { method: 'POST', body: JSON.stringify({ name: 'x' }) }),
      401,
      'unauthorized',
    );
    await expectError(await api('/api/keys'), 401, 'unauthorized');
    await expectError(
      await api('/api/keys/0123456789abcdef0123456789abcdef', { method: 'DELETE' }),
      401,
      'unauthorized',
    );
  });

  it(`allows ${API_KEYS_MAX_ACTIVE} active keys, answers 409 for one more, and frees a place on revoke`, async () => {
    const cookie = await member();
    const keys = await Promise.all(
      Array.from({ length: API_KEYS_MAX_ACTIVE + 3 }, (_, i) =>
        api('/api/keys', {
          method: 'POST',
          headers: { cookie, 'content-type': 'application/json' },
          body: JSON.stringify({ name: `key ${i}` }),
        }),
      ),
    );
    expect(keys.filter((r) => r.status === 201)).toHaveLength(API_KEYS_MAX_ACTIVE);
    const refused = keys.filter((r) => r.status !== 201);
    for (const r of refused) await expectError(r, 409, 'conflict');
    const first = apiKeyCreatedResponseSchema.parse(await keys.find((r) => r.status === 201)!.json());
    expect((await api(`/api/keys/${first.id}`, { method: 'DELETE', headers: { cookie } })).status).toBe(204);
    await createKey(cookie, 'replacement');
    expect((await listKeys(cookie)).body.keys).toHaveLength(API_KEYS_MAX_ACTIVE);
  });

  it('revokes with 204; the key then gets 401 and leaves the list; a second revoke and a malformed id are refused', async () => {
    const cookie = await member();
    const created = await createKey(cookie);
    expect((await api('/api/health', { headers: bearer(created.key) })).status).toBe(200);
    expect((await api(`/api/keys/${created.id}`, { method: 'DELETE', headers: { cookie } })).status).toBe(204);
    const text = await expectError(await api('/api/health', { headers: bearer(created.key) }), 401, 'unauthorized');
    expect(text).not.toContain(created.key);
    expect((await listKeys(cookie)).body.keys).toEqual([]);
    // Its calls still count in the month's total.
    expect((await listKeys(cookie)).body.callsThisMonth).toBe(1);
    await expectError(
      await api(`/api/keys/${created.id}`, { method: 'DELETE', headers: { cookie } }),
      404,
      'not_found',
    );
    await expectError(
      await api('/api/keys/not-an-id', { method: 'DELETE', headers: { cookie } }),
      400,
      'validation_failed',
    );
  });

  it('does not let another member revoke or see your key (404, and it keeps working)', async () => {
    const mine = await member();
    const theirs = await member();
    const created = await createKey(mine);
    await expectError(
      await api(`/api/keys/${created.id}`, { method: 'DELETE', headers: { cookie: theirs } }),
      404,
      'not_found',
    );
    expect((await listKeys(theirs)).body.keys).toEqual([]);
    expect((await api('/api/health', { headers: bearer(created.key) })).status).toBe(200);
  });
});

describe('Authorization: Bearer on the API routes', () => {
  it('authenticates a multipart compress with no cookie, with the RateLimit headers counting down', async () => {
    const { key } = await createKey(await member());
    for (let i = 1; i <= 3; i++) {
      const res = await compress(key);
      const body = await res.json<{ format: string; width: number }>();
      expect(res.status, JSON.stringify(body)).toBe(200);
      expect(body).toMatchObject({ format: 'jpeg', width: 120 });
      const h = rateHeaders(res);
      expect(h).toMatchObject({
        limit: String(LIMIT),
        remaining: String(LIMIT - i),
        xLimit: String(LIMIT),
        xRemaining: String(LIMIT - i),
      });
      expect(Math.abs(h.reset - secondsToNextMonth())).toBeLessThan(5);
      expect(h.xReset).toBe(h.reset);
      // A key needs no cookie, and is given none.
      expect(res.headers.getSetCookie()).toEqual([]);
    }
  });

  it('makes the call premium: no daily AI cap, and the member is the key owner', async () => {
    const cookie = await member();
    const { key } = await createKey(cookie);
    const usage = await api('/api/usage-limit', { headers: bearer(key) });
    expect(await usage.json()).toMatchObject({ premium: true, totalLimit: null, canGenerate: true });
    const dashboard = await api('/api/dashboard', { headers: bearer(key) });
    expect(dashboard.status).toBe(200);
    // Exact before any flush: the figures add what the key's meter holds that D1 has not been written yet.
    expect(dashboardResponseSchema.parse(await dashboard.json()).totals.apiCallsThisMonth).toBe(2);
  });

  it('counts calls in the key’s counting object, writes D1 only when it flushes, and loses none', async () => {
    const cookie = await member();
    const { key, id } = await createKey(cookie);
    for (let i = 0; i < 3; i++) expect((await api('/api/health', { headers: bearer(key) })).status).toBe(200);
    // Off the calls' way: nothing in D1 yet (the flush is due API_KEY_USAGE_FLUSH_MS after the first call), while the
    // list, which adds what the meter holds, is exact.
    expect(await usageRow(id)).toBeNull();
    expect(
      await env.DB.prepare('SELECT last_used_at FROM api_keys WHERE id = ?1').bind(id).first('last_used_at'),
    ).toBeNull();
    expect((await listKeys(cookie)).body).toMatchObject({
      callsThisMonth: 3,
      keys: [{ id, callsThisMonth: 3, lastUsedAt: expect.any(String) }],
    });
    expect(await flush(id)).toBe(true);
    expect(await usageRow(id)).toBe(3);
    expect((await listKeys(cookie)).body.keys[0]).toMatchObject({
      id,
      callsThisMonth: 3,
      lastUsedAt: expect.any(String),
    });
    // Calls after a flush are written by the next one, on top: none lost, none counted twice.
    for (let i = 0; i < 2; i++) await api('/api/health', { headers: bearer(key) });
    expect(await usageRow(id)).toBe(3);
    await flush(id);
    expect(await usageRow(id)).toBe(5);
    // Nothing left to write: no alarm is waiting for a flush.
    expect(await flush(id)).toBe(false);
  });

  it('starts a month the meter has not counted from D1’s count, so calls counted before are never forgotten', async () => {
    const cookie = await member();
    const { key, id } = await createKey(cookie);
    const month = new Date().toISOString().slice(0, 7);
    await env.DB.prepare('INSERT INTO api_key_usage (key_id, month, calls) VALUES (?1, ?2, ?3)')
      .bind(id, month, LIMIT - 1)
      .run();
    const last = await api('/api/health', { headers: bearer(key) });
    expect([last.status, rateHeaders(last).remaining]).toEqual([200, '0']);
    await expectError(await api('/api/health', { headers: bearer(key) }), 429, 'quota_exceeded');
    await flush(id);
    expect(await usageRow(id)).toBe(LIMIT);
  });

  it('gives back the unit of a call that failed on our side (5xx), in the meter and in D1', async () => {
    const cookie = await member();
    const { key, id } = await createKey(cookie);
    const failed = await api('/api/generate-image', {
      method: 'POST',
      headers: { ...bearer(key), 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: FAKE_FAIL_MARKER }),
    });
    expect(failed.status).toBe(502);
    expect(rateHeaders(failed).remaining).toBe(String(LIMIT));
    await flush(id);
    expect(await usageRow(id)).toBe(0);
  });

  it('answers 429 with Retry-After and a JSON error past the allowance, and counts nothing more', async () => {
    const cookie = await member();
    const { key, id } = await createKey(cookie);
    for (let i = 0; i < LIMIT; i++) expect((await api('/api/health', { headers: bearer(key) })).status).toBe(200);
    const res = await api('/api/health', { headers: bearer(key) });
    const text = await expectError(res, 429, 'quota_exceeded');
    expect(text).toContain('20 calls');
    expect(text).not.toContain(key);
    const retry = Number(res.headers.get('retry-after'));
    expect(Math.abs(retry - secondsToNextMonth())).toBeLessThan(5);
    expect(rateHeaders(res)).toMatchObject({ limit: String(LIMIT), remaining: '0', reset: retry });
    const listed = (await listKeys(cookie)).body.keys.find((k) => k.id === id)!;
    expect(listed.callsThisMonth).toBe(LIMIT);
    expect(listed.lastUsedAt).not.toBeNull();
  });

  it('never exceeds the allowance when 30 calls arrive at once at its edge', async () => {
    const cookie = await member();
    const { key, id } = await createKey(cookie);
    for (let i = 0; i < LIMIT - 5; i++) await api('/api/health', { headers: bearer(key) });
    const answers = await Promise.all(Array.from({ length: 30 }, () => api('/api/health', { headers: bearer(key) })));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(25);
    const remaining = answers
      .filter((r) => r.status === 200)
      .map((r) => Number(r.headers.get('ratelimit-remaining')))
      .sort();
    expect(remaining).toEqual([0, 1, 2, 3, 4]);
    await flush(id);
    expect(await usageRow(id)).toBe(LIMIT);
  });

  it("spends no unit of the key's month on a call refused for a burst (429 rate_limited), and counts the next admitted one", async () => {
    const cookie = await member();
    const { key, id } = await createKey(cookie);
    // At the edge a key's burst limit counts on the key and the client's network: spend the network's tool budget
    // anonymously, then call with the key from that network.
    const network = { 'cf-connecting-ip': '198.18.41.1' };
    await awayFromMinuteBoundary();
    for (let i = 0; i < RATE_LIMITS_PER_MINUTE.tools; i++)
      await api('/api/convert', { method: 'POST', body: new FormData(), headers: network });
    const refused = await api('/api/convert', {
      method: 'POST',
      body: new FormData(),
      headers: { ...network, ...bearer(key) },
    });
    await expectError(refused, 429, 'rate_limited');
    expect(rateHeaders(refused)).toMatchObject({ limit: String(LIMIT), remaining: String(LIMIT) });
    expect((await listKeys(cookie)).body.keys.find((k) => k.id === id)!.callsThisMonth).toBe(0);
    // A route without a burst limit is metered before it runs, as before.
    const admitted = await api('/api/usage-limit', { headers: { ...network, ...bearer(key) } });
    expect(admitted.status).toBe(200);
    expect(rateHeaders(admitted).remaining).toBe(String(LIMIT - 1));
    expect((await listKeys(cookie)).body.keys.find((k) => k.id === id)!.callsThisMonth).toBe(1);
  }, 30_000);

  it('answers 401, never anonymous, for a malformed, unknown or non-Bearer credential, echoing none of it', async () => {
    const unknown = `mf_${'A'.repeat(43)}`;
    const cases = [
      `Bearer ${unknown}`,
      'Bearer mf_short',
      'Bearer sk_live_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG',
      'Basic dXNlcjpwYXNz',
      'Bearer',
    ];
    for (const authorization of cases) {
      const res = await api('/api/usage-limit', { headers: { authorization } });
      const text = await expectError(res, 401, 'unauthorized');
      expect(res.headers.get('www-authenticate')).toBe('Bearer');
      const secret = authorization.split(' ')[1];
      if (secret) expect(text).not.toContain(secret);
      expect(res.headers.get('ratelimit-limit')).toBeNull();
    }
  });

  it('refuses a key on browser-only routes (sessions and key management) with 403, and spends nothing', async () => {
    const cookie = await member();
    const { key, id } = await createKey(cookie);
    const calls: [string, RequestInit][] = [
      ['/api/keys', {}],
      ['/api/keys', { method: 'POST', body: JSON.stringify({ name: 'minted by a key' }) }],
      [`/api/keys/${id}`, { method: 'DELETE' }],
      ['/api/session', { method: 'POST', body: JSON.stringify({ accessCode: 'test-access-code' }) }],
      ['/api/session', {}],
      ['/api/session', { method: 'DELETE' }],
    ];
    for (const [path, init] of calls) {
      const text = await expectError(
        await api(path, { ...init, headers: { ...bearer(key), 'content-type': 'application/json' } }),
        403,
        'forbidden',
      );
      expect(text).toContain('dashboard');
      expect(text).not.toContain(key);
    }
    const { body } = await listKeys(cookie);
    expect(body.keys).toHaveLength(1);
    expect(body.callsThisMonth).toBe(0);
  });

  it('keeps cookie sessions working unchanged, without RateLimit headers', async () => {
    const cookie = await member();
    const res = await api('/api/usage-limit', { headers: { cookie } });
    expect(await res.json()).toMatchObject({ premium: true });
    expect(res.headers.get('ratelimit-limit')).toBeNull();
  });
});
