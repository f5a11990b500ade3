import type { UsageLimit } from '../../../core/api/usage';

/** 'AI Operations' with what is left today; premium shows unlimited. */
export function AiBanner({ usage, failed }: { usage: UsageLimit | null; failed?: boolean }) {
  let text: string;
  if (usage === null) text = failed ? 'Usage data is unavailable right now.' : 'Loading usage data...';
  else if (usage.premium || usage.totalLimit === null) text = 'Unlimited AI operations (premium)';
  else text = `${usage.remaining} / ${usage.totalLimit} remaining today`;
  return (
    <div
      className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 rounded-xl border border-violet-200 bg-violet-50 p-3 dark:border-violet-800 dark:bg-violet-950"
      data-testid="ai-banner"
    >
      <span className="whitespace-nowrap font-semibold text-violet-900 dark:text-violet-100">AI Operations</span>
      <span aria-live="polite" className="text-sm text-violet-900 dark:text-violet-100">
        {text}
      </span>
    </div>
  );
}

/** The allowance is spent when the server says generation is not possible. */
export const allowanceSpent = (usage: UsageLimit | null) => usage !== null && !usage.canGenerate;
