import { useCallback, useEffect, useState } from 'react';
import { inspectFile, toastRefused } from '~/lib/file-intake';
import { toast } from '~/lib/toast';
import { needsDecoding, previewUrl } from './browser-preview';
import { formatBytes } from './format';
import { displaySize } from '../../../core/images/sniff';

export interface Chosen {
  file: File;
  preview: string;
  /** The upright size from the file's header: known before (and without) the preview, so no control waits on it. */
  size: { width: number; height: number };
  /** An animation's frame count (an animated GIF keeps them through the tools, ADR 0137); absent for a still picture. */
  frames?: number;
}

/** The "Use the first frame only" checkbox's state (file-card.tsx FirstFrameToggle). */
export interface FirstFrameChoice {
  checked: boolean;
  onChange(checked: boolean): void;
}

/**
 * The selected image of a single-image tool. The file is inspected first (lib/file-intake: empty, too large, not an
 * image by its bytes, damaged) and refused with the server's words before any preview or "uploaded" toast.
 * `onChosen` runs after a new file is accepted, to clear old results.
 */
export function useImageFile({ onChosen }: { onChosen?: (c: Chosen) => void } = {}) {
  const [chosen, setChosen] = useState<Chosen | null>(null);
  // "Use the first frame only" (ADR 0137): asked per file, so a new file starts with every frame kept.
  const [firstOnly, setFirstOnly] = useState(false);
  // A HEIC's or TIFF's preview is made first (the server's copy of a HEIC is an upload away): the file it is for.
  const [preparing, setPreparing] = useState<File | null>(null);
  useEffect(() => () => (chosen ? URL.revokeObjectURL(chosen.preview) : undefined), [chosen]);

  const choose = useCallback(
    async (files: File[]) => {
      const file = files[0];
      if (!file) return;
      const inspected = await inspectFile(file);
      if (!inspected.ok) return toastRefused([inspected]);
      // The preview is one the page can draw: a TIFF decoded in the browser, a HEIC by the server (browser-preview.ts).
      const { animated, frames } = inspected.info;
      if (needsDecoding(inspected.info.format)) setPreparing(file);
      const preview = await previewUrl(file, inspected.info.format).finally(() => setPreparing(null));
      const next = {
        file,
        preview,
        size: displaySize(inspected.info),
        ...(animated && frames && frames > 1 ? { frames } : {}),
      };
      setChosen(next);
      setFirstOnly(false);
      onChosen?.(next);
      toast.success('Image uploaded!', `${file.name} (${formatBytes(file.size)})`);
    },
    [onChosen],
  );

  const firstFrame: FirstFrameChoice = { checked: firstOnly, onChange: setFirstOnly };
  /** A job's fields with the frame choice added: `frames=first` for an animation when it is ticked. */
  const withFrames = <F extends object>(fields: F): F | (F & { frames: 'first' }) =>
    chosen?.frames && firstOnly ? { ...fields, frames: 'first' } : fields;
  return { chosen, preparing, choose, clear: () => setChosen(null), firstFrame, withFrames };
}
