import { expect, test, type Page } from './fixtures';
import type { Template, TemplateFeature } from '../core/api/templates';
import { templateHref } from '../app/features/home/carousel-model';
import { FREE_DAILY_AI_LIMIT, MAX_UPLOAD_BYTES, UPLOAD_REDIRECT_DELAY_MS } from '../core/limits';
import { apiHasRoute, corpusFile, fakeCatalog, fakeTemplate, serveTemplates, untilHomeHydrated } from './home-fixtures';

const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg==',
  'base64',
);
const UPLOADED = {
  imageUrl: '/api/images/abc 123',
  width: 1,
  height: 1,
  format: 'png',
  size: 70,
  expiresAt: '2030-01-01T00:00:00.000Z',
};

const fileInput = (page: Page) => page.getByLabel('Choose an image to upload');
const dropZone = (page: Page) => page.getByTestId('hero-drop-zone');
const toast = (page: Page) => page.locator('[data-sonner-toast][data-front="true"]');

async function countUploads(page: Page) {
  const calls: string[] = [];
  page.on('request', (req) => {
    if (req.url().endsWith('/api/upload')) calls.push(req.method());
  });
  return calls;
}

test.describe('hero upload', () => {
  test.beforeEach(async ({ page }) => serveTemplates(page, []));

  test('uploads a picked image, shows the busy state, then opens the editor with the encoded URL', async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let answeredAt = 0;
    await page.route('**/api/upload', async (route) => {
      expect(route.request().postDataBuffer()?.includes(Buffer.from('name="image"'))).toBe(true);
      await held;
      await route.fulfill({ json: UPLOADED });
      answeredAt = Date.now();
    });
    await page.goto('/');
    await fileInput(page).setInputFiles({ name: 'cat.png', mimeType: 'image/png', buffer: PNG_1PX });

    await expect(dropZone(page)).toBeDisabled();
    await expect(dropZone(page)).toHaveClass(/opacity-60/);
    await expect(dropZone(page)).toContainText('Uploading...');
    release();

    await expect(toast(page)).toContainText('Success!');
    await expect(toast(page)).toContainText('Image uploaded successfully. Redirecting to editor...');
    await page.waitForURL((url) => url.pathname === '/meme-generator');
    // UPLOAD_REDIRECT_DELAY_MS after the answer (measured from when the route was fulfilled, so a bit less).
    expect(Date.now() - answeredAt).toBeGreaterThan(UPLOAD_REDIRECT_DELAY_MS - 150);
    // The file's name goes along, so the editor names the download after it (ADR 0120).
    expect(new URL(page.url()).search).toBe(`?image=${encodeURIComponent(UPLOADED.imageUrl)}&name=cat.png`);
  });

  test('refuses a non-image with its toast (docs/product.md §9) and sends nothing', async ({ page }) => {
    const calls = await countUploads(page);
    await page.goto('/');
    await fileInput(page).setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(toast(page)).toContainText('Invalid file type');
    await expect(toast(page)).toContainText(
      'Please upload an image file (JPEG, PNG, WebP, GIF, BMP, TIFF, AVIF or HEIC).',
    );
    expect(calls).toEqual([]);
  });

  test('refuses an 11 MB image with its toast (docs/product.md §9) and sends nothing', async ({ page }) => {
    const calls = await countUploads(page);
    await page.goto('/');
    const big = Buffer.alloc(11 * 1024 * 1024);
    expect(big.length).toBeGreaterThan(MAX_UPLOAD_BYTES);
    await fileInput(page).setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: big });
    await expect(toast(page)).toContainText('File too large');
    await expect(toast(page)).toContainText('Please upload an image smaller than 10MB.');
    expect(calls).toEqual([]);
    await expect(dropZone(page)).toBeEnabled();
  });

  test('a failed upload shows the server message, or the fallback, and the zone works again', async ({ page }) => {
    let answer = 0;
    await page.route('**/api/upload', (route) =>
      ++answer === 1
        ? route.fulfill({
            status: 415,
            json: { error: 'This file is not an image we can read.', code: 'unsupported_media_type' },
          })
        : route.fulfill({ status: 502, body: 'Bad gateway' }),
    );
    await page.goto('/');
    await fileInput(page).setInputFiles({ name: 'a.png', mimeType: 'image/png', buffer: PNG_1PX });
    await expect(toast(page)).toContainText('Upload failed');
    await expect(toast(page)).toContainText('This file is not an image we can read.');
    await expect(dropZone(page)).toBeEnabled();

    await fileInput(page).setInputFiles({ name: 'b.png', mimeType: 'image/png', buffer: PNG_1PX });
    await expect(toast(page)).toContainText('Please try again with a different image.');
    await expect(page).toHaveURL(/\/$/);
  });

  test('drag highlight comes on with enter/over and goes with leave; a drop uploads only the first file', async ({
    page,
  }) => {
    const names: string[] = [];
    await page.route('**/api/upload', async (route) => {
      names.push(
        ...(route
          .request()
          .postDataBuffer()
          ?.toString('latin1')
          .match(/filename="[^"]+"/g) ?? []),
      );
      await route.fulfill({ json: UPLOADED });
    });
    await page.goto('/');
    const zone = dropZone(page);
    const data = await page.evaluateHandle(
      (png) => {
        const dt = new DataTransfer();
        dt.items.add(new File([new Uint8Array(png)], 'first.png', { type: 'image/png' }));
        dt.items.add(new File([new Uint8Array(png)], 'second.png', { type: 'image/png' }));
        return dt;
      },
      [...PNG_1PX],
    );

    await zone.dispatchEvent('dragenter', { dataTransfer: data });
    await expect(zone).toHaveAttribute('data-drag-over', 'true');
    await zone.dispatchEvent('dragleave', { dataTransfer: data });
    await expect(zone).not.toHaveAttribute('data-drag-over');
    await zone.dispatchEvent('dragover', { dataTransfer: data });
    await expect(zone).toHaveAttribute('data-drag-over', 'true');
    await zone.dispatchEvent('drop', { dataTransfer: data });
    await expect(zone).not.toHaveAttribute('data-drag-over');

    await page.waitForURL(/\/meme-generator\?image=/);
    expect(names).toEqual(['filename="first.png"']);
  });

  test('a file dropped outside the zone neither uploads nor makes the browser leave the page', async ({ page }) => {
    const calls = await countUploads(page);
    await page.goto('/');
    await untilHomeHydrated(page);
    const prevented = await page.evaluate(
      (png) => {
        const dt = new DataTransfer();
        dt.items.add(new File([new Uint8Array(png)], 'stray.png', { type: 'image/png' }));
        const drop = new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true });
        document.querySelector('footer')!.dispatchEvent(drop);
        return drop.defaultPrevented;
      },
      [...PNG_1PX],
    );
    expect(prevented).toBe(true);
    await page.waitForTimeout(300);
    expect(calls).toEqual([]);
  });

  test('pasting an image anywhere on the page uploads it', async ({ page }) => {
    await page.route('**/api/upload', (route) => route.fulfill({ json: UPLOADED }));
    await page.goto('/');
    await untilHomeHydrated(page);
    await page.evaluate(
      (png) => {
        const dt = new DataTransfer();
        dt.items.add(new File([new Uint8Array(png)], 'pasted.png', { type: 'image/png' }));
        document
          .querySelector('footer')!
          .dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true }));
      },
      [...PNG_1PX],
    );
    await expect(toast(page)).toContainText('Image uploaded successfully');
    await page.waitForURL(/\/meme-generator\?image=/);
  });

  test.describe('against the real API (POST /api/upload)', () => {
    test('a real photo is stored and the editor opens with its URL', async ({ page }) => {
      const photo = corpusFile('photos/chelsea.png');
      await page.goto('/');
      test.skip(!(await apiHasRoute(page, 'POST', '/api/upload')), 'POST /api/upload is not in this build');
      await fileInput(page).setInputFiles(photo);
      await page.waitForURL(/\/meme-generator\?image=/, { timeout: 20_000 });
      const imageUrl = new URL(page.url()).searchParams.get('image')!;
      const stored = await page.request.get(imageUrl);
      expect(stored.status()).toBe(200);
      expect(stored.headers()['content-type']).toMatch(/^image\//);
    });
  });
});

test.describe('template carousel', () => {
  test('shows 8 placeholder tiles while loading, then 8 templates per page', async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/templates*', async (route) => {
      await held;
      await route.fulfill({ json: { templates: fakeCatalog(20, 18), templateOfTheDay: null } });
    });
    await page.goto('/');
    await expect(page.getByTestId('carousel-placeholder')).toHaveCount(8);
    release();
    await expect(page.getByTestId('carousel-tile')).toHaveCount(8);
    await expect(page.getByTestId('carousel-placeholder')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Show page/ })).toHaveCount(2);
  });

  test('auto-advances every 4 s with wrap-around and stops for good after a click', async ({ page }) => {
    await page.clock.install();
    await serveTemplates(page, fakeCatalog(20, 18));
    await page.goto('/');
    const first = page.getByTestId('carousel-tile').first();
    await expect(first).toContainText('Template 1');
    await page.clock.runFor(3900);
    await expect(first).toContainText('Template 1');
    await page.clock.runFor(200);
    await expect(first).toContainText('Template 9');
    // Only the first 16 popular make pages: the third step wraps back to page one.
    await page.clock.runFor(4000);
    await expect(first).toContainText('Template 1');

    await page.getByRole('button', { name: 'Next templates' }).click();
    await expect(first).toContainText('Template 9');
    await page.clock.runFor(12_000);
    await expect(first).toContainText('Template 9');
    await page.getByRole('button', { name: 'Show page 1' }).click();
    await expect(first).toContainText('Template 1');
    await page.getByRole('button', { name: 'Previous templates' }).click();
    await expect(first).toContainText('Template 9');
  });

  test('does not auto-advance for visitors who prefer reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.clock.install();
    await serveTemplates(page, fakeCatalog(16));
    await page.goto('/');
    await expect(page.getByTestId('carousel-tile').first()).toContainText('Template 1');
    await page.clock.runFor(9000);
    await expect(page.getByTestId('carousel-tile').first()).toContainText('Template 1');
  });

  test('shows nothing at all for an empty catalog', async ({ page }) => {
    await serveTemplates(page, fakeCatalog(5, 0));
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Image tools' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Popular templates' })).toHaveCount(0);
    await expect(page.getByTestId('carousel-placeholder')).toHaveCount(0);
  });

  test('a failed fetch offers a quiet retry that recovers', async ({ page }) => {
    let calls = 0;
    await page.route('**/api/templates*', (route) =>
      ++calls === 1
        ? route.fulfill({ status: 500, json: { error: 'Something went wrong.', code: 'internal' } })
        : route.fulfill({ json: { templates: fakeCatalog(3), templateOfTheDay: null } }),
    );
    await page.goto('/');
    await expect(page.getByText('Templates could not be loaded right now.')).toBeVisible();
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByTestId('carousel-tile')).toHaveCount(3);
    await expect(page.getByRole('button', { name: /Show page/ })).toHaveCount(0);
  });

  test('routes a template click by its feature', async ({ page }) => {
    const cases: [TemplateFeature | null, string, RegExp][] = [
      ['meme-generator', 'Template 1', /\/meme-generator\?template=tpl-1$/],
      ['text-editing', 'Template 2', /\/how-to\/meme-text-editing$/],
      ['custom-upload', 'Template 3', /\/how-to\/upload-image-meme$/],
      [null, 'Template 4', /\/meme-generator$/],
    ];
    await serveTemplates(
      page,
      cases.map(([feature], i) => fakeTemplate(i + 1, { feature })),
    );
    for (const [, name, url] of cases) {
      await page.goto('/');
      await page.getByRole('link', { name }).click();
      await expect(page).toHaveURL(url);
    }
  });
});

test.describe('template carousel against the real API (GET /api/templates)', () => {
  test('shows at most 8 popular templates and a tile opens where its feature says', async ({ page }) => {
    await page.goto('/');
    test.skip(!(await apiHasRoute(page, 'GET', '/api/templates')), 'GET /api/templates is not in this build');
    const body = (await (await page.request.get('/api/templates')).json()) as { templates: Template[] };
    const popular = body.templates.filter((t) => t.isPopular === 1);
    const tiles = page.getByTestId('carousel-tile');
    await expect(tiles).toHaveCount(Math.min(8, popular.length));
    await expect(page.getByRole('button', { name: /Show page/ })).toHaveCount(popular.length > 8 ? 2 : 0);
    const first = popular[0]!;
    await expect(tiles.first()).toContainText(first.name);
    await expect(tiles.first().locator('img')).toHaveJSProperty('complete', true);
    expect(
      await tiles
        .first()
        .locator('img')
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    ).toBeGreaterThan(0);
    await tiles.first().click();
    await expect(page).toHaveURL(new RegExp(`${templateHref(first).replace('?', '\\?')}$`));
  });
});

test.describe('tools section', () => {
  test('filters the cards by title, description or feature, and says when nothing matches', async ({ page }) => {
    await serveTemplates(page, []);
    await page.goto('/#tools');
    const section = page.locator('#tools');
    const search = section.getByRole('searchbox', { name: 'Search tools' });
    await expect(section.getByRole('link')).toHaveCount(5);
    await search.fill('WATERMARK');
    await expect(section.getByRole('link')).toHaveCount(1);
    await expect(section.getByRole('link')).toHaveAttribute('href', '/tools/security');
    await search.fill('zebra crossing');
    await expect(section.getByRole('link')).toHaveCount(0);
    await expect(section).toContainText('No tools found matching "zebra crossing"');
    await search.fill('');
    await expect(section.getByRole('link')).toHaveCount(5);
  });

  test('finds a tool by the words people type, and answers HEIC honestly', async ({ page }) => {
    await serveTemplates(page, []);
    await page.goto('/#tools');
    const section = page.locator('#tools');
    // A visible label, not only a placeholder.
    await expect(section.getByText('Search tools', { exact: true })).toBeVisible();
    const search = section.getByRole('searchbox', { name: 'Search tools' });
    for (const [query, href] of [
      ['exif', '/tools/security'],
      ['jpg to png', '/tools/convert'],
      ['youtube', '/tools/modify'],
      ['shrink', '/tools/optimize'],
    ] as const) {
      await search.fill(query);
      await expect(section.getByRole('link')).toHaveCount(1);
      await expect(section.getByRole('link')).toHaveAttribute('href', href);
    }
    // HEIC is taken by every tool (ADR 0132): the iPhone's format finds Convert.
    await search.fill('heic');
    await expect(section.getByRole('link')).toHaveCount(1);
    await expect(section.getByRole('link')).toHaveAttribute('href', '/tools/convert');
  });
});

test.describe('Get Started dialog', () => {
  test('opens from the keyboard, traps focus, closes with Escape, and a card navigates', async ({ page }) => {
    await serveTemplates(page, []);
    await page.goto('/');
    const opener = page.getByRole('button', { name: 'Get Started' });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'What would you like to do?' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Choose a service above to get started.');
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: /^Modify/ }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/tools\/modify$/);
    await expect(dialog).toBeHidden();
  });
});

test.describe("what's your meme about (ADR 0173)", () => {
  test('a topic gives three drawn memes; Use this opens the editor with their captions on the canvas, one AI operation spent', async ({
    page,
  }) => {
    await page.goto('/');
    await untilHomeHydrated(page);
    const used = async () => (await (await page.request.get('/api/usage-limit')).json()).used as number;
    const before = await used();
    await page.getByRole('textbox', { name: "What's your meme about?" }).fill('so tired on monday');
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/memes/suggest'));
    await page.getByRole('button', { name: 'Make memes ✨' }).click();
    const { candidates } = (await (await answer).json()) as {
      candidates: { template: { id: string }; lines: string[] }[];
    };
    const memes = page.getByRole('list', { name: 'Memes to choose from' }).getByRole('listitem');
    await expect(memes).toHaveCount(3);
    // Offline (npm start has no language model) the screen says what these are.
    await expect(page.getByText('Offline suggestions: no AI model wrote these')).toBeVisible();
    // Every preview is drawn by the API's meme URL.
    await expect
      .poll(
        () =>
          memes
            .locator('img')
            .evaluateAll((imgs) =>
              imgs.every((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0),
            ),
        { timeout: 30_000 },
      )
      .toBe(true);
    expect(await used()).toBe(before + 1);
    await expect(page.getByText(`${FREE_DAILY_AI_LIMIT - before - 1} AI operations remaining today`)).toBeVisible();

    await memes.first().getByRole('button', { name: 'Use this' }).click();
    await page.waitForURL(
      (url) => url.pathname === '/meme-generator' && url.searchParams.get('template') === candidates[0]!.template.id,
    );
    const fields = page.getByRole('list', { name: 'Captions' }).getByRole('textbox');
    await expect(fields).toHaveCount(candidates[0]!.lines.length);
    for (const [i, line] of candidates[0]!.lines.entries())
      await expect(fields.nth(i)).toHaveValue(new RegExp(`^${line.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'i'));
  });
});
