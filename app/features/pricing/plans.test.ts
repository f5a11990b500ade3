import { describe, expect, it } from 'vitest';
import { DASHBOARD_TREND_DAYS, PREMIUM_MONTHLY_AI_GUIDE } from '../../../core/api/dashboard';
import { SHARE_FREE_DAYS } from '../../../core/api/shares';
import {
  API_KEYS_MAX_ACTIVE,
  API_MONTHLY_CALLS,
  EXPORT_MAX_SIDE,
  FREE_DAILY_AI_LIMIT,
  MAX_IMAGE_PIXELS,
  MAX_UPLOAD_MB,
} from '../../../core/limits';
import { UPSCALE_FACTORS } from '../../../core/tools/ai';
import { BILLING_NOTE, FEATURES, MEMBER_PLAN, PLANS, PRICING_FAQ, TEAM_NOTE, type Plan } from './plans';

/**
 * Every number a plan or the pricing questions state, by the words around it, and the constant the product enforces
 * it with (core/limits.ts and the modules it names). A number in words not listed here fails the test: a new claim
 * needs its constant.
 */
const CLAIMS: [RegExp, number][] = [
  [/(\d+) AI operations a day/g, FREE_DAILY_AI_LIMIT],
  [/upscale up to (\d+)×/g, Math.max(...UPSCALE_FACTORS)],
  [/up to ([\d,]+)\spx/g, EXPORT_MAX_SIDE],
  [/up to (\d+)\sMB/g, MAX_UPLOAD_MB],
  [/(\d+)\smegapixels/g, MAX_IMAGE_PIXELS / 1_000_000],
  [/work for (\d+) days/g, SHARE_FREE_DAYS],
  [/fair-use guide of ([\d,]+)/g, PREMIUM_MONTHLY_AI_GUIDE],
  [/up to (\d+), each with/g, API_KEYS_MAX_ACTIVE],
  [/([\d,]+) calls a month/g, API_MONTHLY_CALLS],
  [/(\d+)-day chart/g, DASHBOARD_TREND_DAYS],
];
/** Numbers that are not limits: the prices, which are the operator's to set. */
const NOT_LIMITS = [/\$\d+(\.\d\d)?/g];

const planText = (plan: Plan) => [plan.description, plan.price, plan.period, ...plan.features.map((f) => f.text)];
const everything = [
  ...PLANS.flatMap(planText),
  ...PRICING_FAQ.flatMap((f) => [f.question, f.answer]),
  BILLING_NOTE,
  TEAM_NOTE,
];

describe('the plan catalogue', () => {
  it('is Free at $0 and Premium at $19.99, the membership a dashboard member is on', () => {
    expect(PLANS.map((p) => [p.id, p.name, p.price, p.period, p.highlighted])).toEqual([
      ['free', 'Free', '$0', 'free forever', false],
      ['premium', 'Premium', '$19.99', 'per month', true],
    ]);
    expect(MEMBER_PLAN).toBe(PLANS[1]);
    expect(PLANS.map((p) => p.buttonHref)).toEqual(['/meme-generator', '/contact?plan=premium']);
  });

  it('states every number as the constant that enforces it, and no number that no constant backs', () => {
    const wrong: string[] = [];
    for (const text of everything) {
      let rest = text;
      for (const [pattern, expected] of CLAIMS) {
        for (const match of text.matchAll(pattern)) {
          if (match[1] !== undefined && Number(match[1].replace(/,/g, '')) !== expected)
            wrong.push(`"${match[0]}" where the product enforces ${expected}`);
          rest = rest.replace(match[0], '');
        }
      }
      for (const pattern of NOT_LIMITS) rest = rest.replace(pattern, '');
      for (const stray of rest.match(/\b\d[\d,.]*/g) ?? [])
        wrong.push(`"${stray}" in "${text}" is backed by no constant`);
    }
    expect(wrong).toEqual([]);
  });

  it('finds a number it was not told about (the check is real)', () => {
    const text = 'Up to 200 AI generations a month';
    let rest = text;
    for (const [pattern] of CLAIMS) rest = rest.replace(pattern, '');
    expect(rest.match(/\b\d[\d,.]*/g)).toEqual(['200']);
    const wrongDaily = [...`${FREE_DAILY_AI_LIMIT + 5} AI operations a day`.matchAll(CLAIMS[0]![0])].map((m) =>
      Number(m[1]),
    );
    expect(wrongDaily).not.toContain(FREE_DAILY_AI_LIMIT);
  });

  it('sells as Premium only what Free lacks: every Premium line is a member-only feature, every Free line one everyone has', () => {
    const [free, premium] = PLANS as [Plan, Plan];
    expect(free.features.every((f) => f.tier === 'free')).toBe(true);
    expect(premium.features.every((f) => f.tier === 'premium')).toBe(true);
    // Free lists everything everyone has, so "Everything in Free" hides nothing a member pays for.
    expect(new Set(free.features.map((f) => f.id))).toEqual(
      new Set(
        Object.values(FEATURES)
          .filter((f) => f.tier === 'free')
          .map((f) => f.id),
      ),
    );
    expect(new Set(premium.features.map((f) => f.id))).toEqual(
      new Set(
        Object.values(FEATURES)
          .filter((f) => f.tier === 'premium')
          .map((f) => f.id),
      ),
    );
  });

  it('claims none of the things the product does not have', () => {
    const text = everything.join('\n');
    for (const missing of [
      /premium templates/i,
      /custom fonts/i,
      /\bHD\b/,
      /bulk export/i,
      /white-label/i,
      /\bSLA\b/,
      /commercial rights/i,
      /priority support/i,
      /trial/i,
      /generations a month/i,
    ]) {
      expect(text, String(missing)).not.toMatch(missing);
    }
  });
});
