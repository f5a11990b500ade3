import { describe, expect, it } from 'vitest';
import { templateSchema } from '../../core/api/templates';
import { CAROUSEL_POPULAR_COUNT } from '../../core/limits';
import { API_ROUTES } from '../../core/api/openapi-routes';
import { readingOrder } from '../../core/templates/reading-order';
import { catalogRows } from './catalog-rows';
import { CATALOG } from './catalog';
import { renderPng, toSvg } from './render';

describe('the built-in template catalog', () => {
  it('has at least 50 templates with unique URL-safe ids', () => {
    expect(CATALOG.length).toBeGreaterThanOrEqual(50);
    const ids = CATALOG.map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(CATALOG.length).toBeGreaterThan(CAROUSEL_POPULAR_COUNT);
  });

  it.each(CATALOG.map((t) => [t.id, t] as const))(
    '%s has boxes inside the image, keywords and 3+ examples that fit its boxes',
    (_id, t) => {
      expect(t.textBoxes.length).toBeGreaterThan(0);
      for (const b of t.textBoxes) {
        expect(b.anchor_x + b.scale_x).toBeLessThanOrEqual(1.0001);
        expect(b.anchor_y + b.scale_y).toBeLessThanOrEqual(1.0001);
      }
      expect(t.keywords.length).toBeGreaterThanOrEqual(3);
      expect(t.description.length).toBeGreaterThan(10);
      expect(t.examples.length).toBeGreaterThanOrEqual(3);
      for (const example of t.examples) expect(example).toHaveLength(t.textBoxes.length);
    },
  );

  it.each(CATALOG.map((t) => [t.id, t] as const))(
    "%s lists its boxes in reading order, so an example's first line is Caption 1",
    (_id, t) => {
      // The editor's captions list reads the boxes in this order; a suggestion's lines fill them by index (ADR 0119).
      const boxes = t.textBoxes.map((b, index) => ({
        index,
        box: { left: b.anchor_x, top: b.anchor_y, width: b.scale_x, height: b.scale_y },
      }));
      expect(readingOrder(boxes, (b) => b.box).map((b) => b.index)).toEqual(boxes.map((b) => b.index));
    },
  );

  it('turns into rows that the API contract accepts, licensed CC0 with the emoji art credited', () => {
    const rows = catalogRows();
    expect(rows.map((r) => r.popularityRank)).toEqual(rows.map((_, i) => i + 1));
    for (const r of rows) {
      expect(r.license).toMatch(/^CC0-1\.0( AND MIT)?$/);
      if (r.license.includes('MIT')) expect(r.author).toContain('Fluent Emoji');
      const parsed = templateSchema.safeParse({
        id: r.id,
        name: r.name,
        description: r.description,
        imageUrl: `/templates/${r.id}.png`,
        isPopular: 0,
        feature: r.feature,
        width: r.width,
        height: r.height,
        textBoxes: JSON.parse(r.textBoxes),
        examples: JSON.parse(r.examples),
        keywords: r.keywords.split(' '),
        license: r.license,
        author: r.author,
      });
      expect(parsed.success).toBe(true);
    }
  });

  it('renders a drawing to a PNG of the stated size with real pixels, emoji art and text included', () => {
    const def = CATALOG.find((t) => t.id === 'wanted-poster')!;
    const svg = toSvg(def);
    expect(svg).not.toContain('data-emoji');
    const png = renderPng(svg);
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(png.readUInt32BE(16)).toBe(def.width);
    expect(png.readUInt32BE(20)).toBe(def.height);
    expect(png.length).toBeGreaterThan(20_000);
  });
});

describe('the API reference', () => {
  it('uses built-in template ids in its examples, so its curl lines work against a fresh npm start', () => {
    const ids = new Set(CATALOG.map((t) => t.id));
    const examples = API_ROUTES.flatMap((r) => [
      ...(r.path.startsWith('/api/templates/') ? [r.pathParams?.id?.example] : []),
      ...(r.body?.kind === 'json' &&
      r.body.example &&
      typeof r.body.example === 'object' &&
      'templateId' in r.body.example
        ? [r.body.example.templateId]
        : []),
    ]);
    expect(examples.length).toBeGreaterThanOrEqual(3);
    for (const id of examples) expect(ids, String(id)).toContain(id);
  });
});
