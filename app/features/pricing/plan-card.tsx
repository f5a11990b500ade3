import { Link } from '@remix-run/react';
import type { Plan } from './plans';

export function PlanCard({ plan }: { plan: Plan }) {
  const headingId = `plan-${plan.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className={`flex flex-col rounded-2xl border bg-white p-6 dark:bg-slate-900 ${
        plan.highlighted
          ? 'border-brand-700 shadow-lg ring-2 ring-brand-700 dark:border-brand-400 dark:ring-brand-400'
          : 'border-slate-200 dark:border-slate-700'
      }`}
    >
      <h2 id={headingId} className="text-xl font-bold text-slate-900 dark:text-white">
        {plan.name}
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{plan.description}</p>
      <p className="mt-4">
        <span className="text-4xl font-extrabold text-slate-900 dark:text-white">{plan.price}</span>{' '}
        <span className="text-sm text-slate-600 dark:text-slate-300">{plan.period}</span>
      </p>
      <ul className="mt-6 flex-1 space-y-2 text-sm">
        {plan.features.map((feature) => (
          <li key={feature.id} className="flex gap-2 text-slate-700 dark:text-slate-200">
            <span aria-hidden="true" className="text-green-700 dark:text-green-400">
              ✓
            </span>
            {feature.text}
          </li>
        ))}
      </ul>
      <Link
        to={plan.buttonHref}
        className={`mt-6 block rounded-lg px-4 py-2.5 text-center font-semibold focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 ${
          plan.highlighted
            ? 'bg-brand-700 text-white hover:bg-orange-800'
            : 'border border-slate-300 text-slate-900 hover:border-brand-700 dark:border-slate-600 dark:text-white dark:hover:border-brand-400'
        }`}
      >
        {plan.buttonText}
      </Link>
    </article>
  );
}
