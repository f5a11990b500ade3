import { Link } from '@remix-run/react';
import { useEffect, useRef, type RefObject } from 'react';
import { IMAGE_INPUT_ACCEPT } from '../../../../core/images/kinds';
import { useDarkMode } from '~/lib/use-dark-mode';

const outlined = 'whitespace-nowrap rounded-lg border px-3 py-1.5 text-sm font-medium';

/**
 * The editor's top bar: its heading, Upload, Download Meme and Share (both open the export dialog; Share starts on
 * its share link, ADR 0160), the dark-mode switch and Close Editor. The heading takes the focus when the editor
 * opens, so a keyboard or screen reader starts at the editor, not at the page's body.
 */
export function EditorTopBar(props: {
  canExport: boolean;
  onPicked: (file: File) => void;
  onDownload: () => void;
  onShare: () => void;
  downloadButton: RefObject<HTMLButtonElement>;
  shareButton: RefObject<HTMLButtonElement>;
  fileInput: RefObject<HTMLInputElement>;
  confirmLeave: () => boolean;
}) {
  const theme = useDarkMode();
  const heading = useRef<HTMLHeadingElement>(null);

  // Once, when the editor opens: the focus was on the link that led here (now gone) or nowhere. A focus already
  // somewhere in the page (a person who tabbed on while it loaded) is left where it is.
  useEffect(() => {
    const at = document.activeElement;
    if (at === null || at === document.body) heading.current?.focus({ preventScroll: true });
  }, []);

  return (
    <header className="flex items-center gap-2 border-b border-slate-200 bg-white px-3 py-2 dark:border-slate-700 dark:bg-slate-900">
      {/* On a phone the bar has room for the actions only; the heading is still there for screen readers. */}
      <h1
        ref={heading}
        tabIndex={-1}
        className="sr-only whitespace-nowrap font-bold text-brand-700 outline-none sm:not-sr-only dark:text-brand-300"
      >
        Memeforge Editor
      </h1>
      <input
        ref={props.fileInput}
        type="file"
        accept={IMAGE_INPUT_ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-label="Image file"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) props.onPicked(file);
        }}
      />
      <button
        type="button"
        onClick={() => props.fileInput.current?.click()}
        className={`${outlined} border-slate-300 hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800`}
      >
        Upload
      </button>
      <button
        ref={props.downloadButton}
        type="button"
        disabled={!props.canExport}
        onClick={props.onDownload}
        className="whitespace-nowrap rounded-lg bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-50"
      >
        {/* A phone's bar has room for "Download" only; the button's name stays "Download Meme". */}
        Download<span className="sr-only sm:not-sr-only"> Meme</span>
      </button>
      <button
        ref={props.shareButton}
        type="button"
        disabled={!props.canExport}
        onClick={props.onShare}
        className={`${outlined} border-brand-700 font-semibold text-brand-800 hover:bg-brand-50 disabled:opacity-50 dark:border-brand-300 dark:text-brand-200 dark:hover:bg-slate-800`}
      >
        Share
      </button>
      <button
        type="button"
        onClick={theme.toggle}
        aria-label={theme.dark ? 'Switch to light mode' : 'Switch to dark mode'}
        className="ml-auto rounded-lg px-2 py-1.5 text-sm hover:bg-slate-100 dark:hover:bg-slate-800"
      >
        {theme.dark ? '☀️' : '🌙'}
      </button>
      <Link
        to="/"
        onClick={(e) => {
          if (!props.confirmLeave()) e.preventDefault();
        }}
        aria-label="Close Editor"
        className="shrink-0 whitespace-nowrap rounded-lg px-3 py-1.5 text-sm font-medium hover:bg-slate-100 dark:hover:bg-slate-800"
      >
        <span aria-hidden="true" className="sm:hidden">
          ✕
        </span>
        <span className="hidden sm:inline">Close Editor</span>
      </Link>
    </header>
  );
}
