/**
 * Large photos on the screens: a 12 MP phone-size photo goes through crop, watermark, blur faces and a social preset in
 * Chromium against the real stack (the large-picture work is done by the offline image service, libvips).
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { expect, test } from './fixtures';
import { corpusFile, download, toastWith } from './tools-fixtures';

const W = 4000;
const H = 3000;

/** The astronaut portrait (a real face) centred on a 12 MP canvas with fine noise, saved as a phone would. */
async function twelveMegapixelPhoto(): Promise<string> {
  const face = await sharp(corpusFile('photos/astronaut.png')).resize(H, H).toBuffer();
  let seed = 3;
  const noise = Buffer.alloc(W * H * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = 118 + (((seed = (seed * 1103515245 + 12345) >>> 0) >>> 24) % 20);
  const jpeg = await sharp(noise, { raw: { width: W, height: H, channels: 3 } })
    .composite([{ input: face, left: (W - H) / 2, top: 0 }])
    .jpeg({ quality: 88 })
    .toBuffer();
  const path = join(await mkdtemp(join(tmpdir(), 'memeforge-e2e-')), 'phone-photo.jpg');
  await writeFile(path, jpeg);
  return path;
}

/** Mean absolute difference of two pictures, both scaled to 90 × 160 by sharp. */
async function difference(a: Buffer, b: Buffer): Promise<number> {
  const small = (x: Buffer) => sharp(x).resize(90, 160, { fit: 'fill' }).removeAlpha().raw().toBuffer();
  const [pa, pb] = [await small(a), await small(b)];
  let sum = 0;
  for (let i = 0; i < pa.length; i++) sum += Math.abs(pa[i]! - pb[i]!);
  return sum / pa.length;
}

let photo: string;
test.beforeAll(async () => {
  photo = await twelveMegapixelPhoto();
});

test.describe('A 12 MP photo on the tool screens', () => {
  test.setTimeout(120_000);

  test('crop: the exact rectangle comes back at full resolution', async ({ page }) => {
    await page.goto('/tools/modify?tab=crop');
    await page.getByTestId('file-input').setInputFiles(photo);
    await expect(page.getByLabel('Crop width')).toHaveValue(String(W), { timeout: 30_000 });
    await page.getByLabel('Crop width').fill('2000');
    await page.getByLabel('Crop height').fill('1500');
    await page.getByLabel('Left (x)').fill('1000');
    await page.getByLabel('Top (y)').fill('300');
    await page.getByRole('button', { name: 'Crop Image' }).click();
    const card = page.getByTestId('result-card');
    await expect(card.getByTestId('result-dimensions')).toHaveText('2000 × 1500', { timeout: 60_000 });
    await expect(card).toContainText('Cropped to 2000×1500');
    const file = await download(page, card.getByRole('link', { name: 'Download Cropped Image' }));
    const cropped = await sharp(photo).extract({ left: 1000, top: 300, width: 2000, height: 1500 }).toBuffer();
    expect(await difference(file.bytes, cropped)).toBeLessThan(3);
  });

  test('resize to Instagram Story fills the frame without stretching', async ({ page }) => {
    await page.goto('/tools/modify?tab=resize');
    await page.getByTestId('file-input').setInputFiles(photo);
    await expect(page.getByLabel('Width (px)')).toHaveValue(String(W), { timeout: 30_000 });
    await page.getByRole('button', { name: /Instagram Story/ }).click();
    await expect(page.getByTestId('resize-outcome')).toHaveText('Result: 1080 × 1920 px, edges cropped to fill');
    await expect(page.getByRole('radio', { name: 'Fill (crop the edges)' })).toBeChecked();
    // Centred, to compare with sharp's centred cover (keeping the face is e2e/resize-smart.spec.ts).
    await page.getByText('Centre', { exact: true }).click();
    await page.getByRole('button', { name: 'Resize Image' }).click();
    const card = page.getByTestId('result-card');
    await expect(card.getByTestId('result-dimensions')).toHaveText('1080 × 1920', { timeout: 60_000 });
    await expect(card).toContainText('Cropped to fill 1080×1920.');
    const file = await download(page, card.getByRole('link', { name: 'Download Resized Image' }));
    const cover = await sharp(photo).resize(1080, 1920, { fit: 'cover' }).toBuffer();
    const stretched = await sharp(photo).resize(1080, 1920, { fit: 'fill' }).toBuffer();
    const [toCover, toStretch] = [await difference(file.bytes, cover), await difference(file.bytes, stretched)];
    expect(toCover).toBeLessThan(3);
    expect(toStretch).toBeGreaterThan(toCover * 3);
  });

  test('watermark: added at full size', async ({ page }) => {
    await page.goto('/tools/security');
    await page.getByTestId('file-input').setInputFiles(photo);
    await page.getByLabel('Watermark text').fill('© 2026 Ada');
    await page.getByRole('button', { name: 'Add Watermark' }).click();
    const card = page.getByTestId('result-card');
    await expect(card.getByRole('heading', { name: 'Security Processing Complete' })).toBeVisible({ timeout: 60_000 });
    await expect(toastWith(page, 'Watermark added successfully! 🏷️')).toBeVisible();
    const file = await download(page, card.getByRole('link', { name: 'Download Protected Image' }));
    expect(await sharp(file.bytes).metadata()).toMatchObject({ width: W, height: H, format: 'jpeg' });
    // The bottom-right corner changed (the text), the top-left did not.
    const corner = (b: Buffer, left: number, top: number) =>
      sharp(b).extract({ left, top, width: 1200, height: 300 }).toBuffer();
    expect(
      await difference(
        await corner(file.bytes, W - 1300, H - 400),
        await corner(await sharp(photo).toBuffer(), W - 1300, H - 400),
      ),
    ).toBeGreaterThan(3);
    expect(
      await difference(await corner(file.bytes, 0, 0), await corner(await sharp(photo).toBuffer(), 0, 0)),
    ).toBeLessThan(2);
  });

  test('blur faces: the face is found on a small copy and blurred at full size', async ({ page }) => {
    await page.goto('/tools/security?tab=blur');
    await page.getByTestId('file-input').setInputFiles(photo);
    await page.getByRole('button', { name: 'Apply Blur Protection' }).click();
    const card = page.getByTestId('result-card');
    await expect(card).toContainText(/[1-9]\d* areas? blurred\./, { timeout: 90_000 });
    await expect(toastWith(page, 'Blur applied successfully! 👁️')).toBeVisible();
    const file = await download(page, card.getByRole('link', { name: 'Download Protected Image' }));
    expect(await sharp(file.bytes).metadata()).toMatchObject({ width: W, height: H });
    // The face (upper middle of the portrait) lost its detail; the noisy margin did not change.
    const face = (b: Buffer) =>
      sharp(b).extract({ left: 1700, top: 500, width: 600, height: 600 }).greyscale().raw().toBuffer();
    const spread = (p: Buffer) => {
      let s = 0;
      for (let i = 1; i < p.length; i++) s += Math.abs(p[i]! - p[i - 1]!);
      return s / p.length;
    };
    expect(spread(await face(file.bytes))).toBeLessThan(spread(await face(await sharp(photo).toBuffer())) * 0.7);
  });

  test('convert to AVIF and TIFF: each limit shows before the click with its fit (1,200 px, 2,200 px), and the files are that size', async ({
    page,
  }) => {
    await page.goto('/tools/convert');
    await page.getByTestId('file-input').setInputFiles(photo);
    await page.getByLabel('Output format').selectOption('avif');
    const limit = page.getByTestId('format-limit');
    await expect(limit).toContainText('AVIF is made at most 1,200 px a side. Your picture is larger.');
    const fit = limit.getByLabel(/Fit within 1,200 px/);
    await expect(fit).toBeChecked();
    // Unticked, the screen says what would happen; ticked again, it fits.
    await fit.uncheck();
    await expect(limit).toContainText('Unless fitted, those would not convert.');
    await fit.check();
    await page.getByRole('button', { name: /^Convert 1 Images? to AVIF$/ }).click();
    const link = page.getByRole('link', { name: 'Download AVIF' });
    await expect(link).toBeVisible({ timeout: 90_000 });
    const file = await download(page, link);
    expect(await sharp(file.bytes).metadata()).toMatchObject({
      width: 1200,
      height: 900,
      format: 'heif',
      compression: 'av1',
    });

    // TIFF on the same page: its 5 MP said before the click, and the smaller size offered (ADR 0168).
    await page.getByLabel('Output format').selectOption('tiff');
    await expect(limit).toContainText('TIFF is written up to 5 MP here. Your picture is larger.');
    await expect(limit.getByLabel(/Fit within 2,200 px/)).toBeChecked();
    await page.getByRole('button', { name: /^Convert 1 Images? to TIFF$/ }).click();
    const tiff = page.getByRole('link', { name: 'Download TIFF' });
    await expect(tiff).toBeVisible({ timeout: 90_000 });
    expect(await sharp((await download(page, tiff)).bytes).metadata()).toMatchObject({
      width: 2200,
      height: 1650,
      format: 'tiff',
    });
  });
});
