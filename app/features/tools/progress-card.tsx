import { useEffect, useState } from 'react';
import { Spinner } from '~/components/ui/spinner';
import { btnSecondary } from './styles';
import { estimateText, indeterminate, jobPercent, phaseText } from './tool-job';
import type { RunningJob } from './use-tool-job';

interface Props {
  /** The bar's accessible name. */
  text?: string;
  /** A running job: its phase in words, a bar that follows it, the estimate of AI work, and Cancel. */
  job?: RunningJob | null;
  onCancel?: () => void;
  /** A line above the phase (a batch's "File 3 of 20: holiday.jpg"). */
  detail?: string;
}

/** The card shown while work runs (ADR 0105). */
export function ProgressCard({ text = 'Processing your image...', job, onCancel, detail }: Props) {
  // The clock ticks through processing: it moves the bar against an estimate, or says the time spent without one.
  const now = useNow(job?.view.stage === 'processing');
  const moving = job ? indeterminate(job.view) : false;
  const percent = job ? jobPercent(job.view, now) : 0;
  const words = job ? phaseText(job.view, job.operation) : text;
  const estimate = job ? estimateText(job.view, now) : null;
  return (
    <div
      className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900"
      data-testid="progress-card"
    >
      {detail ? (
        <p className="mb-2 truncate text-sm text-slate-700 dark:text-slate-300" data-testid="job-detail">
          {detail}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-slate-800 dark:text-slate-100">
        <Spinner className="h-5 w-5 text-brand-700 dark:text-brand-400" />
        <span role="status" data-testid="job-phase">
          {words}
        </span>
        {estimate ? (
          <span className="text-sm text-slate-700 dark:text-slate-300" data-testid="job-estimate">
            · {estimate}
          </span>
        ) : null}
        <span className="ml-auto text-sm tabular-nums" aria-hidden="true">
          {percent}%
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={text}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%: ${words}${estimate ? `, ${estimate.toLowerCase()}` : ''}`}
        className="mt-3 h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
      >
        <div
          className={`h-full bg-brand-700 transition-[width] duration-500 motion-reduce:transition-none dark:bg-brand-400 ${moving ? 'animate-pulse motion-reduce:animate-none' : ''}`}
          style={{ width: `${percent}%` }}
          data-moving={moving || undefined}
        />
      </div>
      {onCancel ? (
        <button type="button" className={`${btnSecondary} mt-3`} onClick={onCancel}>
          Cancel
        </button>
      ) : null}
    </div>
  );
}

/** The clock, ticking twice a second while the server works. */
function useNow(ticking: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!ticking) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, [ticking]);
  return ticking ? now : Date.now();
}
