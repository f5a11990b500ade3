import type { MetaDescriptor } from '@remix-run/cloudflare';
import type { Share } from '../../../core/api/shares';
import { SITE_NAME, pageMeta } from '~/lib/meta';

/**
 * A shared meme's head: its Open Graph and Twitter card (an absolute og:image with its size, summary_large_image),
 * the canonical URL, and noindex: a share is one person's post, not a page of the site to search (ADR 0139).
 */
export function shareMeta(share: Share | null): MetaDescriptor[] {
  if (!share)
    return [
      ...pageMeta('Meme deleted', 'This meme was deleted or its link has expired.'),
      { name: 'robots', content: 'noindex' },
    ];
  const title = share.template ? `${share.template.name} meme` : 'A meme';
  const description = share.captions.length > 0 ? share.altText : `Made with ${SITE_NAME}, the free meme maker.`;
  return [
    ...pageMeta(title, description, { openGraph: true }),
    { name: 'robots', content: 'noindex' },
    { tagName: 'link', rel: 'canonical', href: share.url },
    { property: 'og:url', content: share.url },
    { property: 'og:image', content: share.imageUrl },
    { property: 'og:image:type', content: share.contentType },
    { property: 'og:image:width', content: String(share.width) },
    { property: 'og:image:height', content: String(share.height) },
    { property: 'og:image:alt', content: share.altText },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: `${title} | ${SITE_NAME}` },
    { name: 'twitter:description', content: description },
    { name: 'twitter:image', content: share.imageUrl },
    { name: 'twitter:image:alt', content: share.altText },
  ];
}
