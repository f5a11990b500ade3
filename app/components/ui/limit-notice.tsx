import { Link } from '@remix-run/react';
import type { UsageLimit } from '../../../core/api/usage';
import { allowanceResetText } from '~/lib/allowance-reset';

/**
 * The one notice shown once the day's free AI operations are spent (tools and editor alike): that they are spent,
 * once, when they come back in the visitor's own time, and what premium gives instead.
 */
export function LimitNotice({ usage, offer }: { usage: UsageLimit; offer: string }) {
  return (
    <div
      role="status"
      className="rounded-xl border border-amber-300 bg-amber-50 p-4 dark:border-amber-700 dark:bg-amber-950"
      data-testid="limit-notice"
    >
      <h3 className="font-semibold text-amber-900 dark:text-amber-100">Daily AI limit reached</h3>
      <p className="mt-1 text-sm text-amber-900 dark:text-amber-100" data-testid="limit-reset">
        You have used today&apos;s {usage.totalLimit ?? ''} free AI operations.{' '}
        {allowanceResetText(usage.resetsAt, Date.now())}
      </p>
      <p className="mt-1 text-sm text-amber-900 dark:text-amber-100">{offer}</p>
      <Link to="/pricing" className="mt-2 inline-block font-semibold text-amber-950 underline dark:text-amber-100">
        See premium plans
      </Link>
    </div>
  );
}
