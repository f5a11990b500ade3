import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { encodeGif } from '../core/animation';
import { MAX_UPLOAD_BYTES } from '../core/limits';
import { craftedGif } from '../scripts/lib/crafted-animations';

/**
 * One file intake for every screen (ADR 0012). Three bad files people really pick — a text file renamed .jpg, a
 * 0-byte file and an 11 MB file — and a crafted one (a 100 × 100 GIF whose frames are 4,000², ADR 0151) are refused
 * before any "uploaded" toast, in the words the server itself answers for the same bytes (asked here, not copied
 * from the code).
 */
const BAD = [
  { name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('These are my notes, not a photo.') },
  { name: 'empty.png', mimeType: 'image/png', buffer: Buffer.alloc(0) },
  {
    name: 'huge.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(11 * 1024 * 1024)]),
  },
  {
    name: 'stretched.gif',
    mimeType: 'image/gif',
    buffer: Buffer.from(
      craftedGif({ screen: { width: 100, height: 100 }, frame: { width: 4000, height: 4000 }, frames: 2 }),
    ),
  },
];

const SCREENS: { name: string; url: string; input: (page: Page) => Locator; success: RegExp }[] = [
  {
    name: 'home',
    url: '/',
    input: (p) => p.getByLabel('Choose an image to upload'),
    success: /Image uploaded successfully/,
  },
  { name: 'editor', url: '/meme-generator', input: (p) => p.getByLabel('Image file'), success: /Image uploaded!/ },
  { name: 'optimize', url: '/tools/optimize', input: (p) => p.getByTestId('file-input'), success: /Image uploaded!/ },
  { name: 'modify', url: '/tools/modify', input: (p) => p.getByTestId('file-input'), success: /Image uploaded!/ },
  {
    name: 'batch',
    url: '/tools/modify?tab=batch',
    input: (p) => p.getByTestId('file-input'),
    success: /images loaded/,
  },
  { name: 'security', url: '/tools/security', input: (p) => p.getByTestId('file-input'), success: /Image uploaded!/ },
  { name: 'convert', url: '/tools/convert', input: (p) => p.getByTestId('file-input'), success: /loaded!/ },
];

/**
 * What POST /api/upload answers for the same bytes. The 11 MB file is refused (413) before its body has all been sent
 * (ADR 0121), and on a busy machine the connection can close under the sender first: the client sees ECONNRESET, or
 * the front door its 503 `api_unavailable` for the same reset (ADR 0130). That answer reached nobody, so the question
 * is asked again, at most five times (at load 34 three tries in a row were reset once); any answer the API itself
 * gave is returned as it is.
 */
async function askServer(page: Page, file: (typeof BAD)[number]): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    const last = attempt === 5;
    const res = await page.request
      .post('/api/upload', { multipart: { image: file } })
      .catch((err: Error) => (!last && /ECONNRESET|EPIPE/.test(err.message) ? null : Promise.reject(err)));
    if (!res) continue;
    const body = (await res.json()) as { error: string; code?: string };
    if (!last && res.status() === 503 && body.code === 'api_unavailable') continue;
    expect(res.status()).toBeGreaterThanOrEqual(400);
    return body.error;
  }
}

/**
 * The server's answer for each file, asked once in this file's run and then read by every test that needs it: the
 * bytes and the server do not change between the tests, and asking again sent the 11 MB body eight times, which a
 * 413 refuses anyway (ADR 0197). A failed question is not kept, so the next test asks again and fails on its own.
 */
const answers = new Map<string, Promise<string>>();
function serverSays(page: Page, file: (typeof BAD)[number]): Promise<string> {
  let said = answers.get(file.name);
  if (!said) {
    said = askServer(page, file);
    answers.set(file.name, said);
    said.catch(() => answers.delete(file.name));
  }
  return said;
}

test('the bad files are refused by the server with these sentences', async ({ page }) => {
  expect(BAD[2]!.buffer.length).toBeGreaterThan(MAX_UPLOAD_BYTES);
  const said = [];
  for (const f of BAD) said.push(await serverSays(page, f));
  expect(said).toEqual([
    'Please upload an image file (JPEG, PNG, WebP, GIF, BMP, TIFF, AVIF or HEIC).',
    'This file is empty (0 bytes). Please choose an image.',
    'Please upload an image smaller than 10MB.',
    "Frame 1 of this GIF is 4,000 × 4,000 pixels at (0, 0), outside the picture's own 100 × 100: we take animations whose every frame lies inside the picture. Please save it again with an image editor, or try a different image.",
  ]);
});

for (const screen of SCREENS) {
  test(`${screen.name}: every bad file is refused before any success toast, in the server's words`, async ({
    page,
  }) => {
    const uploads: string[] = [];
    page.on('request', (r) => {
      if (/\/api\/(upload|optimize|modify|security|convert|analyze-metadata)/.test(r.url())) uploads.push(r.url());
    });
    await page.goto(screen.url);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    for (const file of BAD) {
      const expected = await serverSays(page, file);
      await screen.input(page).setInputFiles(file);
      const toast = page.locator('[data-sonner-toast]').filter({ hasText: expected });
      await expect(toast).toBeVisible();
      await expect(toast).toContainText(file.name);
    }
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: screen.success })).toHaveCount(0);
    await expect(page.getByTestId('file-card')).toHaveCount(0);
    expect(uploads).toEqual([]);
  });
}

// An upload is held to the tools' 300 frames (ADR 0152): the home and the editor refuse a 301-frame GIF in the
// server's words before sending it; a tool screen takes it, since a tool can work on its first frame.
test('home and editor refuse a 301-frame GIF before sending it; a tool screen takes it', async ({ page }) => {
  const frames = Array.from({ length: 301 }, (_, i) => ({
    rgba: new Uint8Array(16 * 4).fill(i % 2 ? 255 : 40),
    delayMs: 40,
  }));
  const file = {
    name: 'long.gif',
    mimeType: 'image/gif',
    buffer: Buffer.from(encodeGif(frames, { width: 4, height: 4, loops: 0 })),
  };
  const expected = await serverSays(page, file);
  expect(expected).toBe(
    'This animation has 301 frames; the tools take animations of at most 300 frames. Please shorten it, or save its first frame as a still picture.',
  );
  const uploads: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/upload')) uploads.push(r.url());
  });
  for (const screen of SCREENS.filter((s) => s.name === 'home' || s.name === 'editor' || s.name === 'optimize')) {
    await page.goto(screen.url);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await screen.input(page).setInputFiles(file);
    const said = page
      .locator('[data-sonner-toast]')
      .filter({ hasText: screen.name === 'optimize' ? screen.success : expected });
    await expect(said).toBeVisible();
  }
  expect(uploads).toEqual([]);
});
