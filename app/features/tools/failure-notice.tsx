/**
 * A failed job's words where its result would be: a toast goes away, this stays until the next try (the AI tabs of
 * Optimize and the blur of Security).
 */
export function FailureNotice({ title, text }: { title: string; text: string }) {
  return (
    <p
      role="alert"
      className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
      data-testid="ai-error"
    >
      <strong>{title}.</strong> {text}
    </p>
  );
}
