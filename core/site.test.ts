import { describe, expect, it } from 'vitest';
import { BACKGROUND_REMOVAL_PARTNER, partnerLink } from './site';

describe('the background-removal partner block', () => {
  it('promises no figure we do not measure: no time, accuracy or quota in what it lists', () => {
    for (const f of BACKGROUND_REMOVAL_PARTNER.features) expect(f).not.toMatch(/\d|second|accura|perfect|instant/i);
  });

  it('links to the partner with our referral code', () => {
    expect(new URL(partnerLink()).searchParams.get('ref')).toBe('memeforge');
  });
});
