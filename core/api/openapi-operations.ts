/**
 * One route as an OpenAPI operation (ADR 0106): its parameters (path, header, query), its request body (JSON or
 * multipart), its security by the auth it takes, its responses and its limits.
 */
import { IMAGE_PART_EXAMPLE, JSON_TYPE, multipartSchema, requestSchema } from './openapi-schemas';
import { responsesOf } from './openapi-responses';
import type { JsonSchema, RouteBody, RouteDoc } from './openapi-types';

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

export function operationOf(route: RouteDoc): JsonSchema {
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
