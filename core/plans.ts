import { API_MONTHLY_CALLS, FREE_DAILY_AI_LIMIT } from './limits';

/**
 * The one plan catalogue: /pricing and the dashboard both render it. Personal plans (Free, Pro, Unlimited) are
 * sold to one person; team plans (Business, Enterprise) to a team, with API access by key. A premium member of
 * the dashboard is on Unlimited. There is no online billing yet: paid plans are set up by support from the contact
 * page (ADR 0070), and every button says so rather than doing nothing.
 */
export interface Plan {
  id: 'free' | 'pro' | 'unlimited' | 'business' | 'enterprise';
  audience: 'personal' | 'team';
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

export const PLANS: Plan[] = [
  {
    id: 'free',
    audience: 'personal',
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
    audience: 'personal',
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
    audience: 'personal',
    name: 'Unlimited',
    description: 'For power users: the premium membership with the dashboard.',
    price: '$19.99',
    period: 'per month',
    features: ['Unlimited AI generations', '4x upscaling', 'Saved memes in your dashboard', 'Commercial rights', 'Priority support'],
    buttonText: 'Go Unlimited',
    buttonHref: '/contact?plan=unlimited',
    popular: false,
  },
];

export const TEAM_PLANS: Plan[] = [
  {
    id: 'business',
    audience: 'team',
    name: 'Business',
    description: 'For a team of up to 5 that publishes every day.',
    price: '$79.99',
    period: 'per month',
    features: ['Everything in Unlimited for 5 people', 'Brand watermarks', `API: ${API_MONTHLY_CALLS.toLocaleString('en-US')} calls per month`, 'Dedicated support'],
    buttonText: 'Ask about Business',
    buttonHref: '/contact?plan=business',
    popular: false,
  },
  {
    id: 'enterprise',
    audience: 'team',
    name: 'Enterprise',
    description: 'For larger teams and integrations.',
    price: 'Custom',
    period: 'pricing',
    features: ['Unlimited members and API calls', 'White-label', 'SLA'],
    buttonText: 'Contact Sales',
    buttonHref: '/contact?plan=enterprise',
    popular: false,
  },
];

/** The plan a premium member of the dashboard is on. */
export const MEMBER_PLAN: Plan = PLANS.find((p) => p.id === 'unlimited')!;

/** Said next to every billing action until online billing exists. */
export const BILLING_NOTE = 'Online billing is not available yet: our support team sets up, changes and invoices plans by email.';
