import { describe, expect, it } from 'vitest';
import { exports } from 'cloudflare:workers';
import { api, pngDeclaring, upload } from '../helpers';

describe('API security headers', () => {
  it('every JSON answer, success or error, is nosniff with a locked-down CSP', async () => {
    for (const res of [
      await api('/api/health'),
      await api('/api/nope'),
      await api('/api/upload', { method: 'POST' }),
    ]) {
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
    }
  });

  it('stored images keep their own sandbox CSP', async () => {
    const { imageUrl } = (await (await upload(pngDeclaring(1, 1))).json()) as { imageUrl: string };
    const res = await api(imageUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('over https (production) every answer also carries HSTS; over plain http (npm start, tests) none', async () => {
    const viaHttps = (path: string, init?: RequestInit) =>
      exports.default.fetch(new Request(`https://memeforge.example${path}`, init));
    for (const res of [
      await viaHttps('/api/health'),
      await viaHttps('/api/nope'),
      await viaHttps('/api/upload', { method: 'POST' }),
    ]) {
      expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    }
    expect((await api('/api/health')).headers.get('strict-transport-security')).toBeNull();
  });
});
