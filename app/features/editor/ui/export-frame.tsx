import * as Dialog from '@radix-ui/react-dialog';
import { forwardRef, type ReactNode, type RefObject } from 'react';
import { DIALOG_CONTENT_LAYER, DIALOG_OVERLAY_LAYER } from '~/components/ui/layers';
import type { ExportSize } from '../model/export-plan';

/** The export dialog's option lists (export-options.tsx, and the size choice below) look alike. */
export const optionStyles = {
  fieldset: 'mt-4 flex flex-col gap-2',
  legend: 'mb-1 text-sm font-semibold text-slate-800 dark:text-slate-100',
  option:
    'flex cursor-pointer items-center gap-3 rounded-lg border border-slate-200 px-3 py-2 has-[:checked]:border-brand-700 ' +
    'has-[:checked]:bg-brand-50 has-[:disabled]:cursor-not-allowed dark:border-slate-700 dark:has-[:checked]:border-brand-300 dark:has-[:checked]:bg-slate-800',
};

/** What opened the dialog: Download Meme, or the top bar's Share, which starts on the share link (ADR 0160). */
export type ExportIntent = 'download' | 'share';

export const isAbort = (e: unknown) => e instanceof DOMException && e.name === 'AbortError';

/** Cancel: a Dialog.Close, or a button that stops the animation under way. */
export const cancelStyle =
  'rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800';

/** The dialog's main button, "Download {label}": the frame's `focusFirst`. */
export const DownloadButton = forwardRef<HTMLButtonElement, { label: string; disabled: boolean; onClick: () => void }>(
  function DownloadButton(props, ref) {
    return (
      <button
        ref={ref}
        type="button"
        disabled={props.disabled}
        onClick={props.onClick}
        className="flex-1 rounded-lg bg-brand-700 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
      >
        Download {props.label}
      </button>
    );
  },
);

/** The dialog's `status` while a file is made: a bar (with a count where one is known) and what is happening. */
export function MakingStatus(props: { label: string; children: ReactNode; done?: number; total?: number }) {
  return (
    <span className="flex items-center gap-2">
      <progress className="h-2 w-24" value={props.done} max={props.total} aria-label={`Creating your ${props.label}`} />
      {props.children}
    </span>
  );
}

/**
 * The export dialog's frame (export-dialog.tsx, for a still or an animated meme): "Choose Export Format", a description, then the dialog's own options, `status` in a polite live region, `error` as
 * an alert, and its buttons. The focus starts on Download (Enter right after opening downloads the default) and goes
 * back to the button that opened the dialog, which is not a Radix trigger.
 */
export function ExportFrame(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  focusFirst: RefObject<HTMLElement>;
  returnFocusTo: RefObject<HTMLElement>;
  description: ReactNode;
  options: ReactNode;
  status: ReactNode;
  error: string | null;
  intent: ExportIntent;
  /** The share link (share-link.tsx). */
  share: ReactNode;
  children: ReactNode;
}) {
  const sharing = props.intent === 'share';
  return (
    <Dialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={`fixed inset-0 ${DIALOG_OVERLAY_LAYER} bg-black/50`} />
        <Dialog.Content
          onOpenAutoFocus={(e) => {
            e.preventDefault();
            props.focusFirst.current?.focus();
          }}
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            props.returnFocusTo.current?.focus();
          }}
          className={`fixed left-1/2 top-1/2 ${DIALOG_CONTENT_LAYER} max-h-[95vh] w-[min(94vw,28rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-5 shadow-xl dark:bg-slate-900`}
        >
          <Dialog.Title className="text-lg font-semibold text-slate-900 dark:text-white">
            {sharing ? 'Share your meme' : 'Choose Export Format'}
          </Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-600 dark:text-slate-300">
            {props.description}
          </Dialog.Description>
          {props.options}
          <div aria-live="polite" className="mt-3 min-h-5 text-sm text-slate-700 dark:text-slate-200">
            {props.status}
          </div>
          {props.error ? (
            <p
              role="alert"
              className="mt-2 rounded-lg bg-red-50 p-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200"
            >
              {props.error}
            </p>
          ) : null}
          {sharing ? props.share : null}
          {props.children}
          {sharing ? null : props.share}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

interface Pixels {
  width: number;
  height: number;
}

/**
 * Share size or original size, each with its pixels; a meme with one size (nothing to scale) says its pixels and
 * `oneSizeNote` instead of offering a choice.
 */
export function SizeChoice(props: {
  name: string;
  sizes: { share: Pixels; original: Pixels };
  oneSize: boolean;
  oneSizeNote: string;
  size: ExportSize;
  hints: { share: string; original: string };
  disabled: boolean;
  onSize: (size: ExportSize) => void;
}) {
  const { fieldset, legend, option } = optionStyles;
  const { original } = props.sizes;
  if (props.oneSize) {
    return (
      <p className="mt-3 text-sm text-slate-700 dark:text-slate-200" data-testid="export-pixels">
        {original.width} × {original.height} px{props.oneSizeNote}
      </p>
    );
  }
  return (
    <fieldset className={fieldset} disabled={props.disabled}>
      <legend className={legend}>Size</legend>
      {(['share', 'original'] as const).map((s) => {
        const px = props.sizes[s];
        return (
          <label key={s} className={option}>
            <input
              type="radio"
              name={props.name}
              value={s}
              checked={props.size === s}
              onChange={() => props.onSize(s)}
              className="accent-brand-700"
            />
            <span className="flex flex-1 flex-col">
              <span className="font-semibold text-slate-900 dark:text-white">
                {s === 'share' ? 'Share size' : 'Original size'}
              </span>
              <span className="text-xs text-slate-600 dark:text-slate-300">{props.hints[s]}</span>
            </span>
            <span className="whitespace-nowrap text-sm tabular-nums text-slate-700 dark:text-slate-200">
              {px.width} × {px.height} px
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
