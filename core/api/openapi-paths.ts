/** How a route's path is spelt in the OpenAPI document and by the router (itty-router). */

/**
 * A route's path as the document writes it: a parameter spanning the rest of the path (`{captions+}`, the router's
 * greedy `:captions+`) is `{captions}` there, since OpenAPI templates name one segment; the parameter says it spans
 * segments with `x-spans-segments` (workers/api/test/support/contract.ts matches by it).
 */
export const documentPath = (path: string) => path.replace(/\{(\w+)\+\}/g, '{$1}');

/**
 * `/api/images/{id}` → `/api/images/:id`, the router's spelling; `{captions+}`, a parameter that spans the rest of
 * the path (slashes too), → itty's greedy `:captions+`.
 */
export const toRouterPath = (path: string) => path.replace(/\{(\w+\+?)\}/g, ':$1');

/** Where the API answers: the Worker's router is mounted here and every documented path starts with it. */
export const API_BASE = '/api';

/** A documented path as the router registers it under its base: `/api/images/{id}` → `/images/:id`. */
export const underApiBase = (path: string) => {
  if (!path.startsWith(`${API_BASE}/`)) throw new Error(`${path} is not under ${API_BASE}/.`);
  return toRouterPath(path.slice(API_BASE.length));
};
