import { API_MONTHLY_CALLS, FREE_DAILY_AI_LIMIT } from '../../../core/limits';
import { SUPPORT_EMAIL } from '../../../core/site';

export { BILLING_NOTE, FEATURES, MEMBER_PLAN, PLANS, TEAM_NOTE, type Feature, type Plan } from '../../../core/plans';

export interface FaqEntry {
  question: string;
  answer: string;
}

/** The pricing page's questions, each answered as the product behaves (docs/product.md §7, §8). */
export const PRICING_FAQ: FaqEntry[] = [
  {
    question: 'How many free AI operations do I get?',
    answer: `${FREE_DAILY_AI_LIMIT} AI operations a day, counted per UTC day on your browser and your network, so clearing cookies does not reset them. An operation that fails or is cancelled is given back. Unused ones do not roll over.`,
  },
  {
    question: 'What counts as an AI operation?',
    answer:
      'Generating an image with AI, upscaling, removing a background, and blurring faces, people or a background (the AI finds them) each use one. Caption ideas, templates, your own uploads, text, shapes, downloads and the other image tools never count.',
  },
  {
    question: 'How do I get Premium?',
    answer: `There is no online checkout yet. Ask on the contact page (choose Premium membership) or write to ${SUPPORT_EMAIL}: support sets up your membership and sends you the access code that opens your dashboard.`,
  },
  {
    question: 'How do I change or cancel Premium, or get an invoice?',
    answer: 'Write to support, on the contact page or by e-mail: billing, changes and invoices are handled there.',
  },
  {
    question: 'Can programs use Memeforge?',
    answer: `Yes. The API's public routes work without a key, within the free daily allowance. Premium adds API keys, each with ${API_MONTHLY_CALLS.toLocaleString('en-US')} calls a month. The reference is on the API for developers page.`,
  },
  {
    question: 'Do I need an account, and is there a watermark?',
    answer:
      'No account is needed to make memes or use the tools, and downloads never carry a watermark, on either plan. An optional account, made with a passkey, keeps your share links, saved memes and Premium on every device.',
  },
];
