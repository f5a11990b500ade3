import { describe, expect, it } from 'vitest';
import { forwardToApi } from './forward-to-api.server';

const waits: Promise<unknown>[] = [];
const context = (request: Request, api?: (r: Request) => Promise<Response>) => ({
  request,
  env: api ? { API: { fetch: api } } : {},
  waitUntil: (p: Promise<unknown>) => void waits.push(p),
});

describe('forwardToApi', () => {
  it('answers a preview deployment with no API binding with the API’s 503 JSON error, not a crash', async () => {
    const res = await forwardToApi(context(new Request('https://preview.example/api/templates')));
    expect(res.status).toBe(503);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toMatchObject({ code: 'not_configured', error: expect.stringContaining('preview') });
  });

  it('hands a bodiless request to the API Worker untouched', async () => {
    const seen: Request[] = [];
    const request = new Request('https://site.example/api/dashboard', {
      headers: { 'x-d1-bookmark': '00000001-00000000' },
    });
    const res = await forwardToApi(context(request, async (r) => (seen.push(r), new Response('ok'))));
    expect(await res.text()).toBe('ok');
    expect(seen[0]).toBe(request);
  });

  it('streams a body through to the API Worker', async () => {
    const request = new Request('https://site.example/api/upload', { method: 'POST', body: 'picture bytes' });
    const res = await forwardToApi(context(request, async (r) => new Response(`got ${await r.text()}`)));
    expect(await res.text()).toBe('got picture bytes');
  });

  it('answers a 5xx from the API that is not its JSON (the runtime stopped or restarted it) as our JSON, same status', async () => {
    const request = new Request('https://site.example/api/optimize', { method: 'POST', body: 'picture bytes' });
    const plain = async () =>
      new Response('Your worker restarted mid-request. Please try sending the request again.', {
        status: 503,
        headers: { 'content-type': 'text/plain' },
      });
    const res = await forwardToApi(context(request, plain));
    expect(res.status).toBe(503);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(await res.json()).toMatchObject({ code: 'api_unavailable', error: expect.stringContaining('try again') });
  });

  it('passes the API’s own JSON 5xx and any 4xx on as they are', async () => {
    const ours = async () =>
      new Response(JSON.stringify({ error: 'busy', code: 'image_service_unavailable' }), {
        status: 503,
        headers: { 'content-type': 'application/json; charset=utf-8' },
      });
    const res = await forwardToApi(context(new Request('https://site.example/api/health'), ours));
    expect(await res.json()).toEqual({ error: 'busy', code: 'image_service_unavailable' });
    const missing = await forwardToApi(
      context(new Request('https://site.example/api/x'), async () => new Response('nope', { status: 404 })),
    );
    expect([missing.status, await missing.text()]).toEqual([404, 'nope']);
  });
});
