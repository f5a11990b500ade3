import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { ALL_FORMATS, BufferSource, Input } from 'mediabunny';
import { expect, test } from './fixtures';
import { serverRequests } from './editor-fixtures';
import { untilHomeHydrated } from './home-fixtures';
import { movingSquareGif } from './moving-square-gif';

/**
 * Animated memes in the editor (docs/decisions/0138-animated-meme-export.md): an animated GIF plays on the canvas
 * under the caption, and the GIF export keeps every frame, its delay and the loop, with the caption on each frame.
 */
const FRAMES = 12;
const WIDTH = 240;
const HEIGHT = 160;
const SHOTS = 'e2e/screenshots/editor';

/**
 * A 12-frame, 80 ms, looping GIF: a blue-to-green background per frame and a yellow square moving right (a longer one
 * repeats the 12 looks). No frame has anything near white, so white ink in the export is the caption's.
 */
const animatedGif = (count = FRAMES, width = WIDTH, height = HEIGHT) =>
  movingSquareGif(count, width, height, (i) => {
    const x = 10 + (i % FRAMES) * 16;
    return {
      background: [30, 60 + (i % FRAMES) * 12, 200 - (i % FRAMES) * 12],
      square: { left: x, top: 60, right: x + 40, bottom: 100 },
    };
  });

async function rawFrame(gif: Buffer, page: number) {
  const { data, info } = await sharp(gif, { page }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Near-white pixels in the top quarter of a frame (the top caption's band). */
function whiteInTopBand(frame: { data: Buffer; width: number; height: number }): number {
  let n = 0;
  for (let y = 0; y < Math.round(frame.height / 4); y++) {
    for (let x = 0; x < frame.width; x++) {
      const o = (y * frame.width + x) * 3;
      if (frame.data[o]! > 220 && frame.data[o + 1]! > 220 && frame.data[o + 2]! > 220) n++;
    }
  }
  return n;
}

async function uploadGif(page: Page, gif: Buffer) {
  await page.goto('/meme-generator');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload' }).click();
  await (await chooser).setFiles({ name: 'Dancing.gif', mimeType: 'image/gif', buffer: gif });
  await expect(page.getByText('Image uploaded!')).toBeVisible({ timeout: 30_000 });
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
});

test('an animated GIF plays under its caption and exports as a 12-frame 80 ms GIF with the caption on every frame', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const source = await animatedGif();
  expect((await sharp(source).metadata()).pages).toBe(FRAMES);
  await uploadGif(page, source);

  // It plays, and the control says what pressing it does.
  const pause = page.getByRole('button', { name: 'Pause animation' });
  await expect(pause).toBeVisible();
  await expect(page.getByText(`Animated picture, ${FRAMES} frames`)).toBeVisible();
  await pause.click();
  await expect(page.getByRole('button', { name: 'Play animation' })).toBeVisible();
  await page.getByRole('button', { name: 'Play animation' }).click();
  await expect(pause).toBeVisible();

  await page.getByRole('button', { name: 'Add top and bottom text' }).click();
  await page.getByRole('textbox', { name: 'Caption 1' }).fill('EVERY FRAME');
  // Undo and Redo reload the document: the picture layer is new, and it is animated again.
  await page.getByRole('button', { name: 'Undo' }).click();
  await page.getByRole('button', { name: 'Redo' }).click();
  await expect(page.getByRole('textbox', { name: 'Caption 1' })).toHaveValue('EVERY FRAME');
  await expect(pause).toBeVisible();
  const canvas = page.locator('canvas[aria-label="Meme canvas"]');
  const before = await canvas.screenshot();
  await page.waitForTimeout(250);
  expect((await canvas.screenshot()).equals(before)).toBe(false);

  const requests = serverRequests(page);
  await page.getByRole('button', { name: 'Download Meme' }).click();
  const dialog = page.getByRole('dialog', { name: 'Choose Export Format' });
  await expect(dialog).toContainText(`${FRAMES} frames, 0.96 s`);
  await expect(dialog.getByRole('radio', { name: /^GIF/ })).toBeChecked();
  await expect(dialog.getByRole('radio', { name: /^WebP/ })).toBeVisible();
  // Every format's size is shown before choosing.
  for (const f of ['gif', 'webp'])
    await expect(dialog.getByTestId(`size-${f}`)).toContainText(/\d.*(bytes|KB|MB)/, { timeout: 30_000 });
  await dialog.screenshot({ path: `${SHOTS}/motion-dialog.png` });

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Download GIF' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('dancing-meme.gif');
  const gif = await readFile(await download.path());
  expect(requests).toEqual([]);

  const meta = await sharp(gif).metadata();
  expect(meta.format).toBe('gif');
  expect(meta.pages).toBe(FRAMES);
  expect(meta.delay).toEqual(Array(FRAMES).fill(80));
  expect(meta.loop).toBe(0);
  expect({ width: meta.width, height: meta.height }).toEqual({ width: WIDTH, height: HEIGHT });

  for (let i = 0; i < FRAMES; i++) {
    const out = await rawFrame(gif, i);
    const src = await rawFrame(source, i);
    expect(whiteInTopBand(src), `source frame ${i}`).toBe(0);
    expect(whiteInTopBand(out), `caption ink on frame ${i}`).toBeGreaterThan(150);
    // Away from the caption the frame is the source's own frame (its moving square included).
    const at = (f: typeof out, x: number, y: number) => [
      ...f.data.subarray((y * f.width + x) * 3, (y * f.width + x) * 3 + 3),
    ];
    const squareX = 10 + i * 16 + 20;
    const inside = at(out, squareX, 80);
    expect(
      Math.abs(inside[0]! - 230) + Math.abs(inside[1]! - 200) + Math.abs(inside[2]! - 20),
      `square on frame ${i}`,
    ).toBeLessThan(40);
  }
});

test('the same meme exports as an animated WebP and, where the browser encodes video, an H.264 MP4', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await uploadGif(page, await animatedGif());
  await page.getByRole('button', { name: 'Add top and bottom text' }).click();
  await page.getByRole('textbox', { name: 'Caption 1' }).fill('EVERY FRAME');
  const dialog = page.getByRole('dialog', { name: 'Choose Export Format' });
  const save = async (format: 'WebP' | 'MP4') => {
    await page.getByRole('button', { name: 'Download Meme' }).click();
    await dialog.getByRole('radio', { name: new RegExp(`^${format}`) }).check();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: `Download ${format}` }).click(),
    ]);
    await expect(dialog).toBeHidden();
    return { name: download.suggestedFilename(), bytes: await readFile(await download.path()) };
  };
  const webp = await save('WebP');
  expect(webp.name).toBe('dancing-meme.webp');
  const meta = await sharp(webp.bytes).metadata();
  expect({ format: meta.format, pages: meta.pages, loop: meta.loop }).toEqual({
    format: 'webp',
    pages: FRAMES,
    loop: 0,
  });
  expect(meta.delay).toEqual(Array(FRAMES).fill(80));
  const last = await sharp(webp.bytes, { page: FRAMES - 1 })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  expect(whiteInTopBand({ data: last.data, width: last.info.width, height: last.info.height })).toBeGreaterThan(150);

  // Debian's Chromium has an H.264 encoder; where a browser has none the dialog says so instead (ADR 0138).
  const mp4 = await save('MP4');
  expect(mp4.name).toBe('dancing-meme.mp4');
  expect(mp4.bytes.subarray(4, 8).toString('latin1')).toBe('ftyp');
  const text = mp4.bytes.toString('latin1');
  expect(text).toContain('avc1');
  // The index (moov) comes before the frames (mdat), so a player starts before the whole file arrives.
  expect(text.indexOf('moov')).toBeLessThan(text.indexOf('mdat'));
  // Read back as a player would: one H.264 track, every frame, each shown its 80 ms.
  const input = new Input({ source: new BufferSource(mp4.bytes), formats: ALL_FORMATS });
  const track = await input.getPrimaryVideoTrack();
  expect(track && (await track.getCodecParameterString())).toMatch(/^avc1\./);
  const stats = await track!.computePacketStats();
  expect(stats.packetCount).toBe(FRAMES);
  expect(await input.computeDuration()).toBeCloseTo((FRAMES * 80) / 1000, 2);
});

test('without WebCodecs ImageDecoder, core/animation decodes the GIF in script; reduced motion starts it paused; it exports', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.addInitScript(() => {
    delete (window as { ImageDecoder?: unknown }).ImageDecoder;
  });
  // With reduced motion asked for, the animation starts paused.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await uploadGif(page, await animatedGif());
  expect(await page.evaluate(() => 'ImageDecoder' in window)).toBe(false);
  await expect(page.getByText(`Animated picture, ${FRAMES} frames`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Play animation' })).toBeVisible();
  await page.getByRole('button', { name: 'Add top and bottom text' }).click();
  await page.getByRole('textbox', { name: 'Caption 1' }).fill('EVERY FRAME');
  await page.getByRole('button', { name: 'Download Meme' }).click();
  const dialog = page.getByRole('dialog', { name: 'Choose Export Format' });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Download GIF' }).click(),
  ]);
  const gif = await readFile(await download.path());
  const meta = await sharp(gif).metadata();
  expect({ pages: meta.pages, delay: meta.delay }).toEqual({ pages: FRAMES, delay: Array(FRAMES).fill(80) });
  expect(whiteInTopBand(await rawFrame(gif, FRAMES - 1))).toBeGreaterThan(150);
});

test('the animated export dialog fits a phone and Cancel stops a running export', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  // 96 frames of 480 × 320: long enough to make that Cancel lands midway.
  await uploadGif(page, await animatedGif(96, 480, 320));
  await expect(page.getByRole('button', { name: 'Pause animation' })).toBeVisible();
  await page.getByRole('button', { name: 'Download Meme' }).click();
  const dialog = page.getByRole('dialog', { name: 'Choose Export Format' });
  await expect(dialog.getByTestId('size-gif')).toContainText(/\d/, { timeout: 30_000 });
  const box = (await dialog.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(await dialog.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await dialog.screenshot({ path: `${SHOTS}/motion-dialog-phone.png` });

  let downloaded = false;
  page.on('download', () => (downloaded = true));
  await dialog.getByRole('button', { name: 'Download GIF' }).click();
  await expect(dialog.getByText(/Creating your GIF: frame \d+ of 96/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog.getByRole('button', { name: 'Download GIF' })).toBeEnabled();
  await expect(dialog).toBeVisible();
  await page.waitForTimeout(500);
  expect(downloaded).toBe(false);
});

test('animated templates are found by search, wear a GIF badge in the picker and play on the canvas', async ({
  page,
}) => {
  await page.goto('/meme-generator');
  await page.getByRole('tab', { name: 'Templates' }).click();
  await page.getByRole('searchbox', { name: 'Search templates' }).fill('loading');
  const list = page.getByRole('list', { name: 'Templates' });
  const pick = list.getByRole('button', { name: 'Loading Forever (animated GIF)' });
  await expect(pick).toBeVisible();
  await expect(pick.getByText('GIF', { exact: true })).toBeVisible();
  // A still template has no badge.
  await page.getByRole('searchbox', { name: 'Search templates' }).fill('versus');
  await expect(list.getByRole('button', { name: /^Versus/ })).toBeVisible();
  await expect(list.getByText('GIF', { exact: true })).toHaveCount(0);

  await page.getByRole('searchbox', { name: 'Search templates' }).fill('dance');
  await list.getByRole('button', { name: 'Disco Dance (animated GIF)' }).click();
  await expect(page.getByText('Template loaded!')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pause animation' })).toBeVisible();
  await expect(page.getByText('Animated picture, 12 frames')).toBeVisible();
  // The frames change under the captions: two looks of the canvas 250 ms apart differ.
  const canvas = page.locator('canvas[aria-label="Meme canvas"]');
  const first = await canvas.screenshot();
  await page.waitForTimeout(250);
  expect((await canvas.screenshot()).equals(first)).toBe(false);
});

test('a GIF pasted on the home page opens in the editor moving', async ({ page }) => {
  await page.goto('/');
  await untilHomeHydrated(page);
  await page.evaluate(
    (bytes) => {
      const dt = new DataTransfer();
      dt.items.add(new File([new Uint8Array(bytes)], 'pasted.gif', { type: 'image/gif' }));
      document
        .querySelector('footer')!
        .dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true }));
    },
    [...(await animatedGif())],
  );
  await page.waitForURL(/\/meme-generator\?image=/, { timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Pause animation' })).toBeVisible();
  await expect(page.getByText(`Animated picture, ${FRAMES} frames`)).toBeVisible();
});
