import { useId, useRef, useState, type ClipboardEvent, type DragEvent } from 'react';
import { IMAGE_INPUT_ACCEPT } from '../../../core/images/kinds';

interface Props {
  onFiles: (files: File[]) => void;
  hint: string;
  multiple?: boolean;
  disabled?: boolean;
  label?: string;
}

/**
 * Click, drag and drop, or paste (Ctrl+V while focused) to choose image files. The button is named by its own
 * visible words (title and hint; axe's label-content-name-mismatch failed the aria-label that rewrote them), and the
 * paste is said in its description.
 */
export function DropZone({ onFiles, hint, multiple = false, disabled = false, label }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const pasteNote = useId();
  const [over, setOver] = useState(false);
  const title = label ?? (multiple ? 'Drop images here or click to choose' : 'Drop an image here or click to choose');

  const take = (list: FileList | null | undefined) => {
    if (!list?.length || disabled) return;
    onFiles(multiple ? [...list] : [list[0]!]);
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    take(e.dataTransfer.files);
  };
  const onPaste = (e: ClipboardEvent) => take(e.clipboardData.files);

  return (
    <>
      <div
        role="button"
        tabIndex={disabled ? -1 : 0}
        aria-disabled={disabled}
        aria-describedby={pasteNote}
        onClick={() => input.current?.click()}
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === ' ') {
            e.preventDefault();
            input.current?.click();
          }
        }}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        onPaste={onPaste}
        data-testid="drop-zone"
        className={`flex cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed px-4 py-10 text-center transition-colors focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 ${
          over
            ? 'border-brand-600 bg-brand-50 dark:bg-slate-800'
            : 'border-slate-300 bg-white hover:border-brand-600 dark:border-slate-600 dark:bg-slate-900'
        }`}
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-10 w-10 text-slate-500 dark:text-slate-400"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
        >
          <path d="M12 16V4m0 0-4 4m4-4 4 4M4 16v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2" />
        </svg>
        <span className="font-medium text-slate-800 dark:text-slate-100">{title}</span>
        <span className="text-sm text-slate-600 dark:text-slate-400">{hint}</span>
      </div>
      <span id={pasteNote} className="sr-only">
        You can also paste an image.
      </span>
      <input
        ref={input}
        type="file"
        accept={IMAGE_INPUT_ACCEPT}
        multiple={multiple}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="file-input"
        onChange={(e) => {
          take(e.target.files);
          e.target.value = '';
        }}
      />
    </>
  );
}
