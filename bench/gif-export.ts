/**
 * Animated export benchmark (docs/decisions/0138-animated-meme-export.md): a 5 s, 480 px animated GIF meme (50
 * frames of 100 ms, moving shapes under camera-like grain, a caption) exported by the editor in Debian's Chromium as
 * GIF, WebP and MP4 at share size, timed from Download to the file; then the same frames (the GIF's, coalesced)
 * optimised by `gifsicle -O3`, the peer, timed in the same run. Ratios are against the peer, since timings on a
 * shared machine move with its load. Needs a running server (`npm start`, or BENCH_URL).
 * Run: `npx tsx bench/gif-export.ts`.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import sharp from 'sharp';
import { createGifWriter } from '../core/animation';

const BASE = process.env.BENCH_URL ?? 'http://127.0.0.1:8788';
const FRAMES = 50;
const DELAY_MS = 100;
const W = 480;
const H = 270;
const dir = mkdtempSync(join(tmpdir(), 'memeforge-gif-bench-'));

/** The source: a sky-to-sand gradient, a ball crossing it and a bar rising, under fresh grain every frame. */
async function sourceGif(): Promise<Buffer> {
  const writer = createGifWriter({ width: W, height: H, loops: 0 });
  for (let i = 0; i < FRAMES; i++) {
    const x = 40 + (i * (W - 80)) / FRAMES;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
      <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#4a7fc1"/><stop offset="1" stop-color="#d9b77e"/></linearGradient></defs>
      <rect width="${W}" height="${H}" fill="url(#g)"/><circle cx="${x}" cy="150" r="40" fill="#e8590c"/>
      <rect x="380" y="${220 - i * 2}" width="50" height="${i * 2 + 10}" fill="#2b8a3e"/></svg>`;
    const grain = await sharp({
      create: {
        width: W,
        height: H,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 12 },
      },
    })
      .raw()
      .toBuffer();
    const rgba = await sharp(Buffer.from(svg))
      .composite([{ input: grain, raw: { width: W, height: H, channels: 3 }, blend: 'overlay' }])
      .ensureAlpha()
      .raw()
      .toBuffer();
    writer.add({ rgba: new Uint8Array(rgba.buffer, rgba.byteOffset, rgba.length), delayMs: DELAY_MS });
  }
  return Buffer.from(writer.finish());
}

async function exportAs(page: Page, format: 'GIF' | 'WebP' | 'MP4') {
  await page.getByRole('button', { name: 'Download Meme' }).click();
  const dialog = page.getByRole('dialog', { name: 'Choose Export Format' });
  const radio = dialog.getByRole('radio', { name: new RegExp(`^${format}`) });
  if ((await radio.count()) === 0) {
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    return null;
  }
  await radio.check();
  // The page's longest main-thread task while the file is made: how responsive the page stays (Cancel, scrolling).
  await page.evaluate(() => {
    const w = window as unknown as { __longest: number; __observer?: PerformanceObserver };
    w.__longest = 0;
    w.__observer?.disconnect();
    w.__observer = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__longest = Math.max(w.__longest, e.duration);
    });
    w.__observer.observe({ type: 'longtask' });
  });
  const size = dialog.getByTestId(`size-${format.toLowerCase()}`);
  await size.filter({ hasText: /\d/ }).waitFor({ timeout: 120_000 });
  const estimate = (await size.textContent())?.trim() ?? '';
  const started = Date.now();
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 300_000 }),
    dialog.getByRole('button', { name: `Download ${format}` }).click(),
  ]);
  const file = join(dir, `export.${format.toLowerCase()}`);
  await download.saveAs(file);
  const ms = Date.now() - started;
  await dialog.waitFor({ state: 'hidden' });
  const longestTaskMs = Math.round(await page.evaluate(() => (window as unknown as { __longest: number }).__longest));
  return { format, ms, bytes: statSync(file).size, estimate, file, longestTaskMs };
}

async function main() {
  const source = await sourceGif();
  console.log(
    `source: ${FRAMES} frames of ${DELAY_MS} ms, ${W} × ${H}, ${source.length} bytes; load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.setDefaultTimeout(120_000);
  await page.goto(`${BASE}/meme-generator`);
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload' }).click();
  await (await chooser).setFiles({ name: 'bench.gif', mimeType: 'image/gif', buffer: source });
  await page.getByRole('button', { name: 'Pause animation' }).waitFor();
  await page.getByRole('button', { name: 'Add top and bottom text' }).click();
  await page.getByRole('textbox', { name: 'Caption 1' }).fill('when the gif');
  await page.getByRole('textbox', { name: 'Caption 2' }).fill('keeps moving');

  const results = [];
  for (const format of ['GIF', 'WebP', 'MP4'] as const) {
    const r = await exportAs(page, format);
    if (!r) console.log(`${format}: not offered by this browser`);
    else results.push(r);
  }
  await browser.close();

  const gif = results.find((r) => r.format === 'GIF')!;
  const meta = await sharp(gif.file).metadata();
  console.log(
    `editor GIF: ${meta.pages} frames, ${meta.width} × ${meta.height}, delays ${[...new Set(meta.delay)].join('/')} ms`,
  );
  for (const r of results) {
    console.log(
      `${r.format.padEnd(4)} ${String(r.ms).padStart(6)} ms  ${String(r.bytes).padStart(9)} bytes  (dialog said ${r.estimate}; longest main-thread task ${r.longestTaskMs} ms)`,
    );
  }

  if (spawnSync('gifsicle', ['--version']).status !== 0) {
    console.log('gifsicle is not installed: the peer comparison is skipped (apt-get install gifsicle).');
    return;
  }
  // The peer gets the editor's frames as full frames (ImageMagick coalesces them) and optimises them its way.
  const frames = join(dir, 'frames.gif');
  execFileSync('convert', [gif.file, '-coalesce', frames]);
  const peerFile = join(dir, 'gifsicle.gif');
  const started = Date.now();
  execFileSync('gifsicle', ['-O3', frames, '-o', peerFile]);
  const peerMs = Date.now() - started;
  const peerBytes = readFileSync(peerFile).length;
  console.log(`gifsicle -O3 of the same frames: ${peerMs} ms, ${peerBytes} bytes`);
  for (const r of results)
    console.log(
      `${r.format}: ${(r.ms / peerMs).toFixed(2)}× gifsicle's time, ${(r.bytes / peerBytes).toFixed(2)}× its bytes`,
    );
  writeFileSync(
    join(dir, 'summary.json'),
    JSON.stringify({ results, peer: { ms: peerMs, bytes: peerBytes } }, null, 2),
  );
  console.log(`files in ${dir}`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
