export function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get('cookie');
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Cookies are Secure everywhere except plain-http localhost, where browsers would drop them. */
function secureFor(request: Request): boolean {
  const url = new URL(request.url);
  return !(url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname));
}

/**
 * An HttpOnly, SameSite=Lax cookie for the whole site; `maxAgeSeconds` 0 deletes it. `readable` leaves HttpOnly off,
 * for a hint the page's script reads (the header's "Account" link) and that grants nothing.
 */
export function cookieHeader(
  request: Request,
  name: string,
  value: string,
  maxAgeSeconds: number,
  readable = false,
): string {
  const parts = [
    `${name}=${value}`,
    'Path=/',
    `Max-Age=${maxAgeSeconds}`,
    ...(readable ? [] : ['HttpOnly']),
    'SameSite=Lax',
  ];
  if (secureFor(request)) parts.push('Secure');
  return parts.join('; ');
}
