/**
 * Where a shared meme's page sends someone who wants to post it elsewhere (docs/product.md §2, `/m/{id}`): each
 * network's own share address with the link and title in its query, opened in a new tab. Plain links: no network's
 * script or button widget is loaded, so opening the page tells no network anything, and the link carries no tracking
 * parameters (no `utm_*`), only the page's address.
 */
import type { ExportFormat } from '../../../core/api/memes';
import type { Share } from '../../../core/api/shares';
import { memeFileName } from '~/features/editor/model/file-name';
import type { MotionFormat } from '~/features/editor/model/motion-plan';

export interface ShareIntent {
  /** Shown on the button. */
  name: string;
  href: string;
}

const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

/**
 * X's post intent (`text` and `url`), Reddit's submit page (`url` and `title`), WhatsApp's click-to-chat with the text
 * to send (wa.me, which opens the app on a phone and WhatsApp Web on a computer), Facebook's sharer (`u`), and an
 * e-mail with the title as its subject. Order: the networks people post memes on most, then e-mail.
 */
export function shareIntents(pageUrl: string, title: string): ShareIntent[] {
  return [
    { name: 'X', href: `https://x.com/intent/tweet?${query({ text: title, url: pageUrl })}` },
    { name: 'Reddit', href: `https://www.reddit.com/submit?${query({ url: pageUrl, title })}` },
    { name: 'WhatsApp', href: `https://wa.me/?${query({ text: `${title} ${pageUrl}` })}` },
    { name: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?${query({ u: pageUrl })}` },
    // mailto takes RFC 6068's percent-encoding, where URLSearchParams would turn spaces into "+".
    {
      name: 'E-mail',
      href: `mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(`${title}\n${pageUrl}`)}`,
    },
  ];
}

const FORMATS: Record<string, ExportFormat | MotionFormat> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

/** The file a Download saves, named as the editor names its downloads (`nope-yep-meme.png`, docs/product.md §4.5). */
export const shareFileName = (share: Pick<Share, 'template' | 'contentType'>): string =>
  memeFileName(
    share.template ? { kind: 'template', name: share.template.name } : { kind: 'none' },
    FORMATS[share.contentType] ?? 'png',
  );

/**
 * The picture's path on this site. The answer names it absolutely (for crawlers and other sites); a download link
 * needs it on the page's own origin, where browsers honour the `download` attribute.
 */
export const sameOriginPath = (absolute: string): string => {
  const url = new URL(absolute, 'http://localhost');
  return `${url.pathname}${url.search}`;
};
