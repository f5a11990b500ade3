/**
 * The OpenAPI 3.1 document of /api, generated from the zod schemas the API and the UI already share (ADR 0106).
 * Routes are described once in `openapi-routes.ts`; this module turns them into the document. zod 4 writes JSON
 * Schema 2020-12, which OpenAPI 3.1 takes as it is: `adapt` is the one place its output is reshaped (no `$schema`
 * or `$id` inside the document, references pointed at `#/components/schemas`).
 */
import { z } from './zod';
import { API_KEY_PREFIX } from './api-keys';
import { BILLED_CALLS_DESCRIPTION, BILLED_CALLS_HEADER } from './billed-calls';
import { sourceUrlSchema } from './images';
import { documentPath } from './openapi-paths';

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
import type { ApiInfo, JsonSchema, RouteBody, RouteDoc, RouteError } from './openapi-types';

const JSON_TYPE = 'application/json';
const EVENT_STREAM = 'text/event-stream';
const REF_PREFIX = '#/components/schemas/';

/**
 * What the multipart examples show for the `image` part, which they must name (it is required): the part is the file
 * itself, which an example written as JSON can only stand in for.
 */
export const IMAGE_PART_EXAMPLE = '(the picture file)';

/** The multipart `image` part: binary bytes whose format the server reads from the bytes themselves. */
export const IMAGE_FILE_SCHEMA: JsonSchema = {
  type: 'string',
  format: 'binary',
  contentMediaType: 'application/octet-stream',
  description:
    'The picture (JPEG, PNG, WebP, GIF, BMP, TIFF, AVIF or HEIC; the format is read from the bytes). Send exactly one of `image` and `url`.',
};

/** zod's JSON Schema, reshaped for a place inside an OpenAPI 3.1 document. The only place this happens. */
export function adapt(schema: JsonSchema): JsonSchema {
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (node === null || typeof node !== 'object') return node;
    const out: JsonSchema = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === '$schema' || key === '$id' || key === '$defs') continue;
      if (key === '$ref' && typeof value === 'string') out[key] = value.replace(/^#\/\$defs\//, REF_PREFIX);
      // 2^53 − 1 is zod's way of saying "a safe integer": noise in a reference, not a limit anyone meets.
      else if (
        (key === 'maximum' && value === Number.MAX_SAFE_INTEGER) ||
        (key === 'minimum' && value === Number.MIN_SAFE_INTEGER)
      )
        continue;
      else out[key] = walk(value);
    }
    return out;
  };
  return walk(schema) as JsonSchema;
}

function requestSchema(schema: z.core.$ZodType): JsonSchema {
  return adapt(z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' }) as JsonSchema);
}

/**
 * Multipart fields, with the picture added to each operation's branch: the `image` part or its address as `url`
 * (ADR 0131), exactly one of the two.
 */
function multipartSchema(fields: z.ZodType): JsonSchema {
  const url = requestSchema(sourceUrlSchema);
  const withImage = (branch: JsonSchema): JsonSchema => {
    const properties = { image: IMAGE_FILE_SCHEMA, url, ...((branch.properties as JsonSchema | undefined) ?? {}) };
    const required = ((branch.required as string[] | undefined) ?? []).filter((r) => r !== 'image' && r !== 'url');
    return {
      ...branch,
      type: 'object',
      properties,
      ...(required.length ? { required } : {}),
      anyOf: [{ required: ['image'] }, { required: ['url'] }],
      not: { required: ['image', 'url'] },
    };
  };
  const schema = requestSchema(fields);
  return Array.isArray(schema.oneOf)
    ? { ...schema, oneOf: (schema.oneOf as JsonSchema[]).map(withImage) }
    : withImage(schema);
}

const errorSchemaFor = (codes: string[]): JsonSchema => ({
  type: 'object',
  properties: {
    error: { type: 'string', description: 'What went wrong and what to do, for a person to read.' },
    code: { type: 'string', enum: codes },
  },
  required: ['error', 'code'],
});

const RETRY_AFTER = { description: 'Seconds to wait before trying again.', schema: { type: 'integer', minimum: 1 } };

const headersOf = (headers: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(headers).map(([name, description]) => [name, { description, schema: { type: 'string' } }]),
  );

/**
 * The routes that can make a billed call are exactly the burst-limited ones (`throttled`, and the meme URL, which is
 * throttled when it draws) but the share delete and the contact form (`limited`): every answer of theirs says how many
 * it made (ADR 0148).
 */
export const canBill = (route: RouteDoc) => route.throttle !== undefined && route.throttle.kind !== 'limited';
const BILLED_CALLS = {
  [BILLED_CALLS_HEADER]: { description: BILLED_CALLS_DESCRIPTION, schema: { type: 'integer', minimum: 0 } },
};

function responsesOf(route: RouteDoc): Record<string, JsonSchema> {
  const responses = plainResponsesOf(route);
  if (!canBill(route)) return responses;
  for (const [status, response] of Object.entries(responses)) {
    // A stream's headers leave before its work: its last event carries the count (the event stream's description).
    responses[status] = {
      ...response,
      headers: { ...((response.headers as JsonSchema | undefined) ?? {}), ...BILLED_CALLS },
    };
  }
  return responses;
}

function plainResponsesOf(route: RouteDoc): Record<string, JsonSchema> {
  const responses: Record<string, JsonSchema> = {};
  for (const answer of route.answers) {
    const ref = answer.kind === 'json' ? { $ref: `${REF_PREFIX}${answer.id}` } : null;
    if (answer.kind === 'json') {
      const content: JsonSchema = { [JSON_TYPE]: { schema: ref } };
      if (answer.streams) {
        content[EVENT_STREAM] = {
          schema: {
            type: 'string',
            description:
              'Sent when the request has `Accept: text/event-stream`: `phase` events ({"phase": "queued" | "processing" | "encoding" | "storing", "estimateMs"?, "job"?}) as the work goes (an AI job’s first one carries its `job` id, for `DELETE /api/jobs/{id}`), then one `result` event (the JSON answer with `billedCalls`, what a plain answer says in `x-billed-calls`) or one `error` event ({error, code, status, billedCalls}).',
          },
        };
      }
      responses[answer.status] = {
        description: answer.description,
        ...(answer.headers ? { headers: headersOf(answer.headers) } : {}),
        content,
      };
    } else if (answer.kind === 'image') {
      responses[answer.status] = {
        description: answer.description,
        ...(answer.headers ? { headers: headersOf(answer.headers) } : {}),
        content: { 'image/*': { schema: { type: 'string', contentMediaType: 'image/*' } } },
      };
    } else if (answer.kind === 'file') {
      responses[answer.status] = {
        description: answer.description,
        ...(answer.headers ? { headers: headersOf(answer.headers) } : {}),
        content: { [answer.contentType]: { schema: { type: 'string', contentMediaType: answer.contentType } } },
      };
    } else {
      responses[answer.status] = {
        description: answer.description,
        ...(answer.headers ? { headers: headersOf(answer.headers) } : {}),
      };
    }
  }
  const byStatus = new Map<number, RouteError[]>();
  for (const e of route.errors) byStatus.set(e.status, [...(byStatus.get(e.status) ?? []), e]);
  for (const [status, errors] of [...byStatus].sort(([a], [b]) => a - b)) {
    const codes = [...new Set(errors.map((e) => e.code))];
    responses[status] = {
      description: errors.map((e) => `\`${e.code}\`: ${e.when}`).join(' '),
      ...(status === 429 ? { headers: { 'Retry-After': RETRY_AFTER } } : {}),
      content: { [JSON_TYPE]: { schema: errorSchemaFor(codes) } },
      'x-errors': errors.map(({ code, when }) => ({ code, when })),
    };
  }
  return responses;
}

function parametersOf(route: RouteDoc): JsonSchema[] {
  const params: JsonSchema[] = Object.entries(route.pathParams ?? {}).map(([name, p]) => ({
    name: name.replace(/\+$/, ''),
    in: 'path',
    required: true,
    ...(name.endsWith('+') ? { 'x-spans-segments': true } : {}),
    description: p.description,
    example: p.example,
    schema: p.schema ? requestSchema(p.schema) : { type: 'string' },
  }));
  for (const [name, h] of Object.entries(route.headerParams ?? {})) {
    params.push({
      name,
      in: 'header',
      required: h.required ?? false,
      ...(h.inExamples ? { 'x-in-examples': true } : {}),
      description: h.description,
      example: h.example,
      schema: { type: 'string' },
    });
  }
  if (route.query) {
    const schema = requestSchema(route.query);
    const required = new Set((schema.required as string[] | undefined) ?? []);
    for (const [name, property] of Object.entries((schema.properties as Record<string, JsonSchema>) ?? {})) {
      const { description, ...rest } = property;
      params.push({
        name,
        in: 'query',
        required: required.has(name),
        ...(description ? { description } : {}),
        schema: rest,
      });
    }
  }
  return params;
}

function requestBodyOf(body: RouteBody): JsonSchema {
  if (body.kind === 'json')
    return { required: true, content: { [JSON_TYPE]: { schema: requestSchema(body.schema), example: body.example } } };
  return {
    required: true,
    'x-max-bytes': body.maxBytes,
    content: {
      'multipart/form-data': {
        schema: multipartSchema(body.fields),
        example: { image: IMAGE_PART_EXAMPLE, ...body.example },
        encoding: { image: { contentType: 'image/*, application/octet-stream' } },
      },
    },
  };
}

const SECURITY_PREMIUM = [{ bearerAuth: [] }, { cookieSession: [] }];
const SECURITY_SESSION = [{ cookieSession: [] }];
// Public routes take a key or a session when there is one (premium has no daily cap), and work without.
const SECURITY_PUBLIC = [{}, ...SECURITY_PREMIUM];

function operationOf(route: RouteDoc): JsonSchema {
  const params = parametersOf(route);
  const limits = route.limits ?? [];
  return {
    operationId: route.operationId,
    tags: [route.tag],
    summary: route.summary,
    description: limits.length ? `${route.description}\n\nLimits: ${limits.join(' ')}` : route.description,
    security:
      route.auth === 'premium' ? SECURITY_PREMIUM : route.auth === 'session' ? SECURITY_SESSION : SECURITY_PUBLIC,
    ...(params.length ? { parameters: params } : {}),
    ...(route.body ? { requestBody: requestBodyOf(route.body) } : {}),
    responses: responsesOf(route),
    ...(limits.length ? { 'x-limits': limits } : {}),
  };
}

/** Every response body schema named by the routes, once, as components (output side: what the API sends). */
function componentSchemas(routes: readonly RouteDoc[], shared: Record<string, z.ZodType>): Record<string, JsonSchema> {
  // Error answers are not named here: each one's schema lists the codes its route can answer (errorSchemaFor).
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(shared)) registry.add(schema, { id });
  for (const route of routes) {
    for (const answer of route.answers) {
      if (answer.kind !== 'json') continue;
      const known = registry.get(answer.schema);
      if (known && known.id !== answer.id) throw new Error(`${answer.id}: this schema is already named ${known.id}`);
      if (!known) registry.add(answer.schema, { id: answer.id });
    }
  }
  const out = z.toJSONSchema(registry, { target: 'draft-2020-12', io: 'output', uri: (id) => `${REF_PREFIX}${id}` });
  return Object.fromEntries(Object.entries(out.schemas).map(([id, schema]) => [id, adapt(schema as JsonSchema)]));
}

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
