import type { Download, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import sharp from 'sharp';
import { canvasSize, mockDownloadMeme, mockTemplates, openTestTemplate } from './editor-fixtures';

const SHARP_FORMAT = { png: 'png', jpg: 'jpeg', webp: 'webp' } as const;

async function inspect(download: Download) {
  const path = await download.path();
  const meta = await sharp(path).metadata();
  const stats = await sharp(path).stats();
  return { meta, stats };
}

async function cropAndOpenExport(page: Page) {
  await openTestTemplate(page);
  await page.getByRole('button', { name: 'Star', exact: true }).click();
  await page.getByRole('button', { name: '✂️ Auto Crop' }).click();
  await expect(page.getByText('Auto-cropped! ✂️')).toBeVisible();
  const size = await canvasSize(page);
  await page.getByRole('button', { name: 'Download Meme' }).click();
  await expect(page.getByRole('dialog', { name: 'Choose Export Format' })).toBeVisible();
  return size;
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await mockTemplates(page);
});

for (const format of ['png', 'jpg', 'webp'] as const) {
  test(`exports ${format} at 2× the cropped canvas through download-meme`, async ({ page }) => {
    const sent = await mockDownloadMeme(page);
    const size = await cropAndOpenExport(page);
    const label = { png: 'PNG', jpg: 'JPG', webp: 'WebP' }[format];
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: new RegExp(`^${label}`) }).click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^meme-\\d{13}\\.${format}$`));
    const mime = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' }[format];
    expect(sent).toEqual([{ format, filename: download.suggestedFilename(), premiumHeader: 'true', mime }]);
    const { meta, stats } = await inspect(download);
    expect(meta.format).toBe(SHARP_FORMAT[format]);
    // The template picture fills the crop (auto-crop keeps the 20 px padding inside the canvas).
    expect({ width: meta.width, height: meta.height }).toEqual({ width: size.width * 2, height: size.height * 2 });
    // Not blank: the blue/green picture, white text and the star make every channel vary.
    for (const channel of stats.channels.slice(0, 3)) expect(channel.stdev).toBeGreaterThan(20);
  });
}

test('falls back to a local PNG and says Download started when download-meme fails', async ({ page }) => {
  await page.route('**/api/download-meme', (route) =>
    route.fulfill({ status: 503, json: { error: 'Storage is unavailable.', code: 'service_unavailable' } }),
  );
  const size = await cropAndOpenExport(page);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /^JPG/ }).click()]);
  await expect(page.getByText('Download started')).toBeVisible();
  expect(download.suggestedFilename()).toMatch(/^meme-\d{13}\.png$/);
  const { meta, stats } = await inspect(download);
  expect(meta.format).toBe('png');
  expect(meta.width).toBe(size.width * 2);
  expect(stats.channels[0]!.stdev).toBeGreaterThan(20);
});

test('Cancel closes the export dialog without downloading', async ({ page }) => {
  let calls = 0;
  await page.route('**/api/download-meme', (route) => {
    calls++;
    return route.abort();
  });
  await cropAndOpenExport(page);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  expect(calls).toBe(0);
});
