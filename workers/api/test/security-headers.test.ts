import { describe, expect, it } from 'vitest';
import { api, pngDeclaring, upload } from './helpers';

describe('API security headers', () => {
  it('every JSON answer, success or error, is nosniff with a locked-down CSP', async () => {
    for (const res of [await api('/api/health'), await api('/api/nope'), await api('/api/upload', { method: 'POST' })]) {
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
});
