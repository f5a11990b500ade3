import { useEffect, useRef, useState } from 'react';
import type { ApiKeyCreated } from '../../../core/api/api-keys';
import { btnPrimary, btnSecondary } from '~/features/tools/styles';

/**
 * The key just created, shown this once: the server keeps only its hash, so after "Done" (or a reload) nobody can
 * read it again. Focus moves here so a screen reader hears the warning.
 */
export function NewApiKey({ created, onDone }: { created: ApiKeyCreated; onDone: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const field = useRef<HTMLElement>(null);
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  useEffect(() => heading.current?.focus(), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.key);
      setCopied('yes');
    } catch {
      // No clipboard permission: select the text so Ctrl/Cmd+C works.
      if (field.current) window.getSelection()?.selectAllChildren(field.current);
      setCopied('no');
    }
  };

  return (
    <div
      className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4 dark:border-amber-700 dark:bg-amber-950"
      data-testid="new-api-key-panel"
    >
      <h3 ref={heading} tabIndex={-1} className="font-semibold text-amber-950 focus:outline-none dark:text-amber-100">
        Your new key “{created.name}”
      </h3>
      <p className="mt-1 text-sm text-amber-950 dark:text-amber-100">
        Copy it now: this is the only time it is shown. We keep only a fingerprint of it, so it cannot be shown again.
        If you lose it, revoke it and create a new one. Keep it secret, like a password.
      </p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <code
          ref={field}
          id="new-api-key"
          data-testid="new-api-key"
          className="block min-w-0 flex-1 select-all break-all rounded-lg border border-amber-300 bg-white px-3 py-2 font-mono text-sm text-slate-900 dark:border-amber-700 dark:bg-slate-900 dark:text-white"
        >
          {created.key}
        </code>
        <button type="button" className={`${btnPrimary} shrink-0`} onClick={copy}>
          Copy key
        </button>
        <button type="button" className={`${btnSecondary} shrink-0`} onClick={onDone}>
          Done
        </button>
      </div>
      <p role="status" className={`text-sm text-amber-950 dark:text-amber-100 ${copied ? 'mt-2' : ''}`}>
        {copied === 'yes'
          ? 'Copied to the clipboard.'
          : copied === 'no'
            ? 'Press Ctrl+C (or ⌘C) to copy the selected key.'
            : ''}
      </p>
    </div>
  );
}
