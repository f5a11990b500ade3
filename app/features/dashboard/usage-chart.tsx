import type { DashboardDay } from '../../../core/api/dashboard';
import { barHeights } from './format';

/** 30 stacked bars (AI operations, downloads) with a table for screen readers carrying the same numbers. */
export function UsageChart({ days }: { days: DashboardDay[] }) {
  const heights = barHeights(days);
  const total = days.reduce((n, d) => n + d.ai + d.downloads, 0);
  return (
    <figure>
      <div aria-hidden="true" className="flex h-40 items-end gap-0.5 border-b border-slate-300 dark:border-slate-600" data-testid="usage-chart">
        {days.map((d, i) => (
          <div key={d.day} className="flex h-full flex-1 flex-col justify-end" title={`${d.day}: ${d.ai} AI, ${d.downloads} downloads`}>
            <div className="bg-sky-600 dark:bg-sky-400" style={{ height: `${heights[i]!.downloads}%` }} />
            <div className="bg-violet-700 dark:bg-violet-400" style={{ height: `${heights[i]!.ai}%` }} />
          </div>
        ))}
      </div>
      <figcaption className="mt-2 flex flex-wrap gap-4 text-sm text-slate-700 dark:text-slate-300">
        <span className="flex items-center gap-1"><span aria-hidden="true" className="h-3 w-3 rounded-sm bg-violet-700 dark:bg-violet-400" /> AI operations</span>
        <span className="flex items-center gap-1"><span aria-hidden="true" className="h-3 w-3 rounded-sm bg-sky-600 dark:bg-sky-400" /> Downloads</span>
        <span>{total === 0 ? 'No activity in the last 30 days yet.' : `${total} actions in the last 30 days.`}</span>
      </figcaption>
      <table className="sr-only">
        <caption>Daily activity, last 30 days</caption>
        <thead><tr><th scope="col">Day</th><th scope="col">AI operations</th><th scope="col">Downloads</th></tr></thead>
        <tbody>
          {days.map((d) => <tr key={d.day}><td>{d.day}</td><td>{d.ai}</td><td>{d.downloads}</td></tr>)}
        </tbody>
      </table>
    </figure>
  );
}
