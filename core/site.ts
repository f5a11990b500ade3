/**
 * Site-wide facts shown on pages, from the operator's configuration (memeforge.config.ts, ADR 0143). The committed
 * values are placeholders that keep local runs working; `npm run deploy` refuses them.
 */
import operator from '../memeforge.config';

export const SITE_NAME = operator.siteName;
/** Where people write: the contact, help and privacy pages. */
export const SUPPORT_EMAIL = operator.contactEmail;
/** Where take-down requests go: every share page's Report link. */
export const ABUSE_EMAIL = operator.abuseEmail;

/**
 * The specialised background-removal site Optimize promotes (docs/product.md §5.2): opened in a new tab with our
 * referral parameter. Which partner and which code is business configuration. The block sits right above our own
 * background removal, so it names what the site offers and promises no speed, accuracy or free quota: we measure
 * none of those for another company's service, and a number there reads as a comparison with ours (ADR 0127).
 */
export const BACKGROUND_REMOVAL_PARTNER = {
  name: 'remove.bg',
  url: 'https://www.remove.bg/upload',
  referral: { param: 'ref', value: 'memeforge' },
  features: ['Does only background removal', 'Batch processing'],
} as const;

export function partnerLink(
  partner: { url: string; referral: { param: string; value: string } } = BACKGROUND_REMOVAL_PARTNER,
): string {
  const u = new URL(partner.url);
  u.searchParams.set(partner.referral.param, partner.referral.value);
  return u.toString();
}
