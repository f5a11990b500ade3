/** Site-wide facts shown on pages. */
export const SUPPORT_EMAIL = 'support@memeforge.example';

/**
 * The specialised background-removal site Optimize promotes (docs/product.md §5.2): opened in a new tab with our
 * referral parameter. Which partner and which code is business configuration; the claims shown are the partner's,
 * and the block says so.
 */
export const BACKGROUND_REMOVAL_PARTNER = {
  name: 'remove.bg',
  url: 'https://www.remove.bg/upload',
  referral: { param: 'ref', value: 'memeforge' },
  claims: ['99% accuracy', 'Results in 2–3 seconds', 'Perfect edges', 'Batch processing', 'No signup', '5 free images daily'],
} as const;

export function partnerLink(partner: { url: string; referral: { param: string; value: string } } = BACKGROUND_REMOVAL_PARTNER): string {
  const u = new URL(partner.url);
  u.searchParams.set(partner.referral.param, partner.referral.value);
  return u.toString();
}
