import { describe, expect, it } from 'vitest';
import { carouselPages, templateHref, wrapPage } from './carousel-model';

const t = (n: number, isPopular: 0 | 1) => ({ id: `t${n}`, isPopular });

describe('carouselPages', () => {
  it('takes the first 16 popular templates in order, 8 per page', () => {
    const catalog = Array.from({ length: 40 }, (_, i) => t(i, i % 2 === 0 ? 1 : 0));
    const pages = carouselPages(catalog);
    expect(pages).toHaveLength(2);
    expect(pages.map((p) => p.length)).toEqual([8, 8]);
    expect(pages[0]![0]!.id).toBe('t0');
    expect(pages[1]![7]!.id).toBe('t30');
    expect(pages.flat().every((x) => x.isPopular === 1)).toBe(true);
  });

  it('makes a short last page and no page at all for an empty or unpopular catalog', () => {
    expect(carouselPages(Array.from({ length: 10 }, (_, i) => t(i, 1))).map((p) => p.length)).toEqual([8, 2]);
    expect(carouselPages([])).toEqual([]);
    expect(carouselPages([t(1, 0)])).toEqual([]);
  });
});

describe('wrapPage', () => {
  it('wraps forwards and backwards', () => {
    expect(wrapPage(2, 2)).toBe(0);
    expect(wrapPage(-1, 2)).toBe(1);
    expect(wrapPage(1, 1)).toBe(0);
    expect(wrapPage(3, 0)).toBe(0);
  });
});

describe('templateHref', () => {
  it('routes each feature value as docs/product.md §3.2 says', () => {
    expect(templateHref({ id: 'drake', feature: 'meme-generator' })).toBe('/meme-generator?template=drake');
    expect(templateHref({ id: 'a b', feature: 'meme-generator' })).toBe('/meme-generator?template=a%20b');
    expect(templateHref({ id: 'x', feature: 'text-editing' })).toBe('/how-to/meme-text-editing');
    expect(templateHref({ id: 'x', feature: 'custom-upload' })).toBe('/how-to/upload-image-meme');
    expect(templateHref({ id: 'x', feature: null })).toBe('/meme-generator');
  });
});
