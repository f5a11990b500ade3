import { useState } from 'react';
import { formatBytes } from '~/features/tools/format';
import { toast } from '~/lib/toast';
import type { MemeCanvas } from '../canvas/meme-canvas';
import type { MotionPlayer } from '../canvas/motion-player';
import type { Exported } from './export-dialog';
import type { ExportIntent } from './export-frame';
import { motionSource, stillSource, type ExportSource } from './export-source';

/**
 * The Download and Share dialog's session (export-dialog.tsx): which button opened it, what it exports, and the
 * document's edit count when it last downloaded, so leaving right after a download does not warn.
 */
export function useExportFlow(editor: MemeCanvas | null, player: MotionPlayer | null, edits: number) {
  const [intent, setIntent] = useState<ExportIntent>('download');
  const [source, setSource] = useState<ExportSource | null>(null);
  const [downloadedAt, setDownloadedAt] = useState(-1);

  // A moving picture is exported as an animation (GIF, WebP, MP4); a still one as a picture (PNG, JPG, WebP).
  const open = (opened: ExportIntent) => {
    if (!editor) return;
    setIntent(opened);
    const still = editor.exportSession();
    const moving = player?.exportSession(still) ?? null;
    setSource(moving ? motionSource(moving) : stillSource(still));
  };
  const close = () => {
    source?.dispose();
    setSource(null);
  };
  const done = ({ file, name, saved }: Exported) => {
    close();
    setDownloadedAt(edits);
    const what = `${name}, ${file.width} × ${file.height} px, ${formatBytes(file.blob.size)}`;
    if (saved) toast.success('Meme Saved! ✨', `${what} is in your dashboard.`);
    else toast.success('Download started', what);
  };
  return { intent, source, downloadedAt, open, close, done };
}
