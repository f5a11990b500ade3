import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiClientError, getJson } from './api-client';

afterEach(() => vi.unstubAllGlobals());

describe('getJson', () => {
  it('joins key segments with slashes and sends credentials', async () => {
    const fetchMock = vi.fn(async () => new Response('{"ok":1}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await getJson(['api', 'templates', 'abc'])).toEqual({ ok: 1 });
    expect(fetchMock).toHaveBeenCalledWith('/api/templates/abc', expect.objectContaining({ credentials: 'include' }));
  });

  it('raises "status: body" with the server message on a non-success answer', async () => {
    const body = JSON.stringify({ error: 'Daily AI limit reached!', code: 'quota_exceeded' });
    vi.stubGlobal('fetch', async () => new Response(body, { status: 429, statusText: 'Too Many Requests' }));
    const err = await getJson('/api/x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiClientError);
    expect(err).toMatchObject({ status: 429, message: `429: ${body}`, serverMessage: 'Daily AI limit reached!', code: 'quota_exceeded' });
  });

  it('falls back to the status text when the body is empty', async () => {
    vi.stubGlobal('fetch', async () => new Response('', { status: 401, statusText: 'Unauthorized' }));
    await expect(getJson('/api/x')).rejects.toThrow('401: Unauthorized');
  });
});
