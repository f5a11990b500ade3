import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures';
import { unzipSync } from 'fflate';
import sharp, { type Sharp } from 'sharp';
import { heifEnc } from '../scripts/lib/make-heic';
import {
  corpusFile,
  decodedSize,
  download,
  expectSizeText,
  halvesHeic,
  pixelCounts,
  sniff,
  toastWith,
} from './tools-fixtures';

const mime = (f: string) => `image/${f}`;

/** The HEIC's two halves, as Chromium draws the preview the server's JPEG copy gives (ADR 0162). */
const HALVES = {
  red: (r: number, g: number, b: number) => r > 170 && g < 90 && b < 90,
  blue: (r: number, g: number, b: number) => b > 170 && r < 90 && g < 100,
};

/**
 * A 4032 × 3024 photo-sized PNG, made at test time: a checkerboard with a red region whose outermost pixels are
 * yellow, so a crop of that region is told from one a pixel off, or from the top-left corner.
 */
async function markedPhoto(region: { x: number; y: number; width: number; height: number }) {
  const [W, H] = [4032, 3024];
  const raw = Buffer.alloc(W * H * 3);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const inside = x >= region.x && x < region.x + region.width && y >= region.y && y < region.y + region.height;
      const edge =
        inside &&
        (x === region.x || y === region.y || x === region.x + region.width - 1 || y === region.y + region.height - 1);
      const dark = (Math.floor(x / 96) + Math.floor(y / 96)) % 2 === 0;
      raw.set(edge ? [255, 220, 0] : inside ? [220, 30, 30] : dark ? [40, 40, 120] : [90, 90, 200], (y * W + x) * 3);
    }
  return sharp(raw, { raw: { width: W, height: H, channels: 3 } })
    .png()
    .toBuffer();
}

/** How many bytes of two pictures' pixels differ (both decoded to RGB). */
async function pixelsDiffer(a: Sharp, b: Sharp) {
  const [pa, pb] = await Promise.all([a.removeAlpha().raw().toBuffer(), b.removeAlpha().raw().toBuffer()]);
  if (pa.length !== pb.length) return Infinity;
  let n = 0;
  for (let i = 0; i < pa.length; i++) if (pa[i] !== pb[i]) n++;
  return n;
}

test.describe('Modify', () => {
  // ADR 0162: Chromium cannot draw a HEIC; the preview is the upload's JPEG copy, and the sizes come from the header.
  test('a HEIC at 1280 × 800, 1366 × 657 and 390 × 844: a drawn preview, Resize ready after a preset, a real crop box; resized and cropped', async ({
    page,
  }, info) => {
    test.skip(Boolean(heifEnc.missing), heifEnc.missing ?? '');
    const heic = { name: 'IMG_0042.HEIC', mimeType: 'image/heic', buffer: await halvesHeic() };
    for (const [width, height] of [
      [1280, 800],
      [1366, 657],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.goto('/tools/modify?tab=resize');
      await page.getByTestId('file-input').setInputFiles(heic);
      await expect(page.getByLabel('Width (px)')).toHaveValue('640');
      // Both halves drawn: the preview is the picture, not a blank or broken image.
      const preview = () => pixelCounts(page, '[data-testid=file-card] img', HALVES).catch(() => ({ red: 0, blue: 0 }));
      await expect
        .poll(async () => Math.min(...Object.values(await preview())), { timeout: 15_000 })
        .toBeGreaterThan(100_000);
      await page.getByRole('button', { name: /Instagram Square/ }).click();
      await expect(page.getByRole('button', { name: 'Resize Image' })).toBeEnabled();
      await page.screenshot({ path: info.outputPath(`heic-resize-${width}x${height}.png`), fullPage: false });
      if (width === 1280) {
        await page.getByRole('button', { name: 'Resize Image' }).click();
        await expect(page.getByTestId('result-card').getByTestId('result-dimensions')).toHaveText('1080 × 1080', {
          timeout: 30_000,
        });
      }

      await page.getByRole('tab', { name: 'Crop' }).click();
      const area = page.getByTestId('crop-area');
      await expect(area).toBeVisible();
      const box = (await area.boundingBox())!;
      expect(box.width).toBeGreaterThan(width === 390 ? 200 : 300);
      expect(box.height).toBeGreaterThan(100);
      if (width === 1280) {
        await page.getByRole('button', { name: '16:9' }).click();
        await page.getByRole('button', { name: 'Crop Image' }).click();
        await expect(page.getByTestId('result-card').getByTestId('result-dimensions')).toHaveText('640 × 360', {
          timeout: 30_000,
        });
      }
      await page.screenshot({ path: info.outputPath(`heic-crop-${width}x${height}.png`), fullPage: false });
    }
  });

  test('resize: presets, natural size, aspect lock, and the downloaded file matches the card', async ({ page }) => {
    await page.goto('/tools/modify?tab=resize');
    await page.getByTestId('file-input').setInputFiles(corpusFile('photos/rocket.jpg'));
    const width = page.getByLabel('Width (px)');
    const height = page.getByLabel('Height (px)');
    await expect(width).not.toHaveValue('800');
    const natural = { w: Number(await width.inputValue()), h: Number(await height.inputValue()) };
    expect(natural.w).toBeGreaterThan(0);

    await page.getByRole('button', { name: /Instagram Square/ }).click();
    await expect(width).toHaveValue('1080');
    await expect(height).toHaveValue('1080');
    // A preset of another shape is filled (cropped), never stretched, unless the user chooses otherwise.
    await expect(page.getByRole('radio', { name: 'Fill (crop the edges)' })).toBeChecked();
    await expect(page.getByTestId('resize-outcome')).toHaveText('Result: 1080 × 1080 px, edges cropped to fill');
    await page.getByText('Fit (add borders)').click();
    await expect(page.getByRole('radio', { name: 'Fit (add borders)' })).toBeChecked();
    await expect(page.getByTestId('resize-outcome')).toHaveText('Result: 1080 × 1080 px, with borders');
    await expect(page.getByLabel('Border colour')).toHaveValue('#ffffff');

    await expect(page.getByLabel('Maintain aspect ratio')).toBeChecked();
    await width.fill('320');
    const expectedH = Math.round((320 * natural.h) / natural.w);
    await expect(height).toHaveValue(String(expectedH));
    await page.getByRole('button', { name: 'Resize Image' }).click();
    const card = page.getByTestId('result-card');
    await expect(card.getByTestId('result-dimensions')).toHaveText(`320 × ${expectedH}`, { timeout: 30_000 });
    await expect(toastWith(page, 'Image resized successfully! 📐')).toBeVisible();
    const file = await download(page, card.getByRole('link', { name: 'Download Resized Image' }));
    expect(file.name).toBe('rocket-resized.jpg');
    await expectSizeText(card.getByTestId('new-size'), file.bytes);
    expect(await decodedSize(page, file.bytes, mime(sniff(file.bytes)))).toEqual({ width: 320, height: expectedH });
  });

  test('resize: with the lock on, 1280 then 720 is exactly 1280 × 720 (filled, never 960 × 720); the YouTube preset; unlocked sizes are filled too', async ({
    page,
  }) => {
    await page.goto('/tools/modify?tab=resize');
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await page.getByTestId('file-input').setInputFiles(corpusFile('photos/rocket.jpg'));
    const width = page.getByLabel('Width (px)');
    const height = page.getByLabel('Height (px)');
    const outcome = page.getByTestId('resize-outcome');
    await expect(width).toHaveValue('640');
    await expect(page.getByLabel('Maintain aspect ratio')).toBeChecked();

    // The first side typed sets the other from the photo's shape; the second side typed is kept as typed.
    await width.fill('1280');
    await expect(height).toHaveValue('854');
    await expect(outcome).toHaveText('Result: 1280 × 854 px');
    await height.fill('720');
    await expect(width).toHaveValue('1280');
    await expect(outcome).toHaveText('Result: 1280 × 720 px, edges cropped to fill');
    await expect(page.getByRole('radio', { name: 'Fill (crop the edges)' })).toBeChecked();
    await expect(page.getByTestId('resize-frame')).toBeVisible();
    await page.screenshot({ path: 'e2e/screenshots/resize-typed.png', fullPage: true });
    await page.getByRole('button', { name: 'Resize Image' }).click();
    const card = page.getByTestId('result-card');
    await expect(card.getByTestId('result-dimensions')).toHaveText('1280 × 720', { timeout: 30_000 });

    // The YouTube thumbnail is under More sizes.
    await page.getByLabel(/More sizes/).selectOption('youtube-thumbnail');
    await expect(width).toHaveValue('1280');
    await expect(height).toHaveValue('720');
    await expect(outcome).toHaveText('Result: 1280 × 720 px, edges cropped to fill');

    // Unticking the lock changes no number and still fills: Stretch only when chosen.
    await page.getByLabel('Maintain aspect ratio').uncheck();
    await width.fill('500');
    await height.fill('500');
    await expect(outcome).toHaveText('Result: 500 × 500 px, edges cropped to fill');
    await page.getByText('Stretch').click();
    await expect(outcome).toHaveText('Result: 500 × 500 px, stretched');
  });

  test('resize at 390 px: presets, fields and the preview fit the phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/tools/modify?tab=resize');
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await page.getByTestId('file-input').setInputFiles(corpusFile('photos/rocket.jpg'));
    await page.getByLabel(/More sizes/).selectOption('youtube-thumbnail');
    await expect(page.getByTestId('resize-outcome')).toHaveText('Result: 1280 × 720 px, edges cropped to fill');
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0);
    const preview = (await page.getByTestId('resize-preview').boundingBox())!;
    expect(preview.x + preview.width).toBeLessThanOrEqual(390);
    await page.screenshot({ path: 'e2e/screenshots/resize-phone.png', fullPage: true });
  });

  test('crop: drag a handle of a 16:9 box, nudge it by keyboard, and get exactly that box', async ({ page }) => {
    await page.goto('/tools/modify?tab=crop');
    await page.getByTestId('file-input').setInputFiles(corpusFile('photos/chelsea.png'));
    await page.getByRole('button', { name: '16:9' }).click();
    const area = page.getByTestId('crop-area');
    await expect(area).toBeVisible();

    const handle = page.getByTestId('crop-handle-se');
    const hb = (await handle.boundingBox())!;
    await page.mouse.move(hb.x + hb.width / 2, hb.y + hb.height / 2);
    await page.mouse.down();
    await page.mouse.move(hb.x - 80, hb.y - 60, { steps: 5 });
    await page.mouse.up();
    // Move the whole box 10 px right and 10 px down from the keyboard.
    await area.focus();
    await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.press('Shift+ArrowDown');

    const w = Number(await page.getByLabel('Crop width').inputValue());
    const h = Number(await page.getByLabel('Crop height').inputValue());
    expect(Math.abs(w / h - 16 / 9)).toBeLessThan(0.01);
    expect(Number(await page.getByLabel('Top (y)').inputValue())).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Crop Image' }).click();
    const card = page.getByTestId('result-card');
    await expect(card.getByTestId('result-dimensions')).toHaveText(`${w} × ${h}`, { timeout: 30_000 });
    const file = await download(page, card.getByRole('link', { name: 'Download Cropped Image' }));
    expect(await decodedSize(page, file.bytes, mime(sniff(file.bytes)))).toEqual({ width: w, height: h });
  });

  test('crop: a 16:9 box typed as 320 wide is exactly 320 × 180, and its pixels are that region of the original', async ({
    page,
  }) => {
    const photo = corpusFile('photos/chelsea.png');
    await page.goto('/tools/modify?tab=crop');
    await page.getByTestId('file-input').setInputFiles(photo);
    await page.getByRole('button', { name: '16:9' }).click();
    await page.getByLabel('Crop width').fill('320');
    await expect(page.getByLabel('Crop height')).toHaveValue('180');
    await expect(page.getByLabel('Crop height')).toBeDisabled();
    await page.getByLabel('Left (x)').fill('40');
    await page.getByLabel('Top (y)').fill('60');
    await page.getByRole('button', { name: 'Crop Image' }).click();
    const card = page.getByTestId('result-card');
    await expect(card.getByTestId('result-dimensions')).toHaveText('320 × 180', { timeout: 30_000 });
    const file = await download(page, card.getByRole('link', { name: 'Download Cropped Image' }));
    expect(sniff(file.bytes)).toBe('png');
    const diff = await page.evaluate(
      async ([orig, out]) => {
        const pixels = async (b64: string, sx: number, sy: number, w: number, h: number) => {
          const raw = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
          const bmp = await createImageBitmap(new Blob([raw], { type: 'image/png' }));
          const c = new OffscreenCanvas(w, h);
          const ctx = c.getContext('2d')!;
          ctx.drawImage(bmp, sx, sy, w, h, 0, 0, w, h);
          return ctx.getImageData(0, 0, w, h).data;
        };
        const a = await pixels(orig!, 40, 60, 320, 180);
        const b = await pixels(out!, 0, 0, 320, 180);
        let sum = 0;
        for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
        return sum / a.length;
      },
      [(await readFile(photo)).toString('base64'), file.bytes.toString('base64')],
    );
    // A lossless crop of the right region differs by nothing; a box one pixel off would differ clearly.
    expect(diff).toBeLessThan(1);
  });

  test('crop on a 4032 × 3024 photo at 1280 and 390 px: fields can be cleared and typed; Left 500, Top 1000, 2000 × 1500 typed in that order is exactly that region', async ({
    page,
  }, info) => {
    const region = { x: 500, y: 1000, width: 2000, height: 1500 };
    const photo = await markedPhoto(region);
    for (const [vw, vh] of [
      [1280, 800],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width: vw, height: vh });
      await page.goto('/tools/modify?tab=crop');
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      await page.getByTestId('file-input').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: photo });
      const left = page.getByLabel('Left (x)');
      const top = page.getByLabel('Top (y)');
      const width = page.getByLabel('Crop width');
      const height = page.getByLabel('Crop height');
      await expect(width).toHaveValue('4032');

      // Clearing a field leaves it empty (not 8), with a hint; typing is kept as typed until it is committed.
      await width.click();
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.press('Backspace');
      await expect(width).toHaveValue('');
      await expect(page.getByTestId('crop-field-hint')).toHaveText('Type a whole number of pixels from 8 to 4032.');
      await width.pressSequentially('82000');
      await expect(width).toHaveValue('82000');
      await expect(page.getByTestId('crop-field-hint')).toContainText('Crop width is at most 4032 px');
      await page.keyboard.press('Enter');
      await expect(width).toHaveValue('4032');
      await expect(page.getByTestId('crop-field-hint')).toHaveCount(0);

      // The natural order: Left and Top before the size; each typed with the keyboard and committed with Tab.
      for (const [field, text] of [
        [left, '500'],
        [top, '1000'],
        [width, '2000'],
        [height, '1500'],
      ] as const) {
        await field.click();
        await page.keyboard.press('ControlOrMeta+A');
        await page.keyboard.press('Backspace');
        await field.pressSequentially(text);
        await expect(field).toHaveValue(text);
        await page.keyboard.press('Tab');
      }
      await expect(left).toHaveValue('500');
      await expect(top).toHaveValue('1000');
      await expect(width).toHaveValue('2000');
      await expect(height).toHaveValue('1500');
      await expect(page.getByTestId('crop-area')).toHaveAttribute(
        'aria-label',
        /^Crop area 2000 by 1500 at 500, 1000\./,
      );
      await page.screenshot({ path: info.outputPath(`crop-typed-${vw}.png`), fullPage: true });

      await page.getByRole('button', { name: 'Crop Image' }).click();
      const card = page.getByTestId('result-card');
      await expect(card.getByTestId('result-dimensions')).toHaveText('2000 × 1500', { timeout: 30_000 });
      const file = await download(page, card.getByRole('link', { name: 'Download Cropped Image' }));
      expect(sniff(file.bytes)).toBe('png');
      // Lossless: the asked region of the original, pixel for pixel (the yellow frame is its outermost pixels).
      expect(
        await pixelsDiffer(
          sharp(file.bytes),
          sharp(photo).extract({ left: 500, top: 1000, width: 2000, height: 1500 }),
        ),
      ).toBe(0);
    }
  });

  test('transform: a quarter turn swaps the sides of the result', async ({ page }) => {
    await page.goto('/tools/modify?tab=transform');
    await page.getByTestId('file-input').setInputFiles(corpusFile('photos/rocket.jpg'));
    const natural = await page
      .getByTestId('transform-preview')
      .evaluate((img: HTMLImageElement) => img.decode().then(() => [img.naturalWidth, img.naturalHeight]));
    await page.getByRole('button', { name: 'Rotate 90° right' }).click();
    await expect(page.getByTestId('transform-preview')).toHaveAttribute('style', /rotate\(90deg\)/);
    await page.getByRole('button', { name: 'Apply Transform' }).click();
    const card = page.getByTestId('result-card');
    await expect(card.getByTestId('result-dimensions')).toHaveText(`${natural[1]} × ${natural[0]}`, {
      timeout: 30_000,
    });
    const download = card.getByRole('link', { name: 'Download Transformed Image' });
    await expect(download).toHaveAttribute('download', 'rocket-rotated.jpg');
    // A flip alone keeps the sides and is named for what was done.
    await page.getByRole('button', { name: 'Rotate 90° left' }).click();
    await page.getByRole('button', { name: 'Flip horizontal' }).click();
    await page.getByRole('button', { name: 'Apply Transform' }).click();
    await expect(card.getByTestId('result-dimensions')).toHaveText(`${natural[0]} × ${natural[1]}`, {
      timeout: 30_000,
    });
    await expect(download).toHaveAttribute('download', 'rocket-flipped.jpg');
  });

  test('transform: the line under the buttons names the turn as the buttons do ("90° left", not "270°")', async ({
    page,
  }) => {
    await page.goto('/tools/modify?tab=transform');
    await page.getByTestId('file-input').setInputFiles(corpusFile('photos/rocket.jpg'));
    const state = page.getByTestId('transform-state');
    await expect(state).toHaveText('Not turned, not flipped');
    await page.getByRole('button', { name: 'Rotate 90° left' }).click();
    await expect(state).toHaveText('Turned 90° left, not flipped');
    await page.getByRole('button', { name: 'Flip vertical' }).click();
    await expect(state).toHaveText('Turned 90° left, flipped vertically');
  });

  test('batch at 390 × 844: after processing, the results and their savings table fit the phone (no sideways scroll)', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/tools/modify?tab=batch');
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    // Phone cameras name files long and without spaces; the table and the lists must wrap or scroll inside their box.
    const files = await Promise.all(
      [
        ['photos/rocket.jpg', 'PXL_20261128_142233517.PORTRAIT.ORIGINAL_holiday_beach.jpg', 'image/jpeg'],
        ['photos/chelsea.png', 'Screenshot_2026-11-28-14-22-33-517_com.example.gallery.png', 'image/png'],
        ['formats/sample.webp', 'sample.webp', 'image/webp'],
      ].map(async ([path, name, mimeType]) => ({
        name: name!,
        mimeType: mimeType!,
        buffer: await readFile(corpusFile(path!)),
      })),
    );
    await page.getByTestId('file-input').setInputFiles(files);
    await page.getByLabel('Width').fill('200');
    await page.getByLabel('Height').fill('200');
    await page.getByRole('button', { name: 'Process 3 Images' }).click();
    const results = page.getByTestId('batch-results');
    await expect(results).toContainText('Successfully processed 3/3 images', { timeout: 60_000 });
    await expect(results.getByTestId('batch-row')).toHaveCount(3);
    await page.screenshot({ path: test.info().outputPath('batch-390.png'), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const table = results.getByRole('region', { name: 'Sizes before and after' });
    const box = (await table.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    // Long names are cut with an ellipsis (the full name is their title), so the table shows without scrolling.
    expect(await table.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    // Cut in the middle, whole in their box (not clipped again), so two phone photos' names stay apart; each row's
    // sizes sit on one line under its name ("241 KB → 48.2 KB", never "48.2" over "KB").
    const names = await results
      .getByTestId('batch-row')
      .locator('[title]')
      .evaluateAll((spans) =>
        spans.map((s) => {
          // The text's own width against its box's: scrollWidth rounds, and hid a clip of a third of a pixel.
          const range = document.createRange();
          range.selectNodeContents(s);
          return {
            text: s.textContent,
            clipped: range.getBoundingClientRect().width > s.getBoundingClientRect().width + 0.01,
          };
        }),
      );
    expect(names.map((n) => n.text)).toEqual(['PXL_20261…_beach.jpg', 'Screensho…allery.png', 'sample.webp']);
    expect(names.filter((n) => n.clipped)).toEqual([]);
    const sizes = await results.getByTestId('batch-row').evaluateAll((rows) =>
      rows.map((r) => {
        const line = [...r.querySelectorAll('span')].find((s) => s.textContent?.includes('→'))!;
        return line.getClientRects().length === 1 && line.getBoundingClientRect().height < 20;
      }),
    );
    expect(sizes).toEqual([true, true, true]);
  });

  test('batch of six with a damaged file and a JPEG XL: each refused at the door with its own reason in a list that stays, four processed with a savings table, the ZIP keeps the names', async ({
    page,
  }) => {
    await page.goto('/tools/modify?tab=batch');
    const names = [
      'photos/rocket.jpg',
      'photos/chelsea.png',
      'formats/sample.webp',
      'photos/truncated.jpg',
      'formats/sample.jxl',
      'formats/sample.png',
    ];
    await expect(page.getByRole('button', { name: 'Process Images' })).toBeDisabled();
    await page.getByTestId('file-input').setInputFiles(names.map(corpusFile));
    await page.getByLabel('Width').fill('200');
    await page.getByLabel('Height').fill('200');
    // Each refused file with its own reason, in a list that stays (a JPEG XL is not "a damaged JPEG").
    await expect(toastWith(page, '2 files skipped')).toBeVisible();
    const skipped = page.getByTestId('batch-skipped');
    await expect(skipped).toContainText('truncated.jpg: This JPEG is damaged or incomplete');
    await expect(skipped).toContainText('sample.jxl: JPEG XL pictures are not accepted yet.');
    await expect(page.getByLabel("Don't enlarge smaller pictures")).toBeChecked();
    await page.getByRole('button', { name: 'Process 4 Images' }).click();
    const results = page.getByTestId('batch-results');
    await expect(results).toContainText('Successfully processed 4/4 images', { timeout: 60_000 });
    await expect(results.getByTestId('batch-row')).toHaveCount(4);
    await expect(results.getByTestId('batch-total')).toContainText('Total (4 files)');
    await expect(skipped).toBeVisible();

    const zip = await download(page, results.getByRole('button', { name: 'Download All' }));
    expect(zip.name).toBe('rocket-and-3-more-resized.zip');
    const entries = unzipSync(new Uint8Array(zip.bytes));
    const entryNames = Object.keys(entries).sort();
    expect(entryNames).toHaveLength(4);
    expect(entryNames).toEqual([
      'chelsea-resized.png',
      'rocket-resized.jpg',
      'sample-resized.png',
      'sample-resized.webp',
    ]);
    for (const bytes of Object.values(entries)) {
      const b = Buffer.from(bytes);
      const size = await decodedSize(page, b, mime(sniff(b)));
      expect(Math.max(size.width, size.height)).toBeLessThanOrEqual(200);
    }
  });
});
