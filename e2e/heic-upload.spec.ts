/**
 * An iPhone's HEIC in the real app (ADR 0132): picked on the home page, checked in the browser by the same header rule
 * as the server, uploaded, stored as the JPEG the image service makes of it, and drawn on the editor's canvas in
 * Chromium, which cannot show a HEIC itself. The HEIC is made here with heif-enc (libheif-examples, .ci/run).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import sharp from 'sharp';
import { heifEnc, makeHeic } from '../scripts/lib/make-heic';
import { countPixels } from './editor-fixtures';
import { test } from './fixtures';

/** A 640 × 480 photo stand-in, left half red and right half blue, as a HEIC. */
async function redBlueHeic(): Promise<Buffer> {
  const [w, h] = [640, 480];
  const data = Buffer.alloc(w * h * 3);
  for (let i = 0; i < w * h; i++) data.set(i % w < w / 2 ? [220, 30, 30] : [30, 40, 220], i * 3);
  const dir = mkdtempSync(join(tmpdir(), 'e2e-heic-'));
  try {
    const jpeg = join(dir, 'photo.jpg');
    writeFileSync(jpeg, await sharp(data, { raw: { width: w, height: h, channels: 3 } }).jpeg({ quality: 95 }).toBuffer());
    return Buffer.from(makeHeic(jpeg, 70));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test.describe('a HEIC photo from the home page', () => {
  test.skip(Boolean(heifEnc.missing), heifEnc.missing ?? '');

  test('uploads, opens in the editor and is drawn on the canvas', async ({ page }) => {
    const heic = await redBlueHeic();
    await page.goto('/');
    const upload = page.waitForResponse((r) => r.url().endsWith('/api/upload'));
    await page.getByLabel('Choose an image to upload').setInputFiles({ name: 'IMG_0042.HEIC', mimeType: 'image/heic', buffer: heic });
    const answer = await upload;
    expect(answer.status()).toBe(201);
    expect(await answer.json()).toMatchObject({ format: 'jpeg', width: 640, height: 480 });
    await page.waitForURL((url) => url.pathname === '/meme-generator');
    const canvas = page.locator('canvas[aria-label="Meme canvas"]');
    await expect(canvas).toBeVisible();
    // Both halves of the photo are on the canvas: the picture was decoded and drawn, not a blank or broken image.
    await expect.poll(() => countPixels(page, 'r > 170 && g < 90 && b < 90'), { timeout: 15_000 }).toBeGreaterThan(10_000);
    expect(await countPixels(page, 'b > 170 && r < 90 && g < 100')).toBeGreaterThan(10_000);
  });
});
