import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../../../core/api/openapi-routes';
import { buildReference, limitsOf, typeOf } from './reference';

const ORIGIN = 'https://memeforge.example';
const tags = buildReference(openApiDocument(), ORIGIN);
const route = (method: string, path: string) =>
  tags.flatMap((t) => t.routes).find((r) => r.method === method && r.path === path)!;

describe('the /developers reference', () => {
  it('lists every documented route once, grouped under its tag in the document’s order', () => {
    const documented = Object.entries(openApiDocument().paths as Record<string, object>).flatMap(([p, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`),
    );
    const listed = tags.flatMap((t) => t.routes.map((r) => `${r.method} ${r.path}`));
    expect(listed.sort()).toEqual(documented.sort());
    expect(tags.map((t) => t.name).slice(0, 3)).toEqual(['Templates', 'Images', 'Image tools']);
  });

  it('shows a tool’s fields per operation, with the image file, types, limits and defaults', () => {
    const optimize = route('POST', '/api/optimize');
    expect(optimize.fieldGroups.map((g) => g.label)).toEqual([
      'operation=compress',
      'operation=upscale',
      'operation=remove-background',
    ]);
    const compress = optimize.fieldGroups[0]!.fields;
    expect(compress.find((f) => f.name === 'image')).toMatchObject({
      in: 'form',
      type: 'file',
      required: ['image', 'url'],
    });
    // The picture's address instead of the file (ADR 0131), on every route that takes a picture.
    expect(compress.find((f) => f.name === 'url')).toMatchObject({
      in: 'form',
      type: 'string',
      required: ['image', 'url'],
      description: expect.stringMatching(/exactly one of `image` and `url`/),
    });
    expect(route('POST', '/api/upload').fieldGroups[0]!.fields.map((f) => f.name)).toEqual(['image', 'url']);
    expect(route('POST', '/api/optimize').errors.map((e) => e.code)).toEqual(
      expect.arrayContaining(['invalid_source_url', 'source_failed', 'source_unreachable', 'source_timeout']),
    );
    expect(compress.find((f) => f.name === 'quality')).toMatchObject({
      required: false,
      type: '"auto" | integer',
      limits: '10–100; default 80',
    });
    expect(optimize.auth).toBe('public');
    expect(optimize.limits.join(' ')).toMatch(/at most 10 MB/);
  });

  it('lists errors with status, code and when', () => {
    const errors = route('GET', '/api/images/{id}').errors;
    expect(errors).toContainEqual({ status: '410', code: 'gone', when: expect.stringMatching(/expired/) });
    expect(route('GET', '/api/dashboard').auth).toBe('premium');
    expect(route('POST', '/api/keys').auth).toBe('session');
  });

  it('writes curl examples with a key only where one is needed, a JSON body or the photo as a form part', () => {
    // A public route's example sends no key: a placeholder key would be refused with 401.
    expect(route('GET', '/api/templates').curl).toBe(`curl '${ORIGIN}/api/templates'`);
    for (const r of tags.flatMap((t) => t.routes)) {
      if (r.auth === 'public') expect(r.curl, `${r.method} ${r.path}`).not.toMatch(/Authorization|mf_session/);
      if (r.auth === 'premium')
        expect(r.curl, `${r.method} ${r.path}`).toContain('-H "Authorization: Bearer $MEMEFORGE_KEY"');
    }
    expect(route('GET', '/api/dashboard').curl).toBe(
      `curl '${ORIGIN}/api/dashboard' \\\n  -H "Authorization: Bearer $MEMEFORGE_KEY"`,
    );
    const compress = route('POST', '/api/optimize').curl;
    expect(compress).toContain(`curl -X POST '${ORIGIN}/api/optimize'`);
    expect(compress).toContain('-F image=@photo.jpg');
    expect(compress).toContain("-F 'operation=compress'");
    expect(route('POST', '/api/generate-image').curl).toContain(`-d '{"prompt":"a cat in a spacesuit, studio light"}'`);
    expect(route('GET', '/api/templates/{id}').curl).toContain(`${ORIGIN}/api/templates/nope-yep'`);
    expect(route('POST', '/api/keys').curl).toContain("-b 'mf_session=…'");
    // A quote inside a JSON example is escaped for the shell.
    expect(route('POST', '/api/generate-captions').curl).not.toContain("''");
    // A header a script must send goes into the example (a share's delete token, which only its owner's own browser may
    // leave out); an optional one (the D1 bookmark) does not.
    expect(route('DELETE', '/api/shares/{id}').curl).toBe(
      `curl -X DELETE '${ORIGIN}/api/shares/k3v9q2m7x8ab' \\\n  -H 'X-Delete-Token: q0Zk3n1Yx7cFh2Vb9sL4tPaRw8mEoUiJ5dKgNyT6zXA'`,
    );
    expect(route('GET', '/api/user-memes').curl).not.toContain('X-D1-Bookmark');
  });

  it('downloads a picture answered by imageUrl from that address as it is', () => {
    const compress = route('POST', '/api/optimize');
    expect(compress.imageUrl).toBe(true);
    expect(compress.curl.split('\n').at(-2)).toBe('  -o answer.json');
    expect(compress.curl.split('\n').at(-1)).toBe(
      'curl -o "picture.$(jq -r .format answer.json)" "$(jq -r .imageUrl answer.json)"',
    );
    // Generated pictures name no format.
    expect(route('POST', '/api/generate-image').curl).toMatch(
      /\ncurl -o picture "\$\(jq -r \.imageUrl answer\.json\)"$/,
    );
    expect(route('GET', '/api/templates').imageUrl).toBe(false);
    expect(route('GET', '/api/templates').curl).not.toContain('jq');
  });

  it('describes schema types and limits in words', () => {
    expect(typeOf({ type: 'array', items: { type: 'string' } })).toBe('string[]');
    expect(typeOf({ type: 'string', enum: ['a', 'b'] })).toBe('"a" | "b"');
    expect(limitsOf({ type: 'string', minLength: 1, maxLength: 500 })).toBe('1–500 characters');
    expect(limitsOf({ type: 'integer', minimum: 1024 })).toBe('≥ 1024');
  });
});
