import { SHARE_FREE_DAYS } from './api/share-links';
import {
  API_KEYS_MAX_ACTIVE,
  API_MONTHLY_CALLS,
  DASHBOARD_TREND_DAYS,
  EXPORT_MAX_SIDE,
  FREE_DAILY_AI_LIMIT,
  MAX_IMAGE_PIXELS,
  MAX_UPLOAD_MB,
  PREMIUM_MONTHLY_AI_GUIDE,
} from './limits';
import { UPSCALE_FACTORS } from './tools/ai-options';

/**
 * The one plan catalogue, drawn on /pricing, the dashboard and the contact page (ADR 0159). It sells only what the
 * product does: Free is everything a visitor gets with no sign-up; Premium is the membership the access code opens
 * (docs/product.md §6), and lists only what that membership adds. Every number is rendered from the constant that
 * enforces it, and a unit test (app/features/pricing/plans.test.ts) fails on a number no constant backs or a Premium
 * line that Free already has. There is no online billing: support sets up and invoices Premium by e-mail (ADR 0070).
 */

export type Tier = 'free' | 'premium';

/** One line of a plan: what it says, and who has it (free: everyone; premium: members only). */
export interface Feature {
  id: string;
  tier: Tier;
  text: string;
}

const thousands = (n: number) => n.toLocaleString('en-US');
/** Between a number and its unit, so a narrow card never breaks "10 / MB" over two lines. */
const NBSP = '\u00a0';
const MAX_UPSCALE = Math.max(...UPSCALE_FACTORS);

/** What the product does, as a plan states it; each line says where the product does it. */
export const FEATURES = {
  // docs/product.md §8 (FREE_DAILY_AI_LIMIT), §5.2 (upscale 2×–4×), §5.5 (blur by AI), §4.2 (generation).
  aiDaily: {
    id: 'aiDaily',
    tier: 'free',
    text: `${FREE_DAILY_AI_LIMIT} AI operations a day: generate a picture, upscale up to ${MAX_UPSCALE}×, remove a background, blur faces or people`,
  },
  // §4: templates, uploads, captions, shapes, AI caption ideas (never counted).
  editor: { id: 'editor', tier: 'free', text: 'Every template, your own pictures, captions, shapes and caption ideas' },
  // §4.5, §4.5.1: the editor's downloads, made in the browser.
  downloads: {
    id: 'downloads',
    tier: 'free',
    text: `Downloads with no watermark, up to ${thousands(EXPORT_MAX_SIDE)}${NBSP}px: JPG, PNG or WebP, and GIF, WebP or MP4 when animated`,
  },
  // §5 and §8 (MAX_UPLOAD_BYTES, MAX_IMAGE_PIXELS).
  tools: {
    id: 'tools',
    tier: 'free',
    text: `Every image tool on pictures up to ${MAX_UPLOAD_MB}${NBSP}MB and ${MAX_IMAGE_PIXELS / 1_000_000}${NBSP}megapixels: compress, resize, crop, convert, watermark, blur, metadata removal`,
  },
  // §4.5 (SHARE_FREE_DAYS).
  shareLinks: { id: 'shareLinks', tier: 'free', text: `Share links that work for ${SHARE_FREE_DAYS} days` },
  // §2: /contact and the support address.
  support: { id: 'support', tier: 'free', text: 'Help by e-mail or the contact form' },
  everythingFree: { id: 'everythingFree', tier: 'premium', text: 'Everything in Free' },
  // §6: no cap for a member; the dashboard's bar measures the month against PREMIUM_MONTHLY_AI_GUIDE (not enforced).
  aiUncapped: {
    id: 'aiUncapped',
    tier: 'premium',
    text: `AI operations with no daily cap (your dashboard shows the month against a fair-use guide of ${thousands(PREMIUM_MONTHLY_AI_GUIDE)})`,
  },
  // §4.5 Save to dashboard, §6 saved memes.
  savedMemes: { id: 'savedMemes', tier: 'premium', text: 'Save memes to your dashboard, kept until you delete them' },
  // §4.5: a member's share links have no expiry.
  keptShares: { id: 'keptShares', tier: 'premium', text: 'Share links kept until you delete them' },
  // §6 figures and chart.
  figures: {
    id: 'figures',
    tier: 'premium',
    text: `Your figures: memes saved, AI operations and downloads, a ${DASHBOARD_TREND_DAYS}-day chart`,
  },
  // §6 API keys (API_KEYS_MAX_ACTIVE, API_MONTHLY_CALLS).
  apiKeys: {
    id: 'apiKeys',
    tier: 'premium',
    text: `API keys: up to ${API_KEYS_MAX_ACTIVE}, each with ${thousands(API_MONTHLY_CALLS)} calls a month`,
  },
} as const satisfies Record<string, Feature>;

export interface Plan {
  id: Tier;
  name: string;
  description: string;
  price: string;
  period: string;
  features: Feature[];
  buttonText: string;
  buttonHref: string;
  /** The plan the page draws attention to. */
  highlighted: boolean;
}

const F = FEATURES;

export const PLANS: Plan[] = [
  {
    id: 'free',
    name: 'Free',
    description: 'Everything you need to make and share memes, with no sign-up.',
    price: '$0',
    period: 'free forever',
    features: [F.aiDaily, F.editor, F.downloads, F.tools, F.shareLinks, F.support],
    buttonText: 'Start Creating Free',
    buttonHref: '/meme-generator',
    highlighted: false,
  },
  {
    id: 'premium',
    name: 'Premium',
    description: 'The membership: no daily AI cap, your memes kept on your dashboard, and API keys.',
    price: '$19.99',
    period: 'per month',
    features: [F.everythingFree, F.aiUncapped, F.savedMemes, F.keptShares, F.figures, F.apiKeys],
    buttonText: 'Ask for Premium',
    buttonHref: '/contact?plan=premium',
    highlighted: true,
  },
];

/** The plan a member of the dashboard is on. */
export const MEMBER_PLAN: Plan = PLANS.find((p) => p.id === 'premium')!;

/** Said next to every billing action until online billing exists. */
export const BILLING_NOTE =
  'Online billing is not available yet: our support team sets up, changes and invoices Premium by e-mail.';

/** Under the plans: a team buys one membership per person, through support. */
export const TEAM_NOTE =
  'For a team, ask for one membership per person: each gets their own dashboard, saved memes and API keys.';
