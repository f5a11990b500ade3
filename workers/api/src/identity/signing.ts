import { HttpError } from '../errors';

const encoder = new TextEncoder();
const keys = new Map<string, Promise<CryptoKey>>();

/** The signing secret; a server without one cannot issue cookies, so it says so instead of signing with nothing. */
export function signingSecret(env: Pick<Env, 'SESSION_SECRET'>): string {
  const secret = env.SESSION_SECRET;
  if (!secret || secret.length < 16) {
    throw new HttpError(503, 'not_configured', 'Sessions are not configured on this server. Please try again later.');
  }
  return secret;
}

function hmacKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    keys.set(secret, key);
  }
  return key;
}

function base64url(bytes: ArrayBuffer): string {
  return btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** HMAC-SHA-256 of `message`, base64url. Also used to hash IPs, so a raw address is never stored. */
export async function hmac(secret: string, message: string): Promise<string> {
  return base64url(await crypto.subtle.sign('HMAC', await hmacKey(secret), encoder.encode(message)));
}

/** Compares two strings in time independent of where they differ (both are hashed to equal length first). */
export async function timingSafeEqualStrings(a: string, b: string): Promise<boolean> {
  const [da, db] = await Promise.all([
    crypto.subtle.digest('SHA-256', encoder.encode(a)),
    crypto.subtle.digest('SHA-256', encoder.encode(b)),
  ]);
  const x = new Uint8Array(da);
  const y = new Uint8Array(db);
  let diff = 0;
  for (let i = 0; i < x.length; i++) diff |= x[i]! ^ y[i]!;
  return diff === 0;
}

/** `value.signature`, where the purpose is part of what is signed (a visitor id cannot pass as a session id). */
export async function sign(secret: string, purpose: string, value: string): Promise<string> {
  return `${value}.${await hmac(secret, `${purpose}|${value}`)}`;
}

/** The value of a signed token, or null when it is malformed or its signature does not match. */
export async function verify(secret: string, purpose: string, token: string | undefined): Promise<string | null> {
  if (!token) return null;
  const dot = token.lastIndexOf('.');
  if (dot <= 0) return null;
  const value = token.slice(0, dot);
  const expected = await hmac(secret, `${purpose}|${value}`);
  return (await timingSafeEqualStrings(expected, token.slice(dot + 1))) ? value : null;
}

export function randomId(bytes = 16): string {
  return [...crypto.getRandomValues(new Uint8Array(bytes))].map((b) => b.toString(16).padStart(2, '0')).join('');
}
