import type { MetaDescriptor } from '@remix-run/cloudflare';
import { SITE_NAME } from '../../core/site';

/** The operator's site name (memeforge.config.ts), re-exported for the app's meta helpers. */
export { SITE_NAME };

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
