import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { API_ROUTES, openApiDocument } from './openapi-routes';
import { adapt, buildOpenApiDocument, documentPath, toRouterPath } from './openapi';
import { z } from './zod';
import { SOURCE_URL_MAX_CHARS } from '../limits';

type Doc = {
  paths: Record<
    string,
    Record<
      string,
      { responses: Record<string, { content?: Record<string, { schema: unknown }> }>; requestBody?: unknown }
    >
  >;
  components: { schemas: Record<string, unknown> };
};
const doc = () => structuredClone(openApiDocument()) as unknown as Doc;

async function validate(document: unknown) {
  const validator = new Validator();
  const result = await validator.validate(document as Parameters<Validator['validate']>[0]);
  return { ...result, version: validator.version };
}

describe('the OpenAPI document', () => {
  it('validates as OpenAPI 3.1 with the official schema', async () => {
    const result = await validate(doc());
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(result.version).toBe('3.1');
  });

  it('is refused by the same validator when an operation loses its responses (the check is real)', async () => {
    const broken = doc();
    delete (broken.paths['/api/templates']!.get as Partial<Doc['paths'][string][string]>).responses;
    broken.paths['/api/upload']!.post!.requestBody = { content: 'multipart' };
    expect((await validate(broken)).valid).toBe(false);
  });

  it('resolves every reference to a component that exists', () => {
    const d = doc();
    const refs = JSON.stringify(d).match(/"\$ref":"[^"]+"/g) ?? [];
    expect(refs.length).toBeGreaterThan(10);
    for (const ref of refs) {
      const name = ref.slice('"$ref":"#/components/schemas/'.length, -1);
      expect(ref.startsWith('"$ref":"#/components/schemas/'), ref).toBe(true);
      expect(d.components.schemas[name], ref).toBeDefined();
    }
  });

  it('answers every route’s errors as {error, code} with the codes it lists, and a 500 everywhere', () => {
    const d = doc();
    for (const route of API_ROUTES) {
      const op = d.paths[documentPath(route.path)]![route.method]!;
      expect(op.responses['500'], `${route.method} ${route.path}`).toBeDefined();
      for (const e of route.errors) {
        const schema = op.responses[String(e.status)]!.content!['application/json']!.schema as {
          properties: { code: { enum: string[] } };
        };
        expect(schema.properties.code.enum).toContain(e.code);
      }
    }
  });

  it('describes the image part of a multipart body as binary, or its url instead (exactly one), in every operation of a tool', () => {
    type Branch = {
      properties: Record<string, { format?: string; maxLength?: number }>;
      required: string[];
      anyOf: unknown;
      not: unknown;
    };
    const body = doc().paths['/api/security']!.post!.requestBody as {
      content: Record<string, { schema: { oneOf: Branch[] } }>;
    };
    const branches = body.content['multipart/form-data']!.schema.oneOf;
    expect(branches.map((b) => (b.properties.operation as { const?: string }).const)).toEqual([
      'watermark',
      'blur',
      'privacy',
    ]);
    for (const b of branches) {
      expect(b.properties.image!.format).toBe('binary');
      expect(b.properties.url!.maxLength).toBe(SOURCE_URL_MAX_CHARS);
      expect(b.required).toContain('operation');
      expect(b.required).not.toContain('image');
      expect(b.anyOf).toEqual([{ required: ['image'] }, { required: ['url'] }]);
      expect(b.not).toEqual({ required: ['image', 'url'] });
    }
  });

  it('offers the event stream on the tool routes only', () => {
    const d = doc();
    const streaming = Object.entries(d.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => op.responses['200']?.content?.['text/event-stream'])
        .map(([m]) => `${m} ${path}`),
    );
    expect(streaming.sort()).toEqual([
      'post /api/convert',
      'post /api/modify',
      'post /api/optimize',
      'post /api/security',
    ]);
  });

  it('names x-billed-calls on every answer of the routes that can make a billed call, and on no other', () => {
    const d = doc() as unknown as {
      paths: Record<string, Record<string, { responses: Record<string, { headers?: Record<string, unknown> }> }>>;
    };
    const billing = Object.entries(d.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => Object.values(op.responses).every((r) => r.headers?.['x-billed-calls']))
        .map(([m]) => `${m} ${path}`),
    );
    const none = Object.entries(d.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => Object.values(op.responses).every((r) => !r.headers?.['x-billed-calls']))
        .map(([m]) => `${m} ${path}`),
    );
    expect(billing.sort()).toEqual(
      [
        'post /api/upload',
        'post /api/generate-image',
        'post /api/generate-captions',
        'post /api/optimize',
        'post /api/modify',
        'post /api/convert',
        'post /api/convert/html',
        'post /api/security',
        'post /api/analyze-metadata',
        'post /api/memes/render',
        'post /api/memes/suggest',
        'get /api/memes/{template}/{captions}',
        'post /api/shares',
      ].sort(),
    );
    // Every operation is one or the other: no route names it on some answers only.
    expect(billing.length + none.length).toBe(API_ROUTES.length);
  });

  it('gives every body an example the route’s own schema accepts (the curl examples work)', () => {
    for (const route of API_ROUTES) {
      if (!route.body) continue;
      const { body } = route;
      const input =
        body.kind === 'json'
          ? body.example
          : Object.fromEntries(Object.entries(body.example).map(([k, v]) => [k, String(v)]));
      const parsed = (body.kind === 'json' ? body.schema : body.fields).safeParse(input);
      expect(parsed.error?.issues ?? [], `${route.method} ${route.path}`).toEqual([]);
    }
  });

  it('refuses a route described twice, and one answer schema under two names', () => {
    const route = API_ROUTES[0]!;
    expect(() => buildOpenApiDocument({ version: '1', tags: [], routes: [route, route] })).toThrow(/described twice/);
    const schema = z.object({ a: z.string() });
    const answer = (id: string) => ({
      ...route,
      path: `/api/${id}`,
      answers: [{ status: 200, description: 'x', kind: 'json' as const, schema, id }],
    });
    expect(() => buildOpenApiDocument({ version: '1', tags: [], routes: [answer('One'), answer('Two')] })).toThrow(
      /already named One/,
    );
  });
});

describe('adapt', () => {
  it('drops $schema, $id and $defs, points $defs references at the components and drops the safe-integer bound', () => {
    expect(
      adapt({
        $schema: 'x',
        $id: 'y',
        type: 'object',
        properties: { a: { $ref: '#/$defs/A' }, n: { type: 'integer', maximum: Number.MAX_SAFE_INTEGER, minimum: 0 } },
        $defs: { A: {} },
      }),
    ).toEqual({
      type: 'object',
      properties: { a: { $ref: '#/components/schemas/A' }, n: { type: 'integer', minimum: 0 } },
    });
  });
  it('spells path parameters the router’s way', () => {
    expect(toRouterPath('/api/templates/{id}/image')).toBe('/api/templates/:id/image');
    // A parameter spanning the rest of the path: greedy for the router, one named parameter in the document.
    expect(toRouterPath('/api/memes/{template}/{captions+}')).toBe('/api/memes/:template/:captions+');
    expect(documentPath('/api/memes/{template}/{captions+}')).toBe('/api/memes/{template}/{captions}');
  });
});
