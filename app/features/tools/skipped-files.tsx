import type { Inspected } from '~/lib/file-intake';
import { countOf } from './format';

/** A file refused when chosen, with the reason a person reads. */
export interface Skipped {
  name: string;
  reason: string;
}

/** The refused files of a choice, each with its own reason (file-intake's words). */
export const skippedOf = (inspected: readonly Inspected[]): Skipped[] =>
  inspected.flatMap((i) => (i.ok ? [] : [{ name: i.file.name, reason: i.problem.message }]));

/**
 * The files refused when chosen, in a list that stays under the drop zone until the next choice: a toast says it
 * once and goes, and a batch's person needs to see which files are missing from it (issue 40).
 */
export function SkippedFiles({ skipped, testId }: { skipped: readonly Skipped[]; testId: string }) {
  if (!skipped.length) return null;
  return (
    <section
      aria-label="Skipped files"
      className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
      data-testid={testId}
    >
      <p className="font-semibold">{countOf(skipped.length, 'file')} skipped</p>
      <ul className="mt-1 list-disc space-y-1 pl-5 [overflow-wrap:anywhere]">
        {skipped.map((s, i) => (
          <li key={`${i}-${s.name}`}>
            <span className="font-medium">{s.name}</span>: {s.reason}
          </li>
        ))}
      </ul>
    </section>
  );
}
