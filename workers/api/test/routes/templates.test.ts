import { env, exports } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { templatesResponseSchema, type TemplatesResponse } from '../../../../core/api/templates';
import { seedTemplates, upsertTemplates, type TemplateRow } from '../../src/db/template-rows';
import { catalogRows } from '../../../../scripts/templates/catalog-rows';

const api = (path: string) => exports.default.fetch(new Request(new URL(path, 'http://local')));
const search = async (q: string) => {
  const res = await api(`/api/templates?search=${encodeURIComponent(q)}`);
  expect(res.status).toBe(200);
  return templatesResponseSchema.parse(await res.json()) as TemplatesResponse;
};
const rows = catalogRows();

beforeAll(async () => {
  await seedTemplates(env.DB, rows);
});

describe('the seed', () => {
  const ids = async () =>
    (await env.DB.prepare('select id from templates order by id').all<{ id: string }>()).results.map((r) => r.id);

  it('updates rows in place, removes built-in rows that left the catalog and keeps imported ones', async () => {
    const stale: TemplateRow = {
      ...rows[0]!,
      id: 'left-the-catalog',
      imageKey: 'static:templates/left-the-catalog.png',
    };
    const imported: TemplateRow = {
      ...rows[0]!,
      id: "o'brien-imported",
      imageKey: 'templates/imported.png',
      name: "O'Brien's ? sign",
    };
    await seedTemplates(env.DB, [...rows, stale, imported]);
    expect(await ids()).toEqual(expect.arrayContaining(['left-the-catalog', "o'brien-imported"]));
    await seedTemplates(env.DB, rows);
    const after = await ids();
    expect(after).not.toContain('left-the-catalog');
    expect(after).toContain("o'brien-imported");
    // Quotes and question marks in values are bound, never spliced into SQL.
    const kept = await env.DB.prepare('select name from templates where id = ?')
      .bind("o'brien-imported")
      .first<{ name: string }>();
    expect(kept?.name).toBe("O'Brien's ? sign");
    await env.DB.prepare('delete from templates where id = ?').bind("o'brien-imported").run();
    expect((await ids()).sort()).toEqual(rows.map((r) => r.id).sort());
  });
});

describe('GET /api/templates', () => {
  it('lists the whole seeded catalog in popularity order, the best 16 popular, with a template of the day', async () => {
    const res = await api('/api/templates');
    expect(res.headers.get('cache-control')).toContain('max-age');
    const body = templatesResponseSchema.parse(await res.json());
    expect(body.templates.map((t) => t.id)).toEqual(rows.map((r) => r.id));
    expect(body.templates.filter((t) => t.isPopular === 1)).toHaveLength(Math.min(16, rows.length));
    expect(body.templates.slice(0, 16).every((t) => t.isPopular === 1)).toBe(true);
    expect(body.templateOfTheDay).not.toBeNull();
    expect(body.templates[0]?.imageUrl).toBe(`http://local/templates/${rows[0]?.id}.png`);
    expect(body.templateOfTheDay?.imageUrl).toMatch(/^http:\/\/local\/templates\//);
  });

  it('finds a template by its name, case-insensitively', async () => {
    const upper = await search('SCREAMING CAT');
    expect(upper.templates.map((t) => t.id)).toEqual(['screaming-cat']);
    expect((await search('screaming cat')).templates).toEqual(upper.templates);
  });

  it('finds templates by a keyword and by a word of the description', async () => {
    expect((await search('coffee')).templates.map((t) => t.id)).toContain('everything-is-fine');
    expect((await search('lily pad')).templates.map((t) => t.id)).toEqual(['chill-frog']);
  });

  it('understands what people type: stand-ins for a word, and "when you" for the reaction pictures (ADR 0173)', async () => {
    const ids = async (q: string) => (await search(q)).templates.map((t) => t.id);
    expect(await ids('tired')).toEqual(expect.arrayContaining(['sleepy-yawn', 'monday-zombie', 'melting-heat']));
    expect(await ids('so exhausted')).toEqual(expect.arrayContaining(['sleepy-yawn', 'monday-zombie']));
    expect(await ids('monday')).toContain('monday-zombie');
    expect(await ids('when you')).toEqual(expect.arrayContaining(['screaming-cat', 'facepalm', 'everything-is-fine']));
    // Every word must find something: a word that finds nothing finds no template.
    expect(await ids('tired zzzz')).toEqual([]);
  });

  it('answers a search with no match with an empty list and still a template of the day', async () => {
    const body = await search('zzzz-no-such-template');
    expect(body.templates).toEqual([]);
    expect(body.templateOfTheDay).not.toBeNull();
  });

  it.each(['%', '_', '%%', "' OR 1=1 --", '"; drop table templates; --', '\\'])(
    'treats the hostile search %j as plain text',
    async (hostile) => {
      expect((await search(hostile)).templates).toEqual([]);
      expect((await search('')).templates).toHaveLength(rows.length);
    },
  );

  it('matches quotes literally: only templates whose text holds one', async () => {
    for (const quote of ["'", '"']) {
      const expected = rows.filter((r) => `${r.name} ${r.description} ${r.keywords}`.includes(quote)).map((r) => r.id);
      expect((await search(quote)).templates.map((t) => t.id)).toEqual(expected);
    }
    expect((await search("I'm")).templates.map((t) => t.id)).toEqual(['im-dead']);
  });

  it('refuses a search over 100 characters with 400 JSON', async () => {
    const res = await api(`/api/templates?search=${'a'.repeat(101)}`);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: 'Please keep the search under 100 characters.',
      code: 'validation_failed',
    });
    expect((await api(`/api/templates?search=${'a'.repeat(100)}`)).status).toBe(200);
  });

  it('refuses control characters in the search with 400 JSON', async () => {
    for (const bad of ['%00', '%0A', '%7F', 'cat%09']) {
      const res = await api(`/api/templates?search=${bad}`);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'validation_failed' });
    }
  });
});

describe('GET /api/templates/:id', () => {
  it('answers one template with its boxes and examples', async () => {
    const res = await api('/api/templates/chill-frog');
    expect(res.status).toBe(200);
    const { template } = await res.json<{ template: TemplatesResponse['templates'][number] }>();
    expect(template).toMatchObject({ id: 'chill-frog', name: 'Chill Frog', feature: 'meme-generator', width: 800 });
    expect(template.textBoxes.length).toBeGreaterThan(0);
    expect(template.examples.length).toBeGreaterThanOrEqual(3);
    expect(template.license).toContain('CC0-1.0');
  });

  it('answers an unknown id with 404 JSON', async () => {
    const res = await api('/api/templates/no-such-template');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'There is no template with this id.', code: 'not_found' });
  });

  it('serves the image of an imported template from R2 with its content type', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    await env.BUCKET.put('templates/imported-one.png', png, { httpMetadata: { contentType: 'image/png' } });
    const row = { ...rows[0]!, id: 'imported-one', imageKey: 'templates/imported-one.png', popularityRank: 5000 };
    await upsertTemplates(env.DB, [row]);
    const { template } = await (await api('/api/templates/imported-one')).json<{ template: { imageUrl: string } }>();
    expect(template.imageUrl).toBe('http://local/api/templates/imported-one/image');
    const res = await api(template.imageUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(png);
    await env.DB.prepare('delete from templates where id = ?').bind('imported-one').run();
  });
});
