import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Download, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { formatBytes } from '../app/features/tools/format';
import { makeHeic } from '../scripts/lib/make-heic';

export { corpusFile } from './home-fixtures';

/** The format of a file from its first bytes, named as the API names formats. */
export function sniff(bytes: Buffer): string {
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return 'jpeg';
  if (bytes.subarray(1, 4).toString('latin1') === 'PNG') return 'png';
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'webp';
  if (bytes.subarray(0, 2).toString('latin1') === 'BM') return 'bmp';
  const tiff = bytes.subarray(0, 4).toString('hex');
  if (tiff === '49492a00' || tiff === '4d4d002a') return 'tiff';
  // An ISO-BMFF file whose brands name AV1 (ADR 0132).
  if (bytes.subarray(4, 8).toString('latin1') === 'ftyp' && /avi[fs]/.test(bytes.subarray(8, 32).toString('latin1')))
    return 'avif';
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
export const freeUsage = (remaining: number) => ({
  used: 10 - remaining,
  totalLimit: 10,
  remaining,
  canGenerate: remaining > 0,
  premium: false,
  resetsAt: nextUtcMidnight(),
});

/**
 * A 640 × 480 photo stand-in, left half `left` and right half `right` (sRGB), as a HEIC made with heif-enc; `p3`: its
 * values converted to Display P3 with the profile in the HEIC's colr box, as an iPhone writes it.
 */
export async function halvesHeic(left = [220, 30, 30], right = [30, 40, 220], p3 = false): Promise<Buffer> {
  const [w, h] = [640, 480];
  const data = Buffer.alloc(w * h * 3);
  for (let i = 0; i < w * h; i++) data.set(i % w < w / 2 ? left : right, i * 3);
  const dir = mkdtempSync(join(tmpdir(), 'e2e-heic-'));
  try {
    const jpeg = join(dir, 'photo.jpg');
    const image = sharp(data, { raw: { width: w, height: h, channels: 3 } });
    writeFileSync(jpeg, await (p3 ? image.withIccProfile('p3') : image).jpeg({ quality: 95 }).toBuffer());
    return Buffer.from(makeHeic(jpeg, 70));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * How many pixels of the picture an `<img>` shows match each test, e.g. `{ red: (r, g, b) => r > 170 && g < 90 }`:
 * the picture drawn to a canvas in the page, counted here. Blank or broken is all zeros or a throw.
 */
export async function pixelCounts(
  page: Page,
  selector: string,
  tests: Record<string, (r: number, g: number, b: number) => boolean>,
): Promise<Record<string, number>> {
  const b64 = await page.evaluate(async (sel) => {
    // Drawn as the page shows it and read back as a PNG (a fetch of a blob: URL is outside the page's connect-src).
    const img = document.querySelector(sel) as HTMLImageElement;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    canvas.getContext('2d')!.drawImage(img, 0, 0);
    return canvas.toDataURL('image/png').slice('data:image/png;base64,'.length);
  }, selector);
  const { data, info } = await sharp(Buffer.from(b64, 'base64')).raw().toBuffer({ resolveWithObject: true });
  const out: Record<string, number> = {};
  for (const [name, test] of Object.entries(tests)) {
    let n = 0;
    for (let i = 0; i < data.length; i += info.channels) if (test(data[i]!, data[i + 1]!, data[i + 2]!)) n++;
    out[name] = n;
  }
  return out;
}
