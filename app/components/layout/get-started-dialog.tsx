import * as Dialog from '@radix-ui/react-dialog';
import { useNavigate } from '@remix-run/react';
import type { RefObject } from 'react';
import { DIALOG_CONTENT_LAYER, DIALOG_OVERLAY_LAYER } from '~/components/ui/layers';
import { SERVICES } from '~/lib/services';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opened it: focus goes back there on close (Radix only does that for its own Trigger). */
  returnFocusTo?: RefObject<HTMLElement>;
}

/** 'What would you like to do?': choosing a service closes the dialog and goes there. Radix traps focus and handles Escape. */
export function GetStartedDialog({ open, onOpenChange, returnFocusTo }: Props) {
  const navigate = useNavigate();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={`fixed inset-0 ${DIALOG_OVERLAY_LAYER} bg-slate-950/60`} />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            if (!returnFocusTo?.current) return;
            event.preventDefault();
            returnFocusTo.current.focus();
          }}
          className={`fixed left-1/2 top-1/2 ${DIALOG_CONTENT_LAYER} max-h-[90vh] w-[min(42rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl dark:bg-slate-900`}
        >
          <Dialog.Title className="pr-8 text-xl font-bold text-slate-900 dark:text-white">
            What would you like to do?
          </Dialog.Title>
          <ul className="mt-4 grid gap-3 sm:grid-cols-2">
            {SERVICES.map((service) => (
              <li key={service.id}>
                <button
                  type="button"
                  onClick={() => {
                    onOpenChange(false);
                    navigate(service.href);
                  }}
                  className="h-full w-full rounded-lg border border-slate-200 p-4 text-left hover:border-brand-700 hover:bg-brand-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-700 dark:border-slate-700 dark:hover:bg-slate-800"
                >
                  <span className="block font-semibold text-slate-900 dark:text-white">{service.title}</span>
                  <span className="mt-1 block text-sm text-slate-600 dark:text-slate-300">{service.description}</span>
                </button>
              </li>
            ))}
          </ul>
          <Dialog.Description className="mt-4 text-sm text-slate-600 dark:text-slate-300">
            Choose a service above to get started.
          </Dialog.Description>
          <Dialog.Close
            className="absolute right-3 top-3 rounded-md p-2 text-slate-500 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
            aria-label="Close"
          >
            ✕
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
