import type { MetaFunction } from '@remix-run/cloudflare';
import type { RouteHandle } from '~/components/layout/breadcrumbs';
import { PlanCard } from '~/features/pricing/plan-card';
import { PLANS } from '~/features/pricing/plans';
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
      <div className="mt-12 grid gap-6 md:grid-cols-3">
        {PLANS.map((plan) => (
          <PlanCard key={plan.id} plan={plan} />
        ))}
      </div>
      <PricingFaq />
    </div>
  );
}
