import { describe, expect, it, vi } from 'vitest';
import { ApiClientError } from './api-client';
import { api, call } from './api/client';

// openapi-fetch reads the global fetch when the client is made; each call here hands over its own.
const answering = (make: () => Response) => ({ baseUrl: 'http://x', fetch: async () => make() });

describe('the generated API client', () => {
  it('fills path parameters and query, and sends credentials', async () => {
    const fetchMock = vi.fn(
      async (_request: Request) =>
        new Response('{"template":{}}', { status: 200, headers: { 'content-type': 'application/json' } }),
    );
    expect(
      await call(
        api.GET('/api/templates/{id}', { params: { path: { id: 'a b' } }, baseUrl: 'http://x', fetch: fetchMock }),
      ),
    ).toEqual({ template: {} });
    await call(
      api.GET('/api/templates', { params: { query: { search: 'drake' } }, baseUrl: 'http://x', fetch: fetchMock }),
    );
    const [first, second] = fetchMock.mock.calls.map(([r]) => r);
    expect(first!.url).toBe('http://x/api/templates/a%20b');
    expect(first!.credentials).toBe('include');
    expect(second!.url).toBe('http://x/api/templates?search=drake');
  });

  it('raises "status: body" with the server message and code on a non-success answer', async () => {
    const body = JSON.stringify({ error: 'Daily AI limit reached!', code: 'quota_exceeded' });
    const tooMany = answering(
      () =>
        new Response(body, {
          status: 429,
          statusText: 'Too Many Requests',
          headers: { 'content-type': 'application/json' },
        }),
    );
    const err = await call(api.POST('/api/generate-image', { body: { prompt: 'x' }, ...tooMany })).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ApiClientError);
    expect(err).toMatchObject({
      status: 429,
      message: `429: ${body}`,
      serverMessage: 'Daily AI limit reached!',
      code: 'quota_exceeded',
    });
  });

  it('falls back to the status text when the body is empty, and answers undefined for 204', async () => {
    await expect(
      call(
        api.GET(
          '/api/dashboard',
          answering(() => new Response('', { status: 401, statusText: 'Unauthorized' })),
        ),
      ),
    ).rejects.toThrow('401: Unauthorized');
    expect(
      await call(
        api.DELETE(
          '/api/session',
          answering(() => new Response(null, { status: 204 })),
        ),
      ),
    ).toBeUndefined();
  });
});
