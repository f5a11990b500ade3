import { useRef } from 'react';
import { DropZone } from './drop-zone';
import { formatBytes } from './format';
import { btnSecondary } from './styles';
import { useFocusOnArrival } from './use-focus-on-arrival';
import type { Chosen, FirstFrameChoice } from './use-image-file';
import { IMAGE_INPUT_ACCEPT } from '../../../core/images/kinds';

/**
 * "Use the first frame only" (ADR 0137): an animation keeps its frames unless this is ticked, which sends
 * `frames=first`. A real checkbox, so it has its label and the keyboard for free.
 */
export function FirstFrameToggle({
  choice,
  disabled,
  testId = 'first-frame-only',
}: {
  choice: FirstFrameChoice;
  disabled?: boolean;
  testId?: string;
}) {
  return (
    <label className="flex items-center gap-2 text-sm font-medium text-slate-800 dark:text-slate-200">
      <input
        type="checkbox"
        checked={choice.checked}
        disabled={disabled}
        onChange={(e) => choice.onChange(e.target.checked)}
        className="h-4 w-4 rounded accent-brand-700"
        data-testid={testId}
      />
      Use the first frame only
    </label>
  );
}

/** Said while a picture the browser cannot draw (HEIC, TIFF) is made into one, where the drop zone or card stands. */
function PreparingNote({ file }: { file: File }) {
  return (
    <p
      role="status"
      className="rounded-xl border-2 border-dashed border-slate-300 bg-white px-4 py-3 text-center text-sm text-slate-700 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-300"
      data-testid="preparing-preview"
    >
      Preparing a preview of {file.name} ({formatBytes(file.size)})…
    </p>
  );
}

/**
 * The chosen image (preview, name, size, 'Choose Different Image'), or the drop zone when there is none. For an
 * animation it says so and, given `firstFrame`, offers "Use the first frame only". `keepsFrames` is false on a tab
 * whose operation works on one picture (blur, the AI operations), where "the tools keep them" would not be true.
 */
export function ImagePicker({
  chosen,
  onFiles,
  hint,
  disabled,
  firstFrame,
  keepsFrames = true,
  preparing = null,
}: {
  chosen: Chosen | null;
  /** A file whose preview is being made (use-image-file.ts): said, so the screen does not look as if nothing happened. */
  preparing?: File | null;
  onFiles: (f: File[]) => void;
  hint: string;
  disabled?: boolean;
  firstFrame?: FirstFrameChoice;
  keepsFrames?: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  const card = useRef<HTMLDivElement>(null);
  // The drop zone that held focus is gone once a file is picked: the card takes it, naming the file.
  useFocusOnArrival(card, chosen?.file);
  const waiting = preparing ? <PreparingNote file={preparing} /> : null;
  if (!chosen) return waiting ?? <DropZone onFiles={onFiles} hint={hint} disabled={disabled} />;
  const { file, preview, frames } = chosen;
  return (
    <div
      ref={card}
      tabIndex={-1}
      role="group"
      aria-label={`Chosen image: ${file.name}, ${formatBytes(file.size)}${frames ? `, animated, ${frames} frames` : ''}`}
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-700 sm:flex-row sm:items-center dark:border-slate-700 dark:bg-slate-900"
      data-testid="file-card"
    >
      <img
        src={preview}
        alt={`Preview of ${file.name}`}
        className="h-32 w-full rounded-lg bg-slate-100 object-contain sm:w-40 dark:bg-slate-800"
      />
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium text-slate-900 dark:text-white" data-testid="file-name">
          {file.name}
        </p>
        <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="file-size">
          {formatBytes(file.size)}
        </p>
        {frames ? (
          <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="file-animation">
            Animated, {frames} frames:{' '}
            {firstFrame?.checked
              ? 'only the first will be used.'
              : keepsFrames
                ? 'the tools keep them.'
                : 'this tool works on one picture.'}
          </p>
        ) : null}
        {frames && firstFrame ? (
          <div className="mt-1">
            <FirstFrameToggle choice={firstFrame} disabled={disabled} />
          </div>
        ) : null}
        {waiting}
      </div>
      <button type="button" onClick={() => input.current?.click()} disabled={disabled} className={btnSecondary}>
        Choose Different Image
      </button>
      <input
        ref={input}
        type="file"
        accept={IMAGE_INPUT_ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="file-input"
        onChange={(e) => {
          if (e.target.files?.[0]) onFiles([e.target.files[0]]);
          e.target.value = '';
        }}
      />
    </div>
  );
}
