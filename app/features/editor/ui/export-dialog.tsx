import * as Dialog from '@radix-ui/react-dialog';
import type { ExportFormat } from '../../../../core/api/memes';

const FORMATS: { format: ExportFormat; label: string; hint: string }[] = [
  { format: 'png', label: 'PNG', hint: 'Best quality, larger file' },
  { format: 'jpg', label: 'JPG', hint: 'Good quality, smaller file' },
  { format: 'webp', label: 'WebP', hint: 'Modern format, best compression' },
];

export function ExportDialog(props: { open: boolean; onOpenChange: (open: boolean) => void; onChoose: (format: ExportFormat) => void }) {
  return (
    <Dialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-black/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-[61] w-[min(92vw,24rem)] -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-5 shadow-xl dark:bg-slate-900">
          <Dialog.Title className="text-lg font-semibold text-slate-900 dark:text-white">Choose Export Format</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-600 dark:text-slate-300">
            Your meme is rendered at twice its size.
          </Dialog.Description>
          <div className="mt-4 flex flex-col gap-2">
            {FORMATS.map((f) => (
              <button
                key={f.format}
                type="button"
                onClick={() => props.onChoose(f.format)}
                className="flex items-baseline justify-between rounded-lg border border-slate-200 px-3 py-2 text-left hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800"
              >
                <span className="font-semibold text-slate-900 dark:text-white">{f.label}</span>
                <span className="text-sm text-slate-500 dark:text-slate-400">{f.hint}</span>
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
