import { useEffect } from 'react';

/**
 * Calls `onImage` with the first file on the clipboard when the user pastes anywhere on the page, except into a
 * text field (where paste must keep meaning "paste text").
 */
export function usePasteImage(onImage: (file: File) => void, enabled = true) {
  useEffect(() => {
    if (!enabled) return;
    const onPaste = (event: ClipboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, [contenteditable="true"]')) return;
      const file = pastedFile(event.clipboardData);
      if (!file) return;
      event.preventDefault();
      onImage(file);
    };
    document.addEventListener('paste', onPaste);
    return () => document.removeEventListener('paste', onPaste);
  }, [onImage, enabled]);
}

function pastedFile(data: DataTransfer | null): File | null {
  if (!data) return null;
  if (data.files.length > 0) return data.files[0] ?? null;
  for (const item of Array.from(data.items)) {
    if (item.kind === 'file') return item.getAsFile();
  }
  return null;
}
