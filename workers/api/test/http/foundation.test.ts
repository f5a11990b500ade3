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
    await env.DB.prepare('insert into contact_messages (id, email, topic, message) values (?, ?, ?, ?)')
      .bind('m1', 'a@example.com', 'other', 'hello')
      .run();
    const row = await env.DB.prepare('select message from contact_messages where id = ?').bind('m1').first();
    expect(row).toEqual({ message: 'hello' });

    await env.BUCKET.put('probe/hello.txt', 'hello', { customMetadata: { expiresAt: '1' } });
    const obj = await env.BUCKET.get('probe/hello.txt');
    expect(await obj?.text()).toBe('hello');
    expect(obj?.customMetadata).toEqual({ expiresAt: '1' });
  });
});
