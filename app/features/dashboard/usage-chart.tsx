import type { DashboardDay } from '../../../core/api/dashboard';
import { barHeights, shortDay } from './format';

/** 30 stacked bars (AI operations, downloads) with a table for screen readers carrying the same numbers. */
export function UsageChart({ days }: { days: DashboardDay[] }) {
  const heights = barHeights(days);
  const total = days.reduce((n, d) => n + d.ai + d.downloads, 0);
  const peak = Math.max(0, ...days.map((d) => d.ai + d.downloads));
  const axis = 'text-xs tabular-nums text-slate-600 dark:text-slate-400';
  return (
    <figure>
      <div aria-hidden="true" className="flex gap-2">
        <div className={`flex h-40 w-6 shrink-0 flex-col justify-between text-right ${axis}`}>
          <span>{peak}</span>
          <span>0</span>
        </div>
        <div className="relative h-40 flex-1 border-b border-l border-slate-300 dark:border-slate-600">
          {/* A faint line at the peak, so the top of the scale reads as a value. */}
          <div className="absolute inset-x-0 top-0 border-t border-dashed border-slate-200 dark:border-slate-700" />
          <div className="relative flex h-full items-end gap-0.5 px-0.5" data-testid="usage-chart">
            {days.map((d, i) => (
              <div
                key={d.day}
                className="flex h-full flex-1 flex-col justify-end"
                title={`${shortDay(d.day)}: ${d.ai} AI, ${d.downloads} downloads`}
              >
                <div className="bg-sky-600 dark:bg-sky-400" style={{ height: `${heights[i]!.downloads}%` }} />
                <div className="bg-violet-700 dark:bg-violet-400" style={{ height: `${heights[i]!.ai}%` }} />
              </div>
            ))}
          </div>
          {total === 0 ? (
            <p className="absolute inset-0 flex items-center justify-center px-4 text-center text-sm text-slate-600 dark:text-slate-400">
              No activity in the last 30 days yet. AI operations and saved downloads appear here.
            </p>
          ) : null}
        </div>
      </div>
      {days.length ? (
        <div aria-hidden="true" className={`ml-8 mt-1 flex justify-between ${axis}`}>
          <span>{shortDay(days[0]!.day)}</span>
          <span>{shortDay(days[Math.floor(days.length / 2)]!.day)}</span>
          <span>Today</span>
        </div>
      ) : null}
      <figcaption className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700 dark:text-slate-300">
        <span className="flex items-center gap-1">
          <span aria-hidden="true" className="h-3 w-3 rounded-sm bg-violet-700 dark:bg-violet-400" /> AI operations
        </span>
        <span className="flex items-center gap-1">
          <span aria-hidden="true" className="h-3 w-3 rounded-sm bg-sky-600 dark:bg-sky-400" /> Downloads
        </span>
        <span data-testid="trend-total">{total === 1 ? '1 action' : `${total} actions`} in the last 30 days.</span>
      </figcaption>
      <table className="sr-only">
        <caption>Daily activity, last 30 days</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">AI operations</th>
            <th scope="col">Downloads</th>
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.day}>
              <td>{d.day}</td>
              <td>{d.ai}</td>
              <td>{d.downloads}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
