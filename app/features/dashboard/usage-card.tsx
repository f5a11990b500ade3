import type { DashboardResponse } from '../../../core/api/dashboard';
import { PREMIUM_MONTHLY_AI_GUIDE } from '../../../core/limits';
import { guideShare, nextMonthStart, shortDay, trendSummary } from './format';

const count = new Intl.NumberFormat('en-US');
const monthName = (now: number) =>
  new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(now);

/**
 * 'Usage Analytics': this month's AI operations as a progress bar against the fair-use guide (Premium has no cap),
 * then four figures from the same D1 data. `stats` is null while loading; `failed` when it could not be loaded.
 */
export function UsageCard({
  stats,
  failed,
  now = Date.now(),
}: {
  stats: DashboardResponse | null;
  failed: boolean;
  now?: number;
}) {
  const used = stats?.totals.aiThisMonth ?? 0;
  const share = guideShare(used, PREMIUM_MONTHLY_AI_GUIDE);
  const summary = stats ? trendSummary(stats.trend) : null;
  const value = (v: string | number | undefined) =>
    v === undefined ? (failed ? '—' : '…') : typeof v === 'number' ? count.format(v) : v;

  const figures: [string, string][] = [
    ['Downloads this month', value(stats?.totals.downloadsThisMonth)],
    ['AI operations, all time', value(stats?.totals.aiAllTime)],
    ['Daily average, last 30 days', value(summary?.dailyAverage)],
    [
      'Busiest day, last 30 days',
      summary
        ? summary.busiest
          ? `${shortDay(summary.busiest.day)} · ${summary.busiest.total}`
          : 'No activity yet'
        : value(undefined),
    ],
  ];

  return (
    <section
      aria-labelledby="usage-heading"
      className="flex flex-col rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h2 id="usage-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
          Usage Analytics
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">{monthName(now)}</p>
      </div>

      <div className="mt-4">
        <div className="flex items-baseline justify-between gap-3">
          <p id="monthly-ai-label" className="font-medium text-slate-800 dark:text-slate-200">
            Monthly AI operations
          </p>
          <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="monthly-ai">
            <span className="text-xl font-bold text-slate-900 dark:text-white">{value(stats?.totals.aiThisMonth)}</span>{' '}
            of {count.format(PREMIUM_MONTHLY_AI_GUIDE)}
          </p>
        </div>
        <div
          role="progressbar"
          aria-labelledby="monthly-ai-label"
          aria-valuemin={0}
          aria-valuemax={PREMIUM_MONTHLY_AI_GUIDE}
          aria-valuenow={stats ? used : undefined}
          aria-valuetext={
            stats
              ? `${count.format(used)} of ${count.format(PREMIUM_MONTHLY_AI_GUIDE)} AI operations this month`
              : 'Loading'
          }
          aria-busy={!stats && !failed ? true : undefined}
          className="mt-2 h-3 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
        >
          {/* A month with any use shows at least a sliver, so 4 of 1,000 does not look like none. */}
          <div
            className="h-full rounded-full bg-violet-700 transition-[width] dark:bg-violet-400"
            style={{ width: `${used > 0 ? Math.max(share, 1) : 0}%` }}
          />
        </div>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          {share}% of the {count.format(PREMIUM_MONTHLY_AI_GUIDE)} fair-use guide. Premium has no cap; the count starts
          again on {nextMonthStart(now)} (UTC).
        </p>
      </div>

      <dl className="mt-4 grid flex-1 grid-cols-2 content-end gap-3 border-t border-slate-200 pt-4 dark:border-slate-700">
        {figures.map(([label, v]) => (
          <div key={label} className="rounded-lg bg-slate-50 px-3 py-2 dark:bg-slate-800" data-testid="usage-figure">
            <dt className="text-xs text-slate-600 dark:text-slate-400">{label}</dt>
            <dd className="mt-0.5 font-semibold text-slate-900 dark:text-white">{v}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
