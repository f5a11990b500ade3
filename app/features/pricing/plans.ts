import { FREE_DAILY_AI_LIMIT } from '../../../core/limits';

/** A plan card (spec part 1 §3 Plan): name, description, price, period, features, button, popular flag, limitation. */
export interface Plan {
  id: 'free' | 'pro' | 'unlimited';
  name: string;
  description: string;
  price: string;
  period: string;
  features: string[];
  buttonText: string;
  buttonHref: string;
  popular: boolean;
  limitation?: string;
}

/**
 * There is no billing yet: the paid plans' buttons lead to the contact page, where support sets a visitor up
 * (see docs/decisions/0070-pricing-one-allowance-and-contact-buttons.md).
 */
export const PLANS: Plan[] = [
  {
    id: 'free',
    name: 'Free',
    description: 'Everything you need to make and share memes.',
    price: '$0',
    period: 'free forever',
    features: [
      `${FREE_DAILY_AI_LIMIT} AI generations per day`,
      'Unlimited template and upload memes',
      'PNG/JPG download',
      'Community support',
    ],
    buttonText: 'Start Creating Free',
    buttonHref: '/meme-generator',
    popular: false,
    limitation: `Limited to ${FREE_DAILY_AI_LIMIT} AI generations per day`,
  },
  {
    id: 'pro',
    name: 'Pro',
    description: 'For creators who post every day.',
    price: '$9.99',
    period: 'per month',
    features: ['200 AI generations per month', 'Premium templates', 'HD downloads', 'Priority support', 'Custom fonts', 'Bulk export'],
    buttonText: 'Start Pro Trial',
    buttonHref: '/contact?plan=pro',
    popular: true,
  },
  {
    id: 'unlimited',
    name: 'Unlimited',
    description: 'For teams and businesses.',
    price: '$19.99',
    period: 'per month',
    features: [
      'Unlimited AI generations',
      'Commercial rights',
      'API access',
      'White-label',
      'Dedicated manager',
      'Custom integrations',
    ],
    buttonText: 'Go Unlimited',
    buttonHref: '/contact?plan=unlimited',
    popular: false,
  },
];

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
      'Generating an image with AI, upscaling, removing a background and detecting faces to blur each use one. Templates, your own uploads, text, shapes, downloads and the other image tools never count.',
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
