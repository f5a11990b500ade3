import { BACKGROUND_REMOVAL_PARTNER as partner, partnerLink } from '../../../core/site';

/** Optimize's promotion of a specialised background-removal site: clearly an outside service, in a new tab. */
export function PartnerBlock() {
  return (
    <aside
      aria-labelledby="partner-heading"
      className="rounded-xl border border-violet-200 bg-violet-50 p-4 dark:border-violet-800 dark:bg-violet-950"
      data-testid="partner-block"
    >
      <p className="text-xs font-semibold uppercase tracking-wide text-violet-800 dark:text-violet-200">
        External service · not part of Memeforge
      </p>
      <h2 id="partner-heading" className="mt-1 text-lg font-bold text-slate-900 dark:text-white">
        Try {partner.name} FREE for tricky backgrounds
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-200">
        Another company’s site, for pictures our cut-out gets wrong. Its speed and quality are theirs to state: we have
        not measured them.
      </p>
      <ul className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm text-slate-800 dark:text-slate-100 sm:grid-cols-3">
        {partner.features.map((c) => (
          <li key={c}>✓ {c}</li>
        ))}
      </ul>
      <a
        href={partnerLink()}
        target="_blank"
        rel="noopener noreferrer sponsored"
        className="mt-3 inline-block rounded-lg bg-violet-700 px-4 py-2 text-sm font-semibold text-white hover:bg-violet-800"
      >
        Open {partner.name}
        <span className="sr-only"> (external site, opens in a new tab)</span> ↗
      </a>
    </aside>
  );
}
