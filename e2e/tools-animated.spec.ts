import sharp from 'sharp';
import { expect, test } from './fixtures';
import { download } from './tools-fixtures';

/** 12 frames of 120 × 80, 80 ms each, looping for ever: a bright bar moving right over a dark ground. */
async function animatedGif(): Promise<Buffer> {
  const [w, h, n] = [120, 80, 12];
  const raw = Buffer.alloc(w * h * n * 3, 40);
  for (let f = 0; f < n; f++) for (let y = 20; y < 60; y++) raw.fill(230, ((f * h + y) * w + f * 8) * 3, ((f * h + y) * w + f * 8 + 16) * 3);
  return sharp(raw, { raw: { width: w, height: h * n, channels: 3, pageHeight: h } }).gif({ delay: Array(n).fill(80), loop: 0 }).toBuffer();
}

test('an animated GIF on the Resize screen: the card says it is animated, and the result still animates (docs/product.md §5.1)', async ({ page }) => {
  await page.goto('/tools/modify?tab=resize');
  await page.getByTestId('file-input').setInputFiles({ name: 'moving.gif', mimeType: 'image/gif', buffer: await animatedGif() });
  await expect(page.getByTestId('file-animation')).toHaveText('Animated, 12 frames: the tools keep them.');
  const width = page.getByLabel('Width (px)');
  await expect(width).toHaveValue('120');
  await width.fill('60');
  await expect(page.getByLabel('Height (px)')).toHaveValue('40');
  await page.getByRole('button', { name: 'Resize Image' }).click();
  const card = page.getByTestId('result-card');
  await expect(card.getByTestId('result-frames')).toHaveText('12, animated', { timeout: 30_000 });
  await expect(card.getByTestId('result-dimensions')).toHaveText('60 × 40');
  await expect(card.getByTestId('result-notes')).toContainText('All 12 frames were kept, with their timing, as an animated GIF.');
  const file = await download(page, card.getByRole('link', { name: 'Download Resized Image' }));
  const meta = await sharp(file.bytes, { animated: true }).metadata();
  expect(meta).toMatchObject({ format: 'gif', width: 60, pageHeight: 40, pages: 12, loop: 0 });
  expect(meta.delay).toEqual(Array(12).fill(80));
});
