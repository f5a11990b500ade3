/**
 * The document linted with Spectral's `spectral:oas` ruleset (what `spectral lint` runs for `extends: spectral:oas`):
 * every example valid against its schema, no unused components, the info an integrator looks for. Offline: the
 * ruleset ships in the package and the document has no external references.
 */
import { Spectral, type ISpectralDiagnostic } from '@stoplight/spectral-core';
import { oas } from '@stoplight/spectral-rulesets';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from './openapi-routes';

type Json = Record<string, unknown>;
type Doc = {
  paths: Record<
    string,
    Record<string, { requestBody?: { content: Record<string, { schema: Json; example?: Json }> } }>
  >;
};

async function lint(document: unknown): Promise<string[]> {
  const spectral = new Spectral();
  spectral.setRuleset({ extends: [[oas as never, 'recommended']] });
  const results: ISpectralDiagnostic[] = await spectral.run(document as Json);
  return results.map((r) => `${r.code} at ${r.path.join('.')}: ${r.message}`);
}

/** Every string a request body takes, with what bounds it from below. */
function requestStrings(doc: Doc): { where: string; schema: Json }[] {
  const found: { where: string; schema: Json }[] = [];
  const walk = (node: unknown, where: string) => {
    if (Array.isArray(node)) return node.forEach((n) => walk(n, where));
    if (node === null || typeof node !== 'object') return;
    const schema = node as Json;
    if (schema.type === 'string') found.push({ where, schema });
    for (const [name, property] of Object.entries((schema.properties as Json | undefined) ?? {}))
      walk(property, `${where} ${name}`);
    for (const key of ['oneOf', 'anyOf', 'allOf', 'items']) if (schema[key]) walk(schema[key], where);
  };
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      for (const media of Object.values(operation.requestBody?.content ?? {}))
        walk(media.schema, `${method.toUpperCase()} ${path}`);
    }
  }
  return found;
}

describe("the OpenAPI document under Spectral's spectral:oas ruleset", () => {
  it('has no findings, errors or warnings', async () => {
    expect(await lint(openApiDocument())).toEqual([]);
  }, 30_000);

  it('would report an example that leaves out a required part, and an unused component (the lint is real)', async () => {
    const broken = structuredClone(openApiDocument()) as unknown as Doc & {
      components: { schemas: Record<string, Json> };
    };
    delete broken.paths['/api/convert']!.post!.requestBody!.content['multipart/form-data']!.example!.image;
    broken.components.schemas.Orphan = { type: 'string' };
    const findings = await lint(broken);
    expect(findings).toContainEqual(
      expect.stringMatching(/^oas3-valid-media-example at paths\.\/api\/convert\.post\..*required property "image"/),
    );
    expect(findings).toContainEqual(expect.stringMatching(/^oas3-unused-component at components\.schemas\.Orphan/));
  }, 30_000);
});

describe('request bodies in the document', () => {
  it('refuse empty text everywhere but where empty text means something: an empty context, a blank caption box', () => {
    const unbounded = requestStrings(openApiDocument() as unknown as Doc)
      .filter(
        ({ schema }) =>
          !('minLength' in schema) &&
          !('pattern' in schema) &&
          !('enum' in schema) &&
          !('const' in schema) &&
          schema.format !== 'binary',
      )
      .map(({ where, schema }) => `${where} (default ${JSON.stringify(schema.default)})`);
    // A meme's line may be empty: that box stays blank (docs/api.md, ADR 0133).
    expect(unbounded).toEqual([
      'POST /api/generate-captions context (default "")',
      'POST /api/memes/render lines (default undefined)',
    ]);
  });
});
