import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from './fixtures';
import exifr from 'exifr';
import sharp from 'sharp';
import { heifEnc } from '../scripts/lib/make-heic';
import { NOTHING_FOUND } from '../core/tools/blur-options';
import {
  corpusFile,
  download,
  expectSizeText,
  freeUsage,
  halvesHeic,
  pixelCounts,
  sniff,
  toastWith,
} from './tools-fixtures';

test.describe('Security', () => {
  // The slider's number is measured on an 800 px wide picture: on a phone photo "20px" came out 76 px tall.
  test('the watermark size says how tall the mark comes out on this picture', async ({ page }) => {
    await page.goto('/tools/security');
    await page.getByTestId('file-input').setInputFiles(corpusFile('photos/chelsea.png')); // 451 px wide
    await page.getByLabel('Watermark text').fill('© 2026 Ada');
    const size = page.getByTestId('wm-size');
    await expect(size).toHaveText('Size: 20 (11 px on this picture)');
    await page.getByLabel(/^Size: 20 /).fill('40');
    await expect(size).toHaveText('Size: 40 (23 px on this picture)');
  });

  test('the watermark preview sits where the server draws it', async ({ page }) => {
    await page.goto('/tools/security');
    await page.getByTestId('file-input').setInputFiles(corpusFile('photos/chelsea.png'));
    // No text of ours on a person's photo (ADR 0163): the field is empty, an example its placeholder, and the button waits.
    await expect(page.getByLabel('Watermark text')).toHaveValue('');
    await expect(page.getByLabel('Watermark text')).toHaveAttribute(
      'placeholder',
      `e.g. © ${new Date().getFullYear()} Your Name`,
    );
    await expect(page.getByRole('button', { name: 'Add Watermark' })).toBeDisabled();
    await expect(page.getByTestId('wm-waiting')).toHaveText('Type the text of your watermark first.');
    await page.getByLabel('Watermark text').fill('© 2026 Ada');
    await expect(page.getByLabel('Position')).toHaveValue('bottom-right');
    await expect(page.getByRole('textbox', { name: 'Colour', exact: true })).toHaveValue('#ffffff');
    await page.getByLabel(/^Size: 20 /).fill('40');
    await page.getByLabel('Opacity: 70%').fill('100');
    const preview = page.getByTestId('watermark-marks').locator('text');
    await expect(preview).toHaveAttribute('fill-opacity', '1');
    const box = await preview.evaluate((t: SVGTextElement) => {
      const b = t.getBBox();
      return {
        left: b.x,
        right: b.x + b.width,
        top: b.y,
        bottom: b.y + b.height,
        font: Number(t.getAttribute('font-size')),
      };
    });

    await page.getByRole('button', { name: 'Add Watermark' }).click();
    const card = page.getByTestId('result-card');
    await expect(card.getByRole('heading', { name: 'Security Processing Complete' })).toBeVisible({ timeout: 30_000 });
    await expect(toastWith(page, 'Watermark added successfully! 🏷️')).toBeVisible();
    const file = await download(page, card.getByRole('link', { name: 'Download Protected Image' }));
    expect(file.name).toBe('chelsea-watermarked.png');
    expect(sniff(file.bytes)).toBe('png');
    await expectSizeText(card.getByTestId('new-size'), file.bytes);

    // Where did the server change pixels? Compare the original and the result in the page.
    const changed = await page.evaluate(async (b64) => {
      const load = async (src: string) => {
        const img = new Image();
        img.src = src;
        await img.decode();
        const c = new OffscreenCanvas(img.naturalWidth, img.naturalHeight);
        const ctx = c.getContext('2d')!;
        ctx.drawImage(img, 0, 0);
        return ctx.getImageData(0, 0, c.width, c.height);
      };
      const before = await load(
        (document.querySelector('[data-testid=watermark-preview] img') as HTMLImageElement).src,
      );
      const after = await load(`data:image/png;base64,${b64}`);
      let left = Infinity,
        right = -1,
        top = Infinity,
        bottom = -1;
      for (let y = 0; y < before.height; y++)
        for (let x = 0; x < before.width; x++) {
          const i = (y * before.width + x) * 4;
          const d =
            Math.abs(before.data[i]! - after.data[i]!) +
            Math.abs(before.data[i + 1]! - after.data[i + 1]!) +
            Math.abs(before.data[i + 2]! - after.data[i + 2]!);
          if (d > 60) {
            left = Math.min(left, x);
            right = Math.max(right, x);
            top = Math.min(top, y);
            bottom = Math.max(bottom, y);
          }
        }
      return { left, right, top, bottom, sameSize: before.width === after.width && before.height === after.height };
    }, file.bytes.toString('base64'));
    expect(changed.sameSize).toBe(true);
    const tolerance = box.font * 0.6;
    expect(Math.abs(changed.right - box.right)).toBeLessThan(tolerance);
    expect(Math.abs(changed.left - box.left)).toBeLessThan(box.font * 1.5);
    expect(changed.top).toBeGreaterThan(box.top - tolerance);
    expect(changed.bottom).toBeLessThan(box.bottom + tolerance);
  });

  // ADR 0162 and 0163: a HEIC's preview is drawn, and a tiled logo marks the whole picture, in the preview and the file.
  test('a HEIC at 1280 × 800 and 390 × 844 previews with its watermark; a tiled PNG logo marks every quarter of the result', async ({
    page,
  }, info) => {
    test.skip(Boolean(heifEnc.missing), heifEnc.missing ?? '');
    // Grey halves, so the green logo is the only green there is.
    const heic = {
      name: 'IMG_0043.HEIC',
      mimeType: 'image/heic',
      buffer: await halvesHeic([120, 120, 120], [90, 90, 90]),
    };
    const logo = await sharp({
      create: { width: 120, height: 60, channels: 4, background: { r: 20, g: 200, b: 40, alpha: 1 } },
    })
      .png()
      .toBuffer();
    const grey = {
      grey: (r: number, g: number, b: number) => Math.abs(r - g) < 12 && Math.abs(g - b) < 12 && r > 60 && r < 150,
    };
    for (const [width, height] of [
      [390, 844],
      [1280, 800],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.goto('/tools/security');
      await page.getByTestId('file-input').setInputFiles(heic);
      const picture = () => pixelCounts(page, '[data-testid=watermark-preview] img', grey).catch(() => ({ grey: 0 }));
      await expect.poll(async () => (await picture()).grey, { timeout: 15_000 }).toBeGreaterThan(250_000);
      await page.getByLabel('Watermark text').fill('© Ada');
      await expect(page.getByTestId('watermark-marks').locator('text')).toHaveText('© Ada');
      await page.getByRole('radio', { name: 'Logo' }).check();
      await page
        .getByLabel(/^Logo \(PNG or WebP/)
        .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
      await expect(page.getByTestId('wm-logo-name')).toHaveText('logo.png · 120 × 60 px');
      await page.getByLabel('Repeat over the whole picture (tiled)').check();
      await expect(page.getByLabel('Position')).toBeDisabled();
      expect(await page.getByTestId('watermark-marks').locator('image').count()).toBeGreaterThan(8);
      await page.getByTestId('watermark-preview').scrollIntoViewIfNeeded();
      await page.screenshot({ path: info.outputPath(`heic-watermark-${width}x${height}.png`) });
    }

    await page.getByLabel('Opacity: 70%').fill('100');
    await page.getByRole('button', { name: 'Add Watermark' }).click();
    const card = page.getByTestId('result-card');
    await expect(card.getByRole('heading', { name: 'Security Processing Complete' })).toBeVisible({ timeout: 30_000 });
    const file = await download(page, card.getByRole('link', { name: 'Download Protected Image' }));
    expect(sniff(file.bytes)).toBe('jpeg');
    // The logo's green in every quarter of the 640 × 480 result: tiled, not one corner.
    const { data, info: size } = await sharp(file.bytes).raw().toBuffer({ resolveWithObject: true });
    const quarters = [0, 0, 0, 0];
    for (let y = 0; y < size.height; y++)
      for (let x = 0; x < size.width; x++) {
        const i = (y * size.width + x) * size.channels;
        if (data[i + 1]! > 160 && data[i]! < 80 && data[i + 2]! < 100)
          quarters[(y < size.height / 2 ? 0 : 2) + (x < size.width / 2 ? 0 : 1)]!++;
      }
    expect([size.width, size.height]).toEqual([640, 480]);
    for (const n of quarters) expect(n).toBeGreaterThan(1000);
    await page.screenshot({ path: info.outputPath('heic-watermark-result.png'), fullPage: true });
  });

  // EXIF removal is unticked so the log must name GPS itself (with it ticked the whole EXIF block goes, GPS included).
  test('privacy on a GPS photo: analysis, the log lists GPS removed, and the download has no GPS', async ({ page }) => {
    const photo = corpusFile('exif/jpg/gps/DSCN0010.jpg');
    expect(await exifr.gps(photo)).toBeTruthy();
    await page.goto('/tools/security?tab=privacy');
    await page.getByTestId('file-input').setInputFiles(photo);
    const analysis = page.getByTestId('analysis');
    await expect(analysis.getByRole('heading', { name: 'Privacy Risks Detected' })).toBeVisible({ timeout: 30_000 });
    await expect(analysis).toContainText(/GPS/i);
    await expect(analysis).toContainText('EXIF: present');
    await expect(page.getByLabel('Remove EXIF data (camera, software, settings)')).toBeChecked();
    await expect(page.getByLabel('Remove GPS location')).toBeChecked();
    await expect(page.getByLabel('Remove timestamps')).not.toBeChecked();

    await page.getByLabel('Remove EXIF data (camera, software, settings)').uncheck();
    await page.getByRole('button', { name: 'Protect Privacy Data' }).click();
    const card = page.getByTestId('result-card');
    await expect(card.getByRole('heading', { name: 'Privacy Protection Log' })).toBeVisible({ timeout: 30_000 });
    await expect(card.getByTestId('log-removed')).toContainText(/GPS/i);
    await expect(toastWith(page, 'Privacy protected successfully! 🔒')).toBeVisible();
    const file = await download(page, card.getByRole('link', { name: 'Download Protected Image' }));
    expect(file.name).toBe('DSCN0010-private.jpg');
    await expectSizeText(card.getByTestId('new-size'), file.bytes);
    expect(await exifr.gps(file.bytes).catch(() => undefined)).toBeUndefined();
    // The camera data the person chose to keep is still there.
    const kept = (await exifr.parse(file.bytes).catch(() => undefined)) as { Make?: string } | undefined;
    expect(kept?.Make).toBeTruthy();
  });

  // A phone photo is stored on its side with an orientation tag; every other screen gives its upright size.
  test('the privacy analysis gives a sideways-stored phone photo its upright size, as the other tools do', async ({
    page,
  }) => {
    const sideways = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#6a8caf' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    await page.goto('/tools/security?tab=privacy');
    await page.getByTestId('file-input').setInputFiles({ name: 'phone.jpg', mimeType: 'image/jpeg', buffer: sideways });
    const analysis = page.getByTestId('analysis');
    await expect(analysis).toContainText('EXIF: present', { timeout: 30_000 });
    await expect(analysis).toContainText('200 × 300');
  });

  test('privacy with the default choices on every GPS photo of the corpus: no GPS and no camera data left, the capture date kept', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const folder = corpusFile('exif/jpg/gps');
    const photos = (await readdir(folder)).filter((n) => n.endsWith('.jpg')).map((n) => join(folder, n));
    expect(photos.length).toBeGreaterThanOrEqual(9);
    await page.goto('/tools/security?tab=privacy');
    for (const photo of photos) {
      expect(await exifr.gps(photo)).toBeTruthy();
      await page.getByTestId('file-input').setInputFiles(photo);
      await expect(page.getByTestId('analysis')).toContainText(/GPS/i, { timeout: 30_000 });
      await page.getByRole('button', { name: 'Protect Privacy Data' }).click();
      const card = page.getByTestId('result-card');
      await expect(card.getByTestId('log-removed')).toContainText('location', { timeout: 30_000 });
      const file = await download(page, card.getByRole('link', { name: 'Download Protected Image' }));
      await expectSizeText(card.getByTestId('new-size'), file.bytes);
      expect(await exifr.gps(file.bytes).catch(() => undefined)).toBeUndefined();
      // "Remove timestamps" is unticked by default: the capture date stays, everything else of the EXIF goes.
      const before = (await exifr.parse(photo).catch(() => undefined)) as { DateTimeOriginal?: Date } | undefined;
      const after = (await exifr.parse(file.bytes).catch(() => undefined)) as
        | { Make?: string; Model?: string; DateTimeOriginal?: Date }
        | undefined;
      expect(after?.Make ?? after?.Model).toBeUndefined();
      if (before?.DateTimeOriginal)
        expect(after?.DateTimeOriginal?.toISOString()).toBe(before.DateTimeOriginal.toISOString());
    }
  });

  test('selective blur: a rectangle drawn on the preview is sent and a result comes back', async ({ page }) => {
    await page.goto('/tools/security?tab=blur');
    await page.getByTestId('file-input').setInputFiles(corpusFile('photos/rocket.jpg'));
    await page.getByLabel('Method').selectOption('selective');
    const apply = page.getByRole('button', { name: 'Apply Blur Protection' });
    await expect(apply).toBeDisabled();
    await page.getByTestId('region-drawer').scrollIntoViewIfNeeded();
    const area = (await page.getByTestId('region-drawer').boundingBox())!;
    await page.mouse.move(area.x + 20, area.y + 20);
    await page.mouse.down();
    await page.mouse.move(area.x + 120, area.y + 90, { steps: 4 });
    await page.mouse.up();
    await expect(page.getByRole('list', { name: 'Blur areas' }).getByRole('listitem')).toHaveCount(1);
    await apply.click();
    // The server's note counts the rectangles it blurred: the drawn one arrived.
    await expect(page.getByTestId('result-card')).toContainText('1 area blurred.', { timeout: 30_000 });
    await expect(toastWith(page, 'Blur applied successfully! 👁️')).toBeVisible();
  });

  test('people blur on a photo with nobody in it says so where the result would be, stores nothing and costs nothing', async ({
    page,
  }) => {
    const used = async () => (await (await page.request.get('/api/usage-limit')).json()).used as number;
    await page.goto('/tools/security?tab=blur');
    // The cat photo: the offline people detector finds nobody in it (local-ai/models.test.ts).
    await page.getByTestId('file-input').setInputFiles(corpusFile('photos/chelsea.png'));
    await page.getByLabel('Method').selectOption('people');
    await expect(page.getByTestId('ai-banner')).toContainText(/\d+ \/ 10 remaining today/);
    const before = await used();
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/security'));
    await page.getByRole('button', { name: 'Apply Blur Protection' }).click();
    const stream = await (await answer).text();
    expect(stream).toContain('"code":"no_people_found"');
    await expect(page.getByTestId('nothing-found')).toHaveText(
      'No people found; this did not count against your allowance.',
      { timeout: 60_000 },
    );
    await expect(page.getByTestId('result-card')).toHaveCount(0);
    expect(await used()).toBe(before);
    await expect(page.getByTestId('ai-banner')).toContainText(`${10 - before} / 10 remaining today`);
  });

  test('a Blur Background the server refuses says why in a toast and in a notice that stays where the result would be', async ({
    page,
  }) => {
    // The answer the reviewer saw for a HEIC (before the AI got a JPEG of it): the stream's error event.
    const error = 'The image could not be read. Please upload a PNG, JPEG, GIF or WebP image.';
    await page.route('**/api/security', (r) =>
      r.fulfill({
        status: 200,
        contentType: 'text/event-stream',
        body: `event: phase\ndata: {"phase":"processing"}\n\nevent: error\ndata: ${JSON.stringify({ status: 422, error, code: 'unprocessable_image' })}\n\n`,
      }),
    );
    await page.goto('/tools/security?tab=blur');
    await page.getByTestId('file-input').setInputFiles(corpusFile('photos/rocket.jpg'));
    await page.getByLabel('Method').selectOption('background');
    await page.getByRole('button', { name: 'Apply Blur Protection' }).click();
    await expect(toastWith(page, 'Blur failed')).toContainText(error);
    const note = page.getByTestId('ai-error');
    await expect(note).toHaveAttribute('role', 'alert');
    await expect(note).toHaveText(`Blur failed. ${error}`);
    await expect(page.getByTestId('result-card')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Apply Blur Protection' })).toBeEnabled();
    await note.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('blur-background-failed.png') });
    // Another file clears it.
    await page.getByTestId('file-input').setInputFiles(corpusFile('photos/chelsea.png'));
    await expect(note).toHaveCount(0);
  });

  test('a Blur Background that finds no subject says so where the result would be, never "kept sharp"', async ({
    page,
  }) => {
    // The server's answer for a landscape (workers/api/test/limits/tools-cancel.test.ts holds the server to it; the
    // offline background program is not part of the e2e stack, so the answer is played here).
    const { code, message } = NOTHING_FOUND.background;
    await page.route('**/api/security', (r) =>
      r.fulfill({
        status: 200,
        contentType: 'text/event-stream',
        body: `event: phase\ndata: {"phase":"processing"}\n\nevent: error\ndata: ${JSON.stringify({ status: 422, error: message, code })}\n\n`,
      }),
    );
    await page.goto('/tools/security?tab=blur');
    await page.getByTestId('file-input').setInputFiles(corpusFile('photos/rocket.jpg'));
    await page.getByLabel('Method').selectOption('background');
    await page.getByRole('button', { name: 'Apply Blur Protection' }).click();
    await expect(page.getByTestId('nothing-found')).toHaveText(message);
    await expect(page.getByTestId('result-card')).toHaveCount(0);
    await expect(page.getByTestId('ai-error')).toHaveCount(0);
    await expect(page.getByText('the subject was kept sharp')).toHaveCount(0);
    await page.getByTestId('nothing-found').scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('blur-background-no-subject.png') });
  });

  test('face blur with a spent allowance says AI Limit Reached and makes no call', async ({ page }) => {
    await page.route('**/api/usage-limit', (r) => r.fulfill({ json: freeUsage(0) }));
    let calls = 0;
    page.on('request', (r) => r.url().endsWith('/api/security') && calls++);
    await page.goto('/tools/security?tab=blur');
    await page.getByTestId('file-input').setInputFiles(corpusFile('photos/rocket.jpg'));
    await expect(page.getByTestId('ai-banner')).toContainText('0 / 10 remaining today');
    await page.getByRole('button', { name: 'Apply Blur Protection' }).click();
    // The toast's title says it is spent; its text says when the operations come back, in this browser's time.
    await expect(toastWith(page, 'AI Limit Reached')).toContainText(/come back at .+ your time \(midnight UTC\)/);
    await expect(page.getByTestId('limit-notice')).toContainText('Daily AI limit reached');
    expect(calls).toBe(0);
  });
});
