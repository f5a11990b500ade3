/**
 * The security headers of every page the Pages function renders. Scripts run only from our origin or with the
 * per-request nonce (Remix's inline hydration scripts and the theme boot script carry it); styles allow inline
 * attributes because React and Radix set `style` props. Images may be data:/blob: (canvas exports, previews).
 */
import { createContext, useContext } from 'react';
import { HSTS_VALUE, isHttps } from '../../core/security';

/** The nonce of the current server render; undefined in the browser, which never needs it after hydration. */
export const NonceContext = createContext<string | undefined>(undefined);
export const useNonce = () => useContext(NonceContext);

export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "media-src 'self' blob:",
    "worker-src 'self' blob:",
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

/**
 * Headers for every response of the Pages function. HSTS only over https: production and preview deployments are
 * https-only on Cloudflare, while `npm start` serves plain http on 127.0.0.1, where HSTS would be wrong.
 */
export function applySecurityHeaders(headers: Headers, request: Request): void {
  headers.set('X-Content-Type-Options', 'nosniff');
  headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  headers.set('X-Frame-Options', 'DENY');
  if (isHttps(request)) headers.set('Strict-Transport-Security', HSTS_VALUE);
}
