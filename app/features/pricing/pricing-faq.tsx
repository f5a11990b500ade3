import { PRICING_FAQ } from './plans';

/** Native <details> keeps the FAQ keyboard-accessible with no script. */
export function PricingFaq() {
  return (
    <section aria-labelledby="faq-heading" className="mt-16">
      <h2 id="faq-heading" className="text-2xl font-bold text-slate-900 dark:text-white">
        Frequently asked questions
      </h2>
      <div className="mt-6 divide-y divide-slate-200 rounded-xl border border-slate-200 dark:divide-slate-700 dark:border-slate-700">
        {PRICING_FAQ.map((entry) => (
          <details key={entry.question} className="group p-4">
            <summary className="cursor-pointer font-semibold text-slate-900 marker:text-brand-700 dark:text-white">
              {entry.question}
            </summary>
            <p className="mt-2 text-slate-600 dark:text-slate-300">{entry.answer}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
