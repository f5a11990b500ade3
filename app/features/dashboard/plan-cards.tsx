/** The plan details and comparison of the spec: information only, the buttons have no behaviour yet. */
const PLANS = [
  { name: 'Premium', price: '$29.99/month', tag: 'Current plan', button: null, perks: ['Unlimited AI operations', '4x upscaling', 'Priority processing', 'Commercial use', 'Priority support'] },
  { name: 'Business', price: '$79.99/month', tag: 'Popular', button: 'Upgrade to Business', perks: ['Everything in Premium', 'Team of 5 users', 'Brand watermarks', 'API: 10k calls per month', 'Dedicated support'] },
  { name: 'Enterprise', price: 'Custom pricing', tag: null, button: 'Contact Sales', perks: ['Unlimited members and API', 'White-label', 'SLA'] },
] as const;

const soon = 'Coming soon';
const ghost = 'rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 disabled:cursor-not-allowed dark:border-slate-600 dark:text-slate-300';

export function CurrentPlan() {
  return (
    <section aria-labelledby="plan-heading" className="flex flex-col rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900">
      <h2 id="plan-heading" className="text-lg font-semibold text-slate-900 dark:text-white">Current Plan Details</h2>
      <p className="mt-2 text-slate-800 dark:text-slate-200">
        <strong>Premium</strong> · active · $29.99/month
      </p>
      <ul className="mt-2 list-disc pl-5 text-sm text-slate-700 dark:text-slate-300">
        {PLANS[0].perks.map((p) => <li key={p}>{p}</li>)}
      </ul>
      <p className="mt-auto pt-3 text-sm text-slate-600 dark:text-slate-400">Billing and invoices are not available yet: these buttons do nothing for now.</p>
      <div className="mt-2 flex flex-wrap gap-2">
        <button type="button" className={ghost} disabled title={soon}>Manage Billing</button>
        <button type="button" className={ghost} disabled title={soon}>Download Invoice</button>
      </div>
    </section>
  );
}

export function PlanComparison() {
  return (
    <section aria-labelledby="compare-heading">
      <h2 id="compare-heading" className="text-lg font-semibold text-slate-900 dark:text-white">Compare plans</h2>
      <div className="mt-3 grid gap-3 md:grid-cols-3">
        {PLANS.map((p) => (
          <div key={p.name} className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900">
            <div className="flex items-center justify-between">
              <h3 className="font-semibold text-slate-900 dark:text-white">{p.name}</h3>
              {p.tag ? <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-orange-900 dark:bg-slate-700 dark:text-orange-200">{p.tag}</span> : null}
            </div>
            <p className="mt-1 text-xl font-bold text-slate-900 dark:text-white">{p.price}</p>
            <ul className="mt-2 space-y-1 text-sm text-slate-700 dark:text-slate-300">
              {p.perks.map((k) => <li key={k}>✓ {k}</li>)}
            </ul>
            {p.button ? <button type="button" className={`${ghost} mt-3`} disabled title={soon}>{p.button}</button> : null}
          </div>
        ))}
      </div>
    </section>
  );
}
