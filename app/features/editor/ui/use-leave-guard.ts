import { useEffect } from 'react';

export const LEAVE_QUESTION = 'Leave the editor? Your meme has changes that are not downloaded.';

/**
 * With unsaved edits, closing the tab or reloading asks first (the browser's own dialog), and `confirmLeave`
 * asks before an in-app exit such as Close Editor.
 */
export function useLeaveGuard(dirty: boolean) {
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Chromium before 119 and Safari show the dialog only when returnValue is set.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  return { confirmLeave: () => !dirty || window.confirm(LEAVE_QUESTION) };
}
