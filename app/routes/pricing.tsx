import type { MetaFunction } from '@remix-run/cloudflare';
import type { RouteHandle } from '~/components/layout/breadcrumbs';
import { PlanCard } from '~/features/pricing/plan-card';
import { BILLING_NOTE, PLANS, TEAM_PLANS } from '~/features/pricing/plans';
import { PricingFaq } from '~/features/pricing/pricing-faq';
import { pageMeta } from '~/lib/meta';
import { FREE_DAILY_AI_LIMIT } from '../../core/limits';

export const meta: MetaFunction = () =>
  pageMeta('Pricing', `Memeforge is free forever with ${FREE_DAILY_AI_LIMIT} AI generations a day. Pro and Unlimited plans for more.`);

export const handle: RouteHandle = { breadcrumb: [{ label: 'Pricing' }] };

export default function Route() {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-12">
      <div className="mx-auto max-w-2xl text-center">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white sm:text-4xl">Simple, honest pricing</h1>
        <p className="mt-3 text-lg text-slate-600 dark:text-slate-300">
          Free forever, with <span data-testid="free-allowance">{FREE_DAILY_AI_LIMIT}</span> AI generations per day. Paid plans
          start with a 7-day free trial.
        </p>
      </div>
      <h2 className="sr-only">Personal plans</h2>
      <div className="mt-12 grid gap-6 md:grid-cols-3">
        {PLANS.map((plan) => (
          <PlanCard key={plan.id} plan={plan} />
        ))}
      </div>
      <section aria-labelledby="team-plans" className="mt-14">
        <h2 id="team-plans" className="text-center text-2xl font-bold text-slate-900 dark:text-white">For teams</h2>
        <p className="mx-auto mt-2 max-w-2xl text-center text-slate-600 dark:text-slate-300">
          Everything in Unlimited for several people, with API keys. A premium member of the dashboard is on Unlimited.
        </p>
        <div className="mx-auto mt-6 grid max-w-4xl gap-6 md:grid-cols-2">
          {TEAM_PLANS.map((plan) => (
            <PlanCard key={plan.id} plan={plan} />
          ))}
        </div>
        <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-300" data-testid="billing-note">{BILLING_NOTE}</p>
      </section>
      <PricingFaq />
    </div>
  );
}
