import { useCallback, useEffect, useState } from 'react';
import { toast } from '~/lib/toast';
import { formatBytes } from './format';

export interface Chosen {
  file: File;
  preview: string;
}

/**
 * The selected image of a single-image tool. `strict` tools (Optimize, Security) toast on a non-image; Modify
 * ignores one silently (spec §5). `onChosen` runs after a new file is accepted, to clear old results.
 */
export function useImageFile({ strict, onChosen }: { strict: boolean; onChosen?: (c: Chosen) => void }) {
  const [chosen, setChosen] = useState<Chosen | null>(null);
  useEffect(() => () => (chosen ? URL.revokeObjectURL(chosen.preview) : undefined), [chosen]);

  const choose = useCallback(
    (files: File[]) => {
      const file = files[0];
      if (!file) return;
      if (!file.type.startsWith('image/')) {
        if (strict) toast.error('Invalid file type', 'Please upload an image file');
        return;
      }
      const next = { file, preview: URL.createObjectURL(file) };
      setChosen(next);
      onChosen?.(next);
      toast.success('Image uploaded!', `${file.name} (${formatBytes(file.size)})`);
    },
    [strict, onChosen],
  );

  return { chosen, choose, clear: () => setChosen(null) };
}
