/**
 * Addresses of the images this API stores (`/api/images/{id}`), without zod, so the editor can read them too
 * (ADR 0080). Ids are `t{expiry bucket, base 36}-{32 hex}` for images that expire, `k-{32 hex}` for kept ones.
 */
export const IMAGE_ID_PATTERN = /^(?:t[0-9a-z]{1,12}|k)-[0-9a-f]{32}$/;
export const IMAGES_PATH = '/api/images/';

/** The image id of an address this API gave out (`/api/images/{id}`), or null. */
export function imageIdOf(address: string): string | null {
  const id = address.startsWith(IMAGES_PATH) ? address.slice(IMAGES_PATH.length) : '';
  return IMAGE_ID_PATTERN.test(id) ? id : null;
}

/**
 * The image id of an address this API gave out, as answers name it (`https://{site}/api/images/{id}`) or as a path
 * (`/api/images/{id}`); null for anything else, for a query or fragment, and for another site's address when the
 * answering site's `origin` is given.
 */
export function imageIdOfAddress(address: string, origin?: string): string | null {
  if (address.startsWith('/')) return imageIdOf(address);
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return null;
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.search || url.hash || url.username || url.password)
    return null;
  if (origin !== undefined && url.origin !== origin) return null;
  return imageIdOf(url.pathname);
}

/** `/api/images/{id}` when `src` (absolute or relative to `page`) is an image this site stored, else null. */
export function storedImageAddress(src: string | undefined, page: string): string | null {
  if (!src) return null;
  try {
    const url = new URL(src, page);
    if (url.origin !== new URL(page).origin || url.search || url.hash) return null;
    return imageIdOf(url.pathname) ? url.pathname : null;
  } catch {
    return null;
  }
}
