import { readFile } from 'node:fs/promises';
import { expect, type Download, type Locator, type Page } from '@playwright/test';
import { formatBytes } from '../app/features/tools/format';

export { corpusFile } from './home-fixtures';

/** The format of a file from its first bytes, named as the API names formats. */
export function sniff(bytes: Buffer): string {
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return 'jpeg';
  if (bytes.subarray(1, 4).toString('latin1') === 'PNG') return 'png';
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  if (bytes.subarray(0, 2).toString('latin1') === 'BM') return 'bmp';
  const tiff = bytes.subarray(0, 4).toString('hex');
  if (tiff === '49492a00' || tiff === '4d4d002a') return 'tiff';
  // An ISO-BMFF file whose brands name AV1 (ADR 0132).
  if (bytes.subarray(4, 8).toString('latin1') === 'ftyp' && /avi[fs]/.test(bytes.subarray(8, 32).toString('latin1'))) return 'avif';
  return 'unknown';
}

/** Decodes the file in the page (Chromium's own decoders) and answers its pixel size. */
export async function decodedSize(page: Page, bytes: Buffer, type: string): Promise<{ width: number; height: number }> {
  return page.evaluate(
    async ([b64, mime]) => {
      const raw = Uint8Array.from(atob(b64!), (c) => c.charCodeAt(0));
      const bmp = await createImageBitmap(new Blob([raw], { type: mime }));
      return { width: bmp.width, height: bmp.height };
    },
    [bytes.toString('base64'), type],
  );
}

/** Clicks a download link and answers the file's suggested name and bytes. */
export async function download(page: Page, trigger: Locator): Promise<{ name: string; bytes: Buffer }> {
  const [dl] = await Promise.all([page.waitForEvent('download'), trigger.click()]);
  return { name: dl.suggestedFilename(), bytes: await readDownload(dl) };
}

async function readDownload(dl: Download): Promise<Buffer> {
  const path = await dl.path();
  return readFile(path);
}

/** The size text the UI shows must be the size of the bytes downloaded. */
export async function expectSizeText(locator: Locator, bytes: Buffer) {
  await expect(locator).toHaveText(formatBytes(bytes.length));
}

/** The page's toast with this title (sonner keeps one visible). */
export const toastWith = (page: Page, title: string) => page.locator('[data-sonner-toast]').filter({ hasText: title });

/** When the free allowance starts again (the next midnight UTC), as /api/usage-limit answers it. */
export function nextUtcMidnight(now = Date.now()): string {
  const next = new Date(now);
  next.setUTCHours(24, 0, 0, 0);
  return next.toISOString();
}

/** An /api/usage-limit answer with `remaining` of the free 10 left. */
export const freeUsage = (remaining: number) => ({ used: 10 - remaining, totalLimit: 10, remaining, canGenerate: remaining > 0, premium: false, resetsAt: nextUtcMidnight() });
