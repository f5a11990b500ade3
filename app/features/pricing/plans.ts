import { FREE_DAILY_AI_LIMIT } from '../../../core/limits';

export { BILLING_NOTE, MEMBER_PLAN, PLANS, TEAM_PLANS, type Plan } from '../../../core/plans';

export interface FaqEntry {
  question: string;
  answer: string;
}

export const PRICING_FAQ: FaqEntry[] = [
  {
    question: 'How many free AI generations do I get?',
    answer: `The Free plan includes ${FREE_DAILY_AI_LIMIT} AI operations per day. The allowance resets every day and unused ones do not roll over.`,
  },
  {
    question: 'What counts as an AI operation?',
    answer:
      'Generating an image with AI, upscaling, removing a background, and blurring faces, people or a background (the AI finds them) each use one. Caption ideas, templates, your own uploads, text, shapes, downloads and the other image tools never count.',
  },
  {
    question: 'Is there a free trial of the paid plans?',
    answer: 'Yes. Pro and Unlimited come with a 7-day free trial.',
  },
  {
    question: 'When do Pro generations reset?',
    answer: 'Pro generations reset every month, on your billing date.',
  },
  {
    question: 'Can I change plans later?',
    answer: 'Yes. Upgrades apply immediately; downgrades take effect at the start of the next billing cycle.',
  },
  {
    question: 'Do I need an account, and is there a watermark?',
    answer: 'No account is needed to make memes, and downloads never carry a watermark, on any plan.',
  },
];
