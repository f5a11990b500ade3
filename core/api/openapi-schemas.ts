/**
 * The JSON Schemas inside the OpenAPI document (ADR 0106): zod's output reshaped by `adapt`, the one place that
 * happens, request schemas (zod's input side, the multipart picture as `image` or `url`) and the named response
 * schemas of the components (zod's output side).
 */
import { z } from './zod';
import { sourceUrlSchema } from './images';
import type { JsonSchema, RouteDoc } from './openapi-types';

export const JSON_TYPE = 'application/json';
export const REF_PREFIX = '#/components/schemas/';

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

/** A request's schema (a body, a path or query parameter): zod's input side, where a default makes a field optional. */
export function requestSchema(schema: z.core.$ZodType): JsonSchema {
  return adapt(z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' }) as JsonSchema);
}

/**
 * Multipart fields, with the picture added to each operation's branch: the `image` part or its address as `url`
 * (ADR 0131), exactly one of the two.
 */
export function multipartSchema(fields: z.ZodType): JsonSchema {
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

/** Every response body schema named by the routes, once, as components (output side: what the API sends). */
export function componentSchemas(
  routes: readonly RouteDoc[],
  shared: Record<string, z.ZodType>,
): Record<string, JsonSchema> {
  // Error answers are not named here: each one's schema lists the codes its route can answer (errorSchemaFor in
  // openapi-responses.ts).
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
