import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { expect, test } from './fixtures';
import { unzipSync } from 'fflate';
import { IMAGE_EXTENSIONS } from '../core/api/images';
import { FORMAT_NAMES } from '../core/images/kinds';
import { OUTPUT_FORMATS } from '../core/api/tools';
import { corpusFile, download, expectSizeText, sniff, toastWith } from './tools-fixtures';
import { resultName } from '../app/features/tools/format';

const inputs = ['photos/rocket.jpg', 'photos/chelsea.png', 'formats/sample.webp'];

test.describe('Convert', () => {
  test('the page names every format it writes, in its lead and its description', async ({ page }) => {
    await page.goto('/tools/convert');
    const lead = await page.locator('h1 + p').textContent();
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    for (const format of OUTPUT_FORMATS) {
      expect(lead, format).toContain(FORMAT_NAMES[format]);
      expect(description, format).toContain(FORMAT_NAMES[format]);
    }
  });

  for (const format of OUTPUT_FORMATS) {
    test(`three files to ${format}: every download is ${format} and matches its listed size`, async ({ page }) => {
      await page.goto('/tools/convert');
      await page.getByTestId('file-input').setInputFiles(inputs.map(corpusFile));
      await expect(page.getByRole('list', { name: 'Selected files' }).getByRole('img')).toHaveCount(3);
      await page.getByLabel('Output format').selectOption(format);
      const qualityShown = format === 'jpeg' || format === 'webp' || format === 'avif';
      await expect(page.getByLabel(/Quality/)).toHaveCount(qualityShown ? 1 : 0);
      await page.getByRole('button', { name: `Convert 3 Images to ${format.toUpperCase()}` }).click();
      const card = page.getByTestId('result-card');
      await expect(card.getByRole('heading', { name: 'Conversion Complete' })).toBeVisible({ timeout: 60_000 });
      await expect(toastWith(page, 'Conversion complete! 🔄')).toContainText('3/3');
      await expect(card.getByRole('heading', { name: 'Converted Files (3)' })).toBeVisible();
      const rows = card.getByTestId('converted-file');
      await expect(rows).toHaveCount(3);
      const ext = IMAGE_EXTENSIONS[format];
      const first = await download(page, rows.first().getByRole('link', { name: 'Download' }));
      // Named after the original: rocket.jpg → rocket.png; a file already in that format gets -converted.
      const expected = inputs.map((n) => resultName(n.split('/').pop()!, 'convert', format));
      expect(first.name).toBe(expected[0]);
      expect(ext).toBe(expected[0]!.split('.').pop());
      expect(sniff(first.bytes)).toBe(format);
      await expectSizeText(rows.first().getByTestId('converted-size'), first.bytes);

      const zip = await download(page, card.getByRole('button', { name: 'Download All (3 files)' }));
      const entries = unzipSync(new Uint8Array(zip.bytes));
      expect(Object.keys(entries).sort()).toEqual([...expected].sort());
      for (const bytes of Object.values(entries)) expect(sniff(Buffer.from(bytes))).toBe(format);
    });
  }

  test('at 390 px every output format reads whole in the closed menu', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/tools/convert');
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    const menu = page.getByLabel('Output format');
    const values = await menu.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    expect(values).toHaveLength(6);
    for (const value of values) {
      await menu.selectOption(value);
      // The chosen option's words in the menu's own font, against the room inside its padding and arrow.
      const { text, room } = await menu.evaluate((el) => {
        const select = el as unknown as { clientWidth: number; selectedOptions: ArrayLike<{ text: string }> };
        const style = getComputedStyle(el);
        const ctx = document.createElement('canvas').getContext('2d')!;
        ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const label = select.selectedOptions[0]!.text;
        const inner = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return {
          text: `${label} (${Math.round(ctx.measureText(label).width)} px)`,
          room: inner - ctx.measureText(label).width,
        };
      });
      expect(room, text).toBeGreaterThan(0);
    }
  });

  test('non-images are ignored, none at all says No valid images, and more than six shows +N more', async ({
    page,
  }) => {
    await page.goto('/tools/convert');
    await page
      .getByTestId('file-input')
      .setInputFiles({ name: 'a.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
    await expect(toastWith(page, 'Invalid file type')).toContainText(
      'a.txt: Please upload an image file (JPEG, PNG, WebP, GIF, BMP, TIFF, AVIF or HEIC).',
    );
    await expect(toastWith(page, 'No valid images')).toContainText('Please select image files to convert');
    // The refusal stays listed, with its reason, after the toasts have gone (issue 40).
    const skipped = page.getByRole('region', { name: 'Skipped files' });
    await expect(skipped).toContainText('1 file skipped');
    await expect(skipped.getByRole('listitem')).toHaveText(
      'a.txt: Please upload an image file (JPEG, PNG, WebP, GIF, BMP, TIFF, AVIF or HEIC).',
    );
    const eight = Array.from({ length: 8 }, (_, i) => corpusFile(i % 2 ? 'photos/rocket.jpg' : 'formats/sample.png'));
    await page.getByTestId('file-input').setInputFiles([...eight.map((p) => p)]);
    await expect(page.getByText('+2 more')).toBeVisible();
    await expect(skipped).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Convert 8 Images to PNG' })).toBeEnabled();
  });

  test('a TIFF gets a thumbnail like any other picture (Chromium cannot draw TIFF: it is decoded in the page)', async ({
    page,
  }) => {
    const tiff = await sharp(corpusFile('photos/rocket.jpg')).resize(300, 200).tiff({ compression: 'lzw' }).toBuffer();
    await page.goto('/tools/convert');
    const png = { name: 'sample.png', mimeType: 'image/png', buffer: await readFile(corpusFile('formats/sample.png')) };
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await page
      .getByTestId('file-input')
      .setInputFiles([{ name: 'scan.tif', mimeType: 'image/tiff', buffer: tiff }, png]);
    const thumbs = page.getByRole('list', { name: 'Selected files' });
    await expect
      .poll(() => thumbs.getByRole('img', { name: 'scan.tif' }).evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBe(300);
    await expect
      .poll(() => thumbs.getByRole('img', { name: 'sample.png' }).evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
  });

  test('an animated GIF: the note that only its first frame was kept is shown with the result', async ({ page }) => {
    await page.goto('/tools/convert');
    await page.getByTestId('file-input').setInputFiles(corpusFile('photos/no_time_for_that_tiny.gif'));
    await page.getByRole('button', { name: 'Convert 1 Image to PNG' }).click();
    const card = page.getByTestId('result-card');
    await expect(card.getByTestId('result-notes')).toContainText(
      'The picture is animated: only its first frame was used.',
      { timeout: 60_000 },
    );
    const file = await download(page, card.getByRole('link', { name: 'Download PNG' }));
    expect(sniff(file.bytes)).toBe('png');
  });

  test('each file shows its own progress, and Cancel stops the one running and the rest', async ({ page }) => {
    await page.goto('/tools/convert');
    await page.getByTestId('file-input').setInputFiles(inputs.map(corpusFile));
    let calls = 0;
    await page.route('**/api/convert', async (route) => {
      calls += 1;
      // Hold the second file long enough to cancel it.
      if (calls === 2) await new Promise((r) => setTimeout(r, 4000));
      await route.continue().catch(() => {});
    });
    await page.getByRole('button', { name: 'Convert 3 Images to PNG' }).click();
    const progress = page.getByTestId('progress-card');
    await expect(progress.getByTestId('job-detail')).toHaveText('File 2 of 3: chelsea.png', { timeout: 30_000 });
    await expect(progress.getByRole('progressbar', { name: 'Converting your images...' })).toBeVisible();
    await progress.getByRole('button', { name: 'Cancel' }).click();
    await expect(toastWith(page, 'Conversion cancelled')).toContainText(
      '1 of 3 images converted before you cancelled.',
    );
    await expect(progress).toHaveCount(0);
    await expect(
      page
        .getByTestId('result-card')
        .getByTestId('converted-file')
        .or(page.getByRole('link', { name: 'Download PNG' })),
    ).toHaveCount(1);
    expect(calls).toBe(2);
  });

  test('one file gets a single Download button', async ({ page }) => {
    await page.goto('/tools/convert');
    await page.getByTestId('file-input').setInputFiles(corpusFile('formats/sample.bmp'));
    await page.getByLabel('Output format').selectOption('webp');
    await page.getByRole('button', { name: 'Convert 1 Image to WEBP' }).click();
    const file = await download(page, page.getByRole('link', { name: 'Download WEBP' }));
    expect(file.name).toBe('sample.webp');
    expect(sniff(file.bytes)).toBe('webp');
  });
});
