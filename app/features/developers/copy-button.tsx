import { useEffect, useState } from 'react';

/**
 * Copies one example to the clipboard. Its name says which example; "Copied" (or why not) is announced through a
 * polite status next to it, and goes away after a few seconds.
 */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [said, setSaid] = useState('');
  useEffect(() => {
    if (!said) return;
    const timer = setTimeout(() => setSaid(''), 2500);
    return () => clearTimeout(timer);
  }, [said]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setSaid('Copied');
    } catch {
      // No clipboard permission (or an insecure origin): the example stays selectable by hand.
      setSaid('Could not copy; select the text instead');
    }
  };
  return (
    <span className="flex items-center gap-2">
      <span role="status" className="text-xs font-medium text-slate-600 dark:text-slate-300">
        {said}
      </span>
      <button
        type="button"
        onClick={() => void copy()}
        aria-label={label}
        className="rounded-md border border-slate-300 bg-white px-2.5 py-1 text-xs font-semibold text-slate-800 hover:bg-slate-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-700 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700"
      >
        Copy
      </button>
    </span>
  );
}
