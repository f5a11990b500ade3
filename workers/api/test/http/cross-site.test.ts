import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { CROSS_SITE_MESSAGE } from '../../src/cross-site';
import { api, cookiesFrom, listKeys, pngDeclaring, uploadForm } from '../helpers';

/** A multipart upscale, as a page on another site could send it with fetch(…, { mode: 'no-cors' }). */
function upscale(site: string | null, cookie = '', authorization?: string) {
  const form = uploadForm(pngDeclaring(16, 16));
  form.append('operation', 'upscale');
  form.append('factor', '2');
  const headers: Record<string, string> = { cookie };
  if (site) headers['sec-fetch-site'] = site;
  if (authorization) headers.authorization = authorization;
  return api('/api/optimize', { method: 'POST', body: form, headers });
}

describe('requests a browser marks as cross-site', () => {
  it('cannot spend a visitor’s allowance with a multipart POST: 403 before any work, nothing counted or stored', async () => {
    const first = await api('/api/usage-limit');
    const cookie = cookiesFrom(first);
    const before = await first.json<{ used: number }>();
    const objects = (await listKeys(env.BUCKET)).length;
    const refused = await upscale('cross-site', cookie);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: CROSS_SITE_MESSAGE, code: 'forbidden' });
    const after = await (await api('/api/usage-limit', { headers: { cookie } })).json<{ used: number }>();
    expect(after.used).toBe(before.used);
    expect((await listKeys(env.BUCKET)).length).toBe(objects);
  });

  it('lets the site itself, other sites’ GETs, programs without the header and API-key calls through', async () => {
    expect((await upscale('same-origin')).status).toBe(200);
    expect((await upscale(null)).status).toBe(200);
    expect((await api('/api/templates', { headers: { 'sec-fetch-site': 'cross-site' } })).status).toBe(200);
    // A key is checked by the key rules instead: this one is unknown, so 401, not the cross-site 403.
    expect(
      (await upscale('cross-site', '', 'Bearer mf_not-a-real-key-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa')).status,
    ).toBe(401);
  });
});
