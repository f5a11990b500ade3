import type { ExportFormat } from '../../../../core/api/memes';
import { MAX_CANVAS_DATA_CHARS } from '../../../../core/limits';
import { api, call } from '~/lib/api/client';
import { toast } from '~/lib/toast';

export const exportFilename = (format: ExportFormat, now = Date.now()) => `meme-${now}.${format}`;

/** Starts a browser download of a URL (a data URL or a same-origin link). */
export function triggerDownload(href: string, filename: string): void {
  const a = document.createElement('a');
  a.href = href;
  a.download = filename;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/**
 * Spec §7/§8: send the 2× render to download-meme and open the link it returns (a premium visitor's copy is saved
 * to the dashboard and opens in a new tab). Any failure falls back to a local PNG so the person still gets a file.
 */
export async function downloadMeme(render: (format: ExportFormat) => string, format: ExportFormat): Promise<void> {
  const filename = exportFilename(format);
  const canvasData = render(format);
  // A photo-sized PNG can be more than download-meme takes; the browser saves it directly instead.
  if (canvasData.length > MAX_CANVAS_DATA_CHARS) {
    triggerDownload(canvasData, filename);
    return void toast.success('Download started');
  }
  try {
    const { isPremium, downloadUrl } = await call(
      api.POST('/api/download-meme', { body: { canvasData, filename, format }, headers: { 'x-premium-user': 'true' } }),
    );
    if (!downloadUrl) throw new Error('No download link in the answer');
    if (isPremium) {
      window.open(downloadUrl, '_blank', 'noopener');
      toast.success('Meme Saved! ✨', 'Your meme is in your dashboard.');
    } else {
      triggerDownload(downloadUrl, filename);
      toast.success('Download started');
    }
  } catch {
    triggerDownload(render('png'), exportFilename('png'));
    toast.success('Download started');
  }
}
