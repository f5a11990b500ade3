import type { MetaDescriptor } from '@remix-run/cloudflare';

export const SITE_NAME = 'Memeforge';

/** Title and description for a route; Open Graph tags too where a page is worth sharing. */
export function pageMeta(title: string, description: string, { openGraph = false } = {}): MetaDescriptor[] {
  const full = title === SITE_NAME ? title : `${title} | ${SITE_NAME}`;
  const tags: MetaDescriptor[] = [{ title: full }, { name: 'description', content: description }];
  if (openGraph) {
    tags.push(
      { property: 'og:title', content: full },
      { property: 'og:description', content: description },
      { property: 'og:type', content: 'website' },
      { property: 'og:site_name', content: SITE_NAME },
    );
  }
  return tags;
}
