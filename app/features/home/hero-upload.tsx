import { useRef, useState, type DragEvent } from 'react';
import { Spinner } from '~/components/ui/spinner';
import { ACCEPTED_FORMATS_TEXT, IMAGE_INPUT_ACCEPT } from '../../../core/images/kinds';
import { firstFile } from './upload-checks';

interface Props {
  uploading: boolean;
  onFile: (file: File | null) => void;
}

/** The hero drop zone: click (or Enter/Space) opens the picker, or drop a file on it. Only the first file is used. */
export function HeroUpload({ uploading, onFile }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  const onDragOver = (event: DragEvent) => {
    event.preventDefault();
    if (!uploading) setOver(true);
  };
  const onDragLeave = (event: DragEvent) => {
    // Moving between children fires leave on the parent; only a real exit clears the highlight.
    if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
    setOver(false);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (!uploading) onFile(firstFile(event.dataTransfer.files));
  };

  return (
    <div className="w-full">
      <button
        type="button"
        data-testid="hero-drop-zone"
        data-drag-over={over || undefined}
        aria-describedby="hero-drop-hint"
        aria-busy={uploading}
        disabled={uploading}
        onClick={() => input.current?.click()}
        onDragEnter={onDragOver}
        onDragOver={onDragOver}
        onDragLeave={onDragLeave}
        onDrop={onDrop}
        className={`flex w-full flex-col items-center justify-center gap-3 rounded-2xl border-2 border-dashed px-6 py-10 text-center transition-colors focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 motion-reduce:transition-none ${
          over
            ? 'border-brand-700 bg-brand-100 dark:border-brand-400 dark:bg-slate-800'
            : 'border-slate-300 bg-white hover:border-brand-700 dark:border-slate-600 dark:bg-slate-900 dark:hover:border-brand-400'
        } ${uploading ? 'pointer-events-none opacity-60' : ''}`}
      >
        {uploading ? (
          <>
            <Spinner className="h-8 w-8 text-brand-700 dark:text-brand-400" />
            <span className="text-lg font-semibold text-slate-900 dark:text-white" role="status">
              Uploading...
            </span>
          </>
        ) : (
          <>
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="h-10 w-10 text-brand-700 dark:text-brand-400"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
            >
              <path
                d="M12 16V4m0 0-4 4m4-4 4 4M4 16v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
            <span className="text-lg font-semibold text-slate-900 dark:text-white">
              {over ? 'Drop your image here' : 'Upload an image to make a meme'}
            </span>
            <span id="hero-drop-hint" className="text-sm text-slate-600 dark:text-slate-300">
              Click to choose, drag and drop, or paste from the clipboard. {ACCEPTED_FORMATS_TEXT} up to 10MB.
            </span>
          </>
        )}
      </button>
      <input
        ref={input}
        type="file"
        accept={IMAGE_INPUT_ACCEPT}
        aria-label="Choose an image to upload"
        tabIndex={-1}
        className="hidden"
        disabled={uploading}
        onChange={(event) => {
          onFile(firstFile(event.currentTarget.files));
          // Picking the same file again must fire change again.
          event.currentTarget.value = '';
        }}
      />
    </div>
  );
}
