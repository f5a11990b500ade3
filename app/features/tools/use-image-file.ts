import { useCallback, useEffect, useState } from 'react';
import { inspectFile, toastRefused } from '~/lib/file-intake';
import { toast } from '~/lib/toast';
import { previewUrl } from './browser-preview';
import { formatBytes } from './format';

export interface Chosen {
  file: File;
  preview: string;
  /** An animation's frame count (an animated GIF keeps them through the tools, ADR 0137); absent for a still picture. */
  frames?: number;
}

/**
 * The selected image of a single-image tool. The file is inspected first (lib/file-intake: empty, too large, not an
 * image by its bytes, damaged) and refused with the server's words before any preview or "uploaded" toast.
 * `onChosen` runs after a new file is accepted, to clear old results.
 */
export function useImageFile({ onChosen }: { onChosen?: (c: Chosen) => void } = {}) {
  const [chosen, setChosen] = useState<Chosen | null>(null);
  useEffect(() => () => (chosen ? URL.revokeObjectURL(chosen.preview) : undefined), [chosen]);

  const choose = useCallback(
    async (files: File[]) => {
      const file = files[0];
      if (!file) return;
      const inspected = await inspectFile(file);
      if (!inspected.ok) return toastRefused([inspected]);
      // The preview is one the page can draw: a TIFF is decoded in the browser first (browser-preview.ts).
      const { animated, frames } = inspected.info;
      const next = { file, preview: await previewUrl(file, inspected.info.format), ...(animated && frames && frames > 1 ? { frames } : {}) };
      setChosen(next);
      onChosen?.(next);
      toast.success('Image uploaded!', `${file.name} (${formatBytes(file.size)})`);
    },
    [onChosen],
  );

  return { chosen, choose, clear: () => setChosen(null) };
}
