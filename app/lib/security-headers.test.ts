import { describe, expect, it } from 'vitest';
import { applySecurityHeaders, contentSecurityPolicy, newNonce } from './security-headers';

describe('page security headers', () => {
  it('in production (https) a page gets nosniff, referrer policy, no framing and HSTS', () => {
    const headers = new Headers();
    applySecurityHeaders(headers, new Request('https://memeforge.example/pricing'));
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(headers.get('x-frame-options')).toBe('DENY');
    expect(headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });

  it('over plain http (npm start on loopback) no HSTS, everything else the same', () => {
    const headers = new Headers();
    applySecurityHeaders(headers, new Request('http://127.0.0.1:8788/'));
    expect(headers.get('strict-transport-security')).toBeNull();
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('x-frame-options')).toBe('DENY');
  });

  it('the CSP allows scripts only from our origin or with this response’s nonce, and forbids framing', () => {
    const nonce = newNonce();
    const csp = contentSecurityPolicy(nonce);
    const directives = new Map(csp.split('; ').map((d) => [d.split(' ')[0], d] as const));
    expect(directives.get('script-src')).toBe(`script-src 'self' 'nonce-${nonce}'`);
    expect(directives.get('frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(directives.get('object-src')).toBe("object-src 'none'");
    expect(csp).not.toMatch(/unsafe-eval/);
    expect(newNonce()).not.toBe(nonce);
  });
});
