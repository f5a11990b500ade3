import { describe, expect, it } from 'vitest';
import { FREE_DAILY_AI_LIMIT } from '../../../core/limits';
import { MEMBER_PLAN, PLANS, PRICING_FAQ, TEAM_PLANS } from './plans';

describe('pricing copy', () => {
  it('offers Free, Pro at $9.99 (Most Popular) and Unlimited at $19.99', () => {
    expect(PLANS.map((p) => [p.name, p.price, p.popular])).toEqual([
      ['Free', '$0', false],
      ['Pro', '$9.99', true],
      ['Unlimited', '$19.99', false],
    ]);
  });

  it('is one catalogue: team plans Business $79.99 and Enterprise, and a premium member is on Unlimited', () => {
    expect(TEAM_PLANS.map((p) => [p.name, p.price, p.audience])).toEqual([
      ['Business', '$79.99', 'team'],
      ['Enterprise', 'Custom', 'team'],
    ]);
    expect(MEMBER_PLAN).toBe(PLANS.find((p) => p.id === 'unlimited'));
    for (const p of [...PLANS, ...TEAM_PLANS]) expect(p.buttonHref).toMatch(/^\/(meme-generator|contact\?plan=[a-z]+)$/);
  });

  it('states one free daily allowance everywhere: the constant from core/limits', () => {
    const text = [...PLANS.flatMap((p) => [p.description, ...p.features, p.limitation ?? '']), ...PRICING_FAQ.map((f) => f.answer)].join('\n');
    const perDay = [...text.matchAll(/(\d+) AI (?:generations|operations) per day/g)].map((m) => Number(m[1]));
    expect(perDay.length).toBeGreaterThanOrEqual(3);
    expect(new Set(perDay)).toEqual(new Set([FREE_DAILY_AI_LIMIT]));
  });
});
