import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';

const api = (path: string, init?: RequestInit) => exports.default.fetch(new Request(`http://local${path}`, init));

describe('API foundation', () => {
  it('reports its bindings at /api/health', async () => {
    const res = await api('/api/health');
    expect(res.status).toBe(200);
    const body = await res.json<{ ok: boolean; bindings: Record<string, unknown> }>();
    expect(body.ok).toBe(true);
    expect(body.bindings).toMatchObject({ db: true, bucket: true, images: true });
  });

  it('answers an unknown /api path with 404 JSON', async () => {
    const res = await api('/api/no-such');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(await res.json()).toEqual({ error: 'There is no such API route.', code: 'not_found' });
  });

  it('refuses a body whose declared length is over the limit with 413 JSON', async () => {
    const res = await api('/api/health', {
      method: 'POST',
      headers: { 'content-length': String(50 * 1024 * 1024) },
      body: 'x',
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: 'payload_too_large' });
  });

  it('writes and reads real local D1 and R2 with the migrations applied', async () => {
    await env.DB.prepare('insert into usage_counters (visitor_key, day, used) values (?, ?, ?)')
      .bind('v1', '2026-01-01', 3)
      .run();
    const row = await env.DB.prepare('select used from usage_counters where visitor_key = ?').bind('v1').first();
    expect(row).toEqual({ used: 3 });

    await env.BUCKET.put('probe/hello.txt', 'hello', { customMetadata: { expiresAt: '1' } });
    const obj = await env.BUCKET.get('probe/hello.txt');
    expect(await obj?.text()).toBe('hello');
    expect(obj?.customMetadata).toEqual({ expiresAt: '1' });
  });
});
