import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { MAX_UPLOAD_BYTES } from '../core/limits';

/**
 * One file intake for every screen (ADR 0012). Three bad files people really pick — a text file renamed .jpg, a
 * 0-byte file and an 11 MB file — are refused before any "uploaded" toast, in the words the server itself answers
 * for the same bytes (asked here, not copied from the code).
 */
const BAD = [
  { name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('These are my notes, not a photo.') },
  { name: 'empty.png', mimeType: 'image/png', buffer: Buffer.alloc(0) },
  { name: 'huge.jpg', mimeType: 'image/jpeg', buffer: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(11 * 1024 * 1024)]) },
];

const SCREENS: { name: string; url: string; input: (page: Page) => Locator; success: RegExp }[] = [
  { name: 'home', url: '/', input: (p) => p.getByLabel('Choose an image to upload'), success: /Image uploaded successfully/ },
  { name: 'editor', url: '/meme-generator', input: (p) => p.getByLabel('Image file'), success: /Image uploaded!/ },
  { name: 'optimize', url: '/tools/optimize', input: (p) => p.getByTestId('file-input'), success: /Image uploaded!/ },
  { name: 'modify', url: '/tools/modify', input: (p) => p.getByTestId('file-input'), success: /Image uploaded!/ },
  { name: 'batch', url: '/tools/modify?tab=batch', input: (p) => p.getByTestId('file-input'), success: /images loaded/ },
  { name: 'security', url: '/tools/security', input: (p) => p.getByTestId('file-input'), success: /Image uploaded!/ },
  { name: 'convert', url: '/tools/convert', input: (p) => p.getByTestId('file-input'), success: /loaded!/ },
];

/** What POST /api/upload answers for the same bytes. */
async function serverSays(page: Page, file: (typeof BAD)[number]): Promise<string> {
  const res = await page.request.post('/api/upload', { multipart: { image: file } });
  expect(res.status()).toBeGreaterThanOrEqual(400);
  return ((await res.json()) as { error: string }).error;
}

test('the three bad files are refused by the server with these sentences', async ({ page }) => {
  expect(BAD[2]!.buffer.length).toBeGreaterThan(MAX_UPLOAD_BYTES);
  const said = [];
  for (const f of BAD) said.push(await serverSays(page, f));
  expect(said).toEqual([
    'Please upload an image file (JPEG, PNG, WebP, GIF, BMP, TIFF, AVIF or HEIC).',
    'This file is empty (0 bytes). Please choose an image.',
    'Please upload an image smaller than 10MB.',
  ]);
});

for (const screen of SCREENS) {
  test(`${screen.name}: every bad file is refused before any success toast, in the server's words`, async ({ page }) => {
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
