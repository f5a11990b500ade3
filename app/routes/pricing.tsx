import type { MetaFunction } from '@remix-run/cloudflare';
import type { RouteHandle } from '~/components/layout/breadcrumbs';
import { PlanCard } from '~/features/pricing/plan-card';
import { BILLING_NOTE, PLANS, TEAM_NOTE } from '~/features/pricing/plans';
import { PricingFaq } from '~/features/pricing/pricing-faq';
import { pageMeta } from '~/lib/meta';
import { FREE_DAILY_AI_LIMIT } from '../../core/limits';

export const meta: MetaFunction = () =>
  pageMeta(
    'Pricing',
    `Memeforge is free forever with ${FREE_DAILY_AI_LIMIT} AI operations a day. Premium removes the daily cap and keeps your memes.`,
  );

export const handle: RouteHandle = { breadcrumb: [{ label: 'Pricing' }] };

/** Free and Premium from the one plan catalogue (core/plans.ts, ADR 0159), then the questions. */
export default function Route() {
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-12">
      <div className="mx-auto max-w-2xl text-center">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white sm:text-4xl">
          Simple, honest pricing
        </h1>
        <p className="mt-3 text-lg text-slate-600 dark:text-slate-300">
          Free forever, with <span data-testid="free-allowance">{FREE_DAILY_AI_LIMIT}</span> AI operations a day and no
          watermark. Premium removes the daily cap, keeps your memes and adds API keys.
        </p>
      </div>
      <h2 className="sr-only">Plans</h2>
      <div className="mx-auto mt-12 grid max-w-4xl gap-6 md:grid-cols-2">
        {PLANS.map((plan) => (
          <PlanCard key={plan.id} plan={plan} />
        ))}
      </div>
      <p
        className="mx-auto mt-6 max-w-2xl text-center text-sm text-slate-600 dark:text-slate-300"
        data-testid="team-note"
      >
        {TEAM_NOTE}
      </p>
      <p
        className="mx-auto mt-2 max-w-2xl text-center text-sm text-slate-600 dark:text-slate-300"
        data-testid="billing-note"
      >
        {BILLING_NOTE}
      </p>
      <PricingFaq />
    </div>
  );
}
