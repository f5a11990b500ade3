import { useEffect } from 'react';

/**
 * A file dropped beside the drop zone (or on it while it is busy) would make the browser open the file and leave the
 * page. Cancel that default for file drags anywhere on the page; the drop zone handles its own drops first.
 */
export function useStrayDropGuard() {
  useEffect(() => {
    const cancel = (event: DragEvent) => {
      if (event.dataTransfer?.types.includes('Files')) event.preventDefault();
    };
    window.addEventListener('dragover', cancel);
    window.addEventListener('drop', cancel);
    return () => {
      window.removeEventListener('dragover', cancel);
      window.removeEventListener('drop', cancel);
    };
  }, []);
}
