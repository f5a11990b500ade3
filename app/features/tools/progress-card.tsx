import { Spinner } from '~/components/ui/spinner';

/** Spinner, the spec's text and a percent bar. */
export function ProgressCard({ text = 'Processing your image...', value }: { text?: string; value: number }) {
  return (
    <div role="status" className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900">
      <div className="flex items-center gap-2 text-slate-800 dark:text-slate-100">
        <Spinner className="h-5 w-5 text-brand-700 dark:text-brand-400" />
        <span>{text}</span>
        <span className="ml-auto text-sm tabular-nums">{value}%</span>
      </div>
      <div
        role="progressbar"
        aria-label={text}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        className="mt-3 h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
      >
        <div className="h-full bg-brand-700 transition-[width] dark:bg-brand-400" style={{ width: `${value}%` }} />
      </div>
    </div>
  );
}
