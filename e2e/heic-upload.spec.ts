/**
 * An iPhone's HEIC in the real app (ADR 0132): picked on the home page, checked in the browser by the same header rule
 * as the server, uploaded, stored as the JPEG the image service makes of it, and drawn on the editor's canvas in
 * Chromium, which cannot show a HEIC itself. The HEIC is made here with heif-enc (libheif-examples, .ci/run).
 */
import { expect } from '@playwright/test';
import { heifEnc } from '../scripts/lib/make-heic';
import { countPixels } from './editor-fixtures';
import { test } from './fixtures';
import { halvesHeic } from './tools-fixtures';

test.describe('a HEIC photo from the home page', () => {
  test.skip(Boolean(heifEnc.missing), heifEnc.missing ?? '');

  test('uploads, opens in the editor and is drawn on the canvas', async ({ page }) => {
    const heic = await halvesHeic();
    await page.goto('/');
    const upload = page.waitForResponse((r) => r.url().endsWith('/api/upload'));
    await page
      .getByLabel('Choose an image to upload')
      .setInputFiles({ name: 'IMG_0042.HEIC', mimeType: 'image/heic', buffer: heic });
    const answer = await upload;
    expect(answer.status()).toBe(201);
    expect(await answer.json()).toMatchObject({ format: 'jpeg', width: 640, height: 480 });
    await page.waitForURL((url) => url.pathname === '/meme-generator');
    const canvas = page.locator('canvas[aria-label="Meme canvas"]');
    await expect(canvas).toBeVisible();
    // Both halves of the photo are on the canvas: the picture was decoded and drawn, not a blank or broken image.
    await expect
      .poll(() => countPixels(page, 'r > 170 && g < 90 && b < 90'), { timeout: 15_000 })
      .toBeGreaterThan(10_000);
    expect(await countPixels(page, 'b > 170 && r < 90 && g < 100')).toBeGreaterThan(10_000);
  });

  // ADR 0153: the stored JPEG carries the HEIC's Display P3, and the browser converts it as it draws.
  test("an iPhone's Display P3 HEIC is drawn in its own colours, not its values read as sRGB", async ({ page }) => {
    const [orange, green] = [
      [200, 60, 40],
      [40, 170, 90],
    ];
    // The same colours as Display P3 values: what the canvas showed before, read as sRGB.
    const asP3 = [
      [185, 71, 50],
      [84, 168, 98],
    ];
    const heic = await halvesHeic(orange, green, true);
    await page.goto('/');
    await page
      .getByLabel('Choose an image to upload')
      .setInputFiles({ name: 'IMG_0043.HEIC', mimeType: 'image/heic', buffer: heic });
    await page.waitForURL((url) => url.pathname === '/meme-generator');
    await expect(page.locator('canvas[aria-label="Meme canvas"]')).toBeVisible();
    const near = ([r, g, b]: number[]) =>
      `Math.abs(r - ${r}) <= 6 && Math.abs(g - ${g}) <= 6 && Math.abs(b - ${b}) <= 6`;
    await expect.poll(() => countPixels(page, near(orange!)), { timeout: 15_000 }).toBeGreaterThan(10_000);
    expect(await countPixels(page, near(green!))).toBeGreaterThan(10_000);
    for (const values of asP3) expect(await countPixels(page, near(values))).toBeLessThan(100);
  });
});

test.describe('a HEIC photo on a tool screen', () => {
  test.skip(Boolean(heifEnc.missing), heifEnc.missing ?? '');

  // Chromium cannot draw a HEIC: its preview is the server's copy, a 5 MB upload away on a phone's connection.
  test('says the preview is being made while the server copies it, then shows the file', async ({ page }) => {
    const heic = await halvesHeic();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/upload', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/tools/optimize');
    await page.getByTestId('file-input').setInputFiles({ name: 'IMG_0042.HEIC', mimeType: 'image/heic', buffer: heic });
    const waiting = page.getByRole('status').filter({ hasText: 'Preparing a preview of IMG_0042.HEIC' });
    await expect(waiting).toBeVisible();
    release();
    await expect(page.getByTestId('file-name')).toHaveText('IMG_0042.HEIC', { timeout: 15_000 });
    await expect(waiting).toHaveCount(0);
  });
});
