import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useState } from 'react';
import type { ExportFormat } from '../../../../core/api/memes';
import { formatBytes } from '~/features/tools/format';
import type { ExportEstimate } from '../canvas/export';

const FORMATS: { format: ExportFormat; label: string; hint: string }[] = [
  { format: 'png', label: 'PNG', hint: 'Lossless: crisp text and flat colours' },
  { format: 'jpg', label: 'JPG', hint: 'Opens everywhere; best for photos' },
  { format: 'webp', label: 'WebP', hint: 'Modern browsers and apps' },
];

/**
 * Choose Export Format, with the size of this meme in each format: the canvas is encoded once per format when
 * the dialog opens, so "smallest" is measured, not assumed (for a meme with flat text PNG often wins).
 */
export function ExportDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onChoose: (format: ExportFormat) => void;
  estimate: () => Promise<ExportEstimate>;
}) {
  const [sizes, setSizes] = useState<ExportEstimate | null>(null);
  const [failed, setFailed] = useState(false);
  const { open, estimate } = props;

  useEffect(() => {
    if (!open) return;
    let live = true;
    setSizes(null);
    setFailed(false);
    // Let the dialog paint before the encoders take the main thread.
    const timer = setTimeout(() => {
      estimate()
        .then((s) => live && setSizes(s))
        .catch(() => live && setFailed(true));
    }, 50);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [open, estimate]);

  const smallest = sizes ? FORMATS.map((f) => f.format).reduce((a, b) => (sizes[b] < sizes[a] ? b : a)) : null;
  return (
    <Dialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-black/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-[61] w-[min(92vw,26rem)] -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-5 shadow-xl dark:bg-slate-900">
          <Dialog.Title className="text-lg font-semibold text-slate-900 dark:text-white">Choose Export Format</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-600 dark:text-slate-300" aria-live="polite">
            {sizes
              ? `${sizes.width} × ${sizes.height} px, trimmed to your meme.`
              : failed
                ? 'Sizes could not be measured; every format still downloads.'
                : 'Measuring the file size of each format…'}
          </Dialog.Description>
          <div className="mt-4 flex flex-col gap-2">
            {FORMATS.map((f) => (
              <button
                key={f.format}
                type="button"
                onClick={() => props.onChoose(f.format)}
                className="flex items-center justify-between gap-3 rounded-lg border border-slate-200 px-3 py-2 text-left hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800"
              >
                <span className="flex flex-col">
                  <span className="font-semibold text-slate-900 dark:text-white">{f.label}</span>
                  <span className="text-xs text-slate-600 dark:text-slate-300">{f.hint}</span>
                </span>
                <span className="whitespace-nowrap text-right text-sm tabular-nums text-slate-700 dark:text-slate-200" data-testid={`size-${f.format}`}>
                  {sizes ? formatBytes(sizes[f.format]) : '…'}
                  {smallest === f.format ? (
                    <span className="ml-2 rounded bg-green-100 px-1.5 py-0.5 text-xs font-semibold text-green-900 dark:bg-green-900/50 dark:text-green-200">Smallest</span>
                  ) : null}
                </span>
              </button>
            ))}
          </div>
          <Dialog.Close className="mt-4 w-full rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800">
            Cancel
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
