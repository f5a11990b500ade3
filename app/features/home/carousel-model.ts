import { CAROUSEL_PAGE_SIZE, CAROUSEL_POPULAR_COUNT } from '../../../core/limits';
import type { Template } from '../../../core/api/templates';

/** The first 16 popular templates in catalog order, 8 to a page: at most two pages, none when there are none. */
export function carouselPages<T extends Pick<Template, 'isPopular'>>(templates: readonly T[]): T[][] {
  const popular = templates.filter((t) => t.isPopular === 1).slice(0, CAROUSEL_POPULAR_COUNT);
  const pages: T[][] = [];
  for (let i = 0; i < popular.length; i += CAROUSEL_PAGE_SIZE) pages.push(popular.slice(i, i + CAROUSEL_PAGE_SIZE));
  return pages;
}

/** Next page index with wrap-around in either direction. */
export const wrapPage = (index: number, pageCount: number) =>
  pageCount === 0 ? 0 : ((index % pageCount) + pageCount) % pageCount;

/** Where clicking a template goes (docs/product.md §3.2), by the template's feature. */
export function templateHref(template: Pick<Template, 'id' | 'feature'>): string {
  switch (template.feature) {
    case 'meme-generator':
      return `/meme-generator?template=${encodeURIComponent(template.id)}`;
    case 'text-editing':
      return '/how-to/meme-text-editing';
    case 'custom-upload':
      return '/how-to/upload-image-meme';
    default:
      return '/meme-generator';
  }
}
