import type { ExportFormat } from '../../../../core/api/memes';
import { MAX_CANVAS_DATA_CHARS } from '../../../../core/limits';
import { formatBytes } from '~/features/tools/format';
import { api, call } from '~/lib/api/client';

/**
 * Hands a file the page made to the browser's downloads: an object URL on a link with a file name, nothing sent
 * anywhere (ADR 0120). The URL is let go a minute later; the download has its bytes by then.
 */
export function saveFile(blob: Blob, filename: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = filename;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

const asDataUrl = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(blob);
  });

/** The largest file download-meme takes: its limit is on the base64 text (4 characters per 3 bytes, plus a prefix). */
export const MAX_SAVE_BYTES = Math.floor(((MAX_CANVAS_DATA_CHARS - 64) * 3) / 4);

/**
 * A premium member's save to the dashboard: the file already encoded for the download is sent as it is
 * (download-meme keeps it with the member's memes). Answers an error message in words for a file over the limit.
 */
export async function saveToDashboard(blob: Blob, filename: string, format: ExportFormat): Promise<void> {
  if (blob.size > MAX_SAVE_BYTES) {
    throw new Error(
      `This file is ${formatBytes(blob.size)}, more than the ${formatBytes(MAX_SAVE_BYTES)} the dashboard keeps. Please choose the share size or JPG.`,
    );
  }
  const canvasData = await asDataUrl(blob);
  await call(api.POST('/api/download-meme', { body: { canvasData, filename, format } }));
}
