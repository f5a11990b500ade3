import { Link } from '@remix-run/react';
import { BILLING_NOTE, MEMBER_PLAN, PLANS } from '~/features/pricing/plans';

/** The member's plan and the other, both from the one plan catalogue (core/plans.ts) that /pricing shows. */
const link =
  'rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800';

export function CurrentPlan() {
  return (
    <section
      aria-labelledby="plan-heading"
      className="flex flex-col rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900"
    >
      <h2 id="plan-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
        Current Plan Details
      </h2>
      <p className="mt-2 text-slate-800 dark:text-slate-200" data-testid="current-plan">
        <strong>{MEMBER_PLAN.name}</strong> (premium membership) · active · {MEMBER_PLAN.price} {MEMBER_PLAN.period}
      </p>
      <ul className="mt-2 list-disc pl-5 text-sm text-slate-700 dark:text-slate-300">
        {MEMBER_PLAN.features.map((f) => (
          <li key={f.id}>{f.text}</li>
        ))}
      </ul>
      <p className="mt-auto pt-3 text-sm text-slate-600 dark:text-slate-400" data-testid="billing-note">
        {BILLING_NOTE}
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        <Link to="/contact?topic=billing" className={link}>
          Ask support about billing or an invoice
        </Link>
      </div>
    </section>
  );
}

export function PlanComparison() {
  return (
    <section aria-labelledby="compare-heading">
      <h2 id="compare-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
        Compare plans
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        The same plans as on the{' '}
        <Link to="/pricing" className="font-medium text-brand-700 underline dark:text-brand-300">
          pricing page
        </Link>
        .
      </p>
      <div className="mt-3 grid gap-3 md:grid-cols-2">
        {PLANS.map((p) => (
          <div
            key={p.id}
            className="flex flex-col rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900"
          >
            <div className="flex items-center justify-between">
              <h3 className="font-semibold text-slate-900 dark:text-white">{p.name}</h3>
              {p.id === MEMBER_PLAN.id ? (
                <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-orange-900 dark:bg-slate-700 dark:text-orange-200">
                  Current plan
                </span>
              ) : null}
            </div>
            <p className="mt-1 text-xl font-bold text-slate-900 dark:text-white">
              {p.price} <span className="text-sm font-normal text-slate-600 dark:text-slate-400">{p.period}</span>
            </p>
            <ul className="mt-2 flex-1 space-y-1 text-sm text-slate-700 dark:text-slate-300">
              {p.features.map((f) => (
                <li key={f.id}>✓ {f.text}</li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </section>
  );
}
