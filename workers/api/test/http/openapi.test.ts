import { describe, expect, it } from 'vitest';
import { API_ROUTES, openApiDocument } from '../../../../core/api/openapi-routes';
import { API_KEY_PREFIX } from '../../../../core/api/api-keys';
import { SESSION_COOKIE_NAME, toRouterPath } from '../../../../core/api/openapi';
import { SESSION_COOKIE } from '../../src/identity/session';
import { router } from '../../src/router';
import { api } from '../helpers';

type RouteEntry = (typeof router.routes)[number];

/**
 * Routes the router answers that the document does not describe, and the other way round (the 404 catch-all and
 * every path's CORS preflight aside: the document's description names both).
 */
function gaps(routes: RouteEntry[]) {
  const answered = routes
    .filter(([method]) => method !== 'ALL' && method !== 'OPTIONS')
    .map(([method, , , path]) => `${method} ${path}`);
  const documented = API_ROUTES.map((r) => `${r.method.toUpperCase()} ${toRouterPath(r.path)}`);
  return {
    undocumented: answered.filter((r) => !documented.includes(r)),
    missing: documented.filter((r) => !answered.includes(r)),
  };
}

describe('GET /api/openapi.json', () => {
  it('describes every route the router has, and no route it does not have', () => {
    expect(router.routes.length).toBeGreaterThan(20);
    expect(gaps(router.routes)).toEqual({ undocumented: [], missing: [] });
  });

  it('would name a route added without a description, and a described route that went away', () => {
    const extra: RouteEntry = ['PUT', /^\/api\/templates$/, [], '/api/templates'];
    const withoutHealth = router.routes.filter(([, , , path]) => path !== '/api/health');
    expect(gaps([...withoutHealth, extra])).toEqual({
      undocumented: ['PUT /api/templates'],
      missing: ['GET /api/health'],
    });
  });

  it("leaves only the API key's meter, the CORS preflight and the 404/405 catch-all outside the document", () => {
    expect(
      router.routes
        .filter(([method]) => method === 'OPTIONS')
        .map(([, , handlers, path]) => [path, handlers.map((h) => h.name)]),
    ).toEqual([['/api*', ['answerPreflight']]]);
    expect(JSON.stringify(openApiDocument().info)).toContain('preflight');
    expect(
      router.routes
        .filter(([method]) => method === 'ALL')
        .map(([, , handlers, path]) => [path, handlers.map((h) => h.name)]),
    ).toEqual([
      ['/api*', ['meterKeyCall']],
      ['/api*', ['notFoundOrNotAllowed']],
    ]);
  });

  it('serves the generated document as JSON', async () => {
    const res = await api('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const body = await res.json<Record<string, unknown>>();
    expect(body).toEqual(openApiDocument());
    expect(body.openapi).toBe('3.1.0');
  });

  it('names the session cookie the Worker really sets, and the bearer key format', () => {
    expect(SESSION_COOKIE_NAME).toBe(SESSION_COOKIE);
    const schemes = (
      openApiDocument().components as { securitySchemes: Record<string, { name?: string; bearerFormat?: string }> }
    ).securitySchemes;
    expect(schemes.cookieSession!.name).toBe(SESSION_COOKIE);
    expect(schemes.bearerAuth!.bearerFormat).toBe(`${API_KEY_PREFIX}…`);
  });
});
