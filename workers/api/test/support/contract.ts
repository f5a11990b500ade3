/**
 * The contract check every Worker test runs without asking (wired in apply-migrations.ts): each answer the Worker
 * gives a test is held against the OpenAPI document — the status must be one the route documents, the content type
 * the one documented for that status, and a JSON body must validate against its schema. @cfworker/json-schema
 * validates without generating code, which workerd forbids.
 */
import { Validator, type Schema } from '@cfworker/json-schema';
import { openApiDocument } from '../../../../core/api/openapi-routes';

type Json = Record<string, unknown>;
interface Operation {
  responses: Record<string, { content?: Record<string, { schema?: Json }> }>;
}
interface Documented {
  method: string;
  path: string;
  pattern: RegExp;
  operation: Operation;
}

const doc = openApiDocument() as {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Json> };
};

const spansSegments = (operation: Operation, name: string) =>
  ((operation as { parameters?: Json[] }).parameters ?? []).some(
    (p) => p.name === name && p.in === 'path' && p['x-spans-segments'] === true,
  );

const documented: Documented[] = Object.entries(doc.paths).flatMap(([path, ops]) =>
  Object.entries(ops).map(([method, operation]) => ({
    method: method.toUpperCase(),
    path,
    // A parameter marked x-spans-segments (`{captions}` of a meme URL) spans the rest of the path, slashes too
    // (core/api/openapi.ts documentPath).
    pattern: new RegExp(
      `^${path.replace(/\{(\w+)\}/g, (_, name: string) => (spansSegments(operation, name) ? '.+' : '[^/]+'))}$`,
    ),
    operation,
  })),
);

/** The schema with every `#/components/schemas/*` reference replaced by the component (the document has no cycles). */
function inline(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(inline);
  if (node === null || typeof node !== 'object') return node;
  const ref = (node as Json).$ref;
  if (typeof ref === 'string') return inline(doc.components.schemas[ref.replace('#/components/schemas/', '')]);
  return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, inline(v)]));
}

const validators = new Map<Json, Validator>();
const validatorFor = (schema: Json) => {
  let v = validators.get(schema);
  if (!v) validators.set(schema, (v = new Validator(inline(schema) as Schema, '2020-12', false)));
  return v;
};

/**
 * Outside the document: the router's catch-all 404 (405 on a path the document lists, asked with a method it does
 * not; the document's description says so), or its body-size check, which runs before any route matches.
 */
const UNROUTED: Record<number, Json> = {
  404: {
    type: 'object',
    properties: { error: { type: 'string' }, code: { const: 'not_found' } },
    required: ['error', 'code'],
  },
  405: {
    type: 'object',
    properties: { error: { type: 'string' }, code: { const: 'method_not_allowed' } },
    required: ['error', 'code'],
  },
  413: {
    type: 'object',
    properties: { error: { type: 'string' }, code: { const: 'payload_too_large' } },
    required: ['error', 'code'],
  },
};

/** A browser's CORS preflight, answered on every path (src/cors.ts; the document's description says so): 204 or 403. */
const PREFLIGHT: Record<number, Json | null> = {
  204: null,
  403: {
    type: 'object',
    properties: { error: { type: 'string' }, code: { const: 'forbidden' } },
    required: ['error', 'code'],
  },
};

/** `image/png` fits `image/*`; parameters (charset) are ignored. */
const typeMatches = (actual: string, documented: string) => {
  const [type, sub] = documented.split('/');
  const [aType, aSub] = actual.split(';')[0]!.trim().toLowerCase().split('/');
  return aType === type && (sub === '*' || aSub === sub);
};

/** What is wrong with this answer to this request, per the document; an empty list when nothing is. */
export async function contractProblems(request: Request, response: Response): Promise<string[]> {
  const { pathname } = new URL(request.url);
  if (!pathname.startsWith('/api')) return [];
  const where = `${request.method} ${pathname} → ${response.status}`;
  if (request.method === 'OPTIONS' && request.headers.has('access-control-request-method')) {
    const schema = PREFLIGHT[response.status];
    if (schema === undefined) return [`${where}: a preflight answers 204 or 403`];
    if (schema === null) return response.body === null ? [] : [`${where}: a preflight's 204 has a body`];
    return checkJson(where, response, schema);
  }
  // HEAD is answered wherever GET is (src/index.ts): GET's status and headers, no body.
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  const route = documented.find((d) => d.method === method && d.pattern.test(pathname));
  const type = response.headers.get('content-type') ?? '';
  if (!route) {
    const schema = UNROUTED[response.status];
    if (!schema) return [`${where}: the document describes no such route`];
    return checkJson(where, response, schema);
  }
  const answer = route.operation.responses[String(response.status)];
  if (!answer)
    return [
      `${where}: ${route.method} ${route.path} documents only ${Object.keys(route.operation.responses).join(', ')}`,
    ];
  if (request.method === 'HEAD') return response.body === null ? [] : [`${where}: a HEAD answer has a body`];
  const content = answer.content ?? {};
  const mediaTypes = Object.keys(content);
  if (mediaTypes.length === 0) {
    return response.body === null || response.status === 302
      ? []
      : [`${where}: documented without a body, but answered ${type || 'one'}`];
  }
  const media = mediaTypes.find((m) => typeMatches(type, m));
  if (!media) return [`${where}: content type "${type}" is not one of ${mediaTypes.join(', ')}`];
  // An event stream is read by the test itself (it may cancel it); images are bytes. Only JSON has a schema to hold.
  if (media !== 'application/json') return [];
  return checkJson(where, response, content[media]!.schema ?? {});
}

async function checkJson(where: string, response: Response, schema: Json): Promise<string[]> {
  const text = await response.clone().text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return [`${where}: the body is not JSON: ${text.slice(0, 120)}`];
  }
  const result = validatorFor(schema).validate(body);
  if (result.valid) return [];
  const errors = result.errors.filter(
    (e) => e.keyword !== 'properties' && e.keyword !== 'items' && e.keyword !== 'anyOf' && e.keyword !== 'oneOf',
  );
  const shown = (errors.length ? errors : result.errors).slice(0, 4).map((e) => `${e.instanceLocation}: ${e.error}`);
  return [`${where}: the body does not match the documented schema — ${shown.join('; ')}`];
}
