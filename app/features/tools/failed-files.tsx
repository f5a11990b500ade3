/** A file the server refused while a list of files was processed, with the reason a person reads. */
export interface FailedFile {
  name: string;
  reason: string;
}

/**
 * The files the server refused, each with its reason, under a run's results: a failed file is never skipped silently
 * (docs/product.md §5.3 Batch, §5.4 Convert). Each screen keeps its own test id.
 */
export function FailedFiles({
  failed,
  testId,
  label,
}: {
  failed: readonly FailedFile[];
  testId: string;
  /** The list's accessible name, where the screen gives it one. */
  label?: string;
}) {
  if (!failed.length) return null;
  return (
    <ul
      className="list-disc pl-5 text-sm text-red-700 [overflow-wrap:anywhere] dark:text-red-300"
      data-testid={testId}
      aria-label={label}
    >
      {failed.map((f) => (
        <li key={f.name}>
          {f.name}: {f.reason}
        </li>
      ))}
    </ul>
  );
}
