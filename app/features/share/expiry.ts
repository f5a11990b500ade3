import { SHARE_FREE_DAYS } from '../../../core/api/share-links';

const DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** How long a share lives, in words: the same on the server's render and in the browser (UTC dates). */
export function expiryText(expiresAt: string | null): string {
  return expiresAt === null
    ? 'Kept until its creator deletes it.'
    : `This link works until ${DATE.format(new Date(expiresAt))} (${SHARE_FREE_DAYS} days from sharing).`;
}
