/**
 * The OpenAPI 3.1 document of /api, generated from the zod schemas the API and the UI already share (ADR 0106).
 * Routes are described once in `openapi-routes.ts`; this module turns them into the document, each route an operation
 * (`openapi-operations.ts`, its answers in `openapi-responses.ts`). zod 4 writes JSON Schema 2020-12, which OpenAPI
 * 3.1 takes as it is: `adapt` (`openapi-schemas.ts`) is the one place its output is reshaped (no `$schema` or `$id`
 * inside the document, references pointed at `#/components/schemas`).
 */
import { API_KEY_PREFIX } from './api-keys';
import { documentPath } from './openapi-paths';
import { operationOf } from './openapi-operations';
import { componentSchemas } from './openapi-schemas';

export { documentPath, toRouterPath } from './openapi-paths';
export type {
  ApiInfo,
  HttpMethod,
  JsonSchema,
  RouteAnswer,
  RouteAuth,
  RouteBody,
  RouteDoc,
  RouteError,
  RouteThrottle,
} from './openapi-types';
export { routeList } from './openapi-types';
export { adapt, IMAGE_FILE_SCHEMA, IMAGE_PART_EXAMPLE } from './openapi-schemas';
export { canBill } from './openapi-responses';
import type { ApiInfo, JsonSchema } from './openapi-types';

export const SESSION_COOKIE_NAME = 'mf_session';

export function buildOpenApiDocument({ version, tags, routes, shared = {} }: ApiInfo): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const route of routes) {
    const path = documentPath(route.path);
    if (paths[path]?.[route.method]) throw new Error(`${route.method} ${path} is described twice`);
    paths[path] = { ...paths[path], [route.method]: operationOf(route) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Memeforge API',
      version,
      summary:
        'Meme templates, AI images and captions, and image tools (compress, resize, convert, watermark, blur, privacy).',
      description:
        'Every error is JSON `{ "error": "a sentence for people", "code": "stable_snake_case" }` with the status that fits. A path below `/api` that is not listed here answers 404 `not_found`; a listed path asked with a method it does not list (TRACE, PUT, OPTIONS …) answers 405 `method_not_allowed` with `Allow` naming the methods it takes (HEAD wherever GET is). Uploaded and generated images expire after an hour: reading one after that answers 410. ' +
        "Pages on other websites may read the public answers (meme URLs, templates, shares, this document) and call any route with an API key: those answers carry `Access-Control-Allow-Origin: *`, never with cookies or credentials. A browser's preflight (OPTIONS with `Access-Control-Request-Method`) answers 204 for a public read or a call that sends `Authorization`, and 403 `forbidden` for anything else; a call with no key that changes something is refused from another site anyway. " +
        "Answers that are the same for everyone are kept by the site's edge cache and say `x-cache: hit` (from it) or `miss` (made for this request).",
      contact: { name: 'Memeforge: the API guide is /developers on this site' },
      license: { name: 'Proprietary' },
    },
    jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base',
    servers: [{ url: '/', description: 'The same origin as the site' }],
    tags,
    paths,
    components: {
      schemas: componentSchemas(routes, shared),
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: `${API_KEY_PREFIX}…`,
          description: `An API key made on the dashboard: \`Authorization: Bearer ${API_KEY_PREFIX}…\`. Calls are counted against the key's monthly allowance.`,
        },
        cookieSession: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE_NAME,
          description:
            'The premium session the dashboard opens with the access code (POST /api/session). HttpOnly: browsers only.',
        },
      },
    },
  };
}
