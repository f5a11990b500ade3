import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  canvasSize,
  drawTemplatePng,
  mockTemplates,
  openTestTemplate,
  pixelOrigin,
  pixelSize,
  TEMPLATE,
  templatesAnswer,
} from './editor-fixtures';
import { answerRequests } from './answer-requests';

const layers = (page: Page) => page.getByRole('list', { name: 'Layers' }).getByRole('listitem');
const OTHER = { ...TEMPLATE, id: 'test-other', name: 'Other Picture', examples: [] };

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => ((window as { __MEMEFORGE_BENCH__?: boolean }).__MEMEFORGE_BENCH__ = true));
  await page.setViewportSize({ width: 1440, height: 900 });
});

test('the Templates tab searches, shows a skeleton, an empty message and loads the picked template', async ({
  page,
}) => {
  await mockTemplates(page, [TEMPLATE, OTHER]);
  const searches: (string | null)[] = [];
  let release: () => void = () => {};
  const gate = new Promise<void>((r) => (release = r));
  await answerRequests(page, '*/api/templates*', async (url) => {
    searches.push(new URL(url).searchParams.get('search'));
    await gate;
    return templatesAnswer([TEMPLATE, OTHER], url);
  });
  await page.goto('/meme-generator');
  await page.getByRole('tab', { name: 'Templates' }).click();
  await expect(page.getByRole('status', { name: 'Loading templates' }).locator('div')).toHaveCount(6);
  release();
  const grid = page.getByRole('list', { name: 'Templates' });
  await expect(grid.getByRole('button')).toHaveCount(2);
  expect(searches[0]).toBeNull();

  await page.getByRole('searchbox', { name: 'Search templates' }).fill('other');
  await expect(grid.getByRole('button')).toHaveCount(1);
  expect(searches.at(-1)).toBe('other');
  await page.getByRole('searchbox', { name: 'Search templates' }).fill('zzz');
  await expect(page.getByText('No template called "zzz".', { exact: false })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search templates' }).fill('');
  await grid.getByRole('button', { name: 'Other Picture' }).click();
  await expect(page.getByText('Template loaded!')).toBeVisible();
  // The panel goes on to Text (ADR 0160); the grid, back in view, marks the template chosen.
  await expect(page.getByRole('tab', { name: 'Text' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'Templates' }).click();
  await expect(grid.getByRole('button', { name: 'Other Picture' })).toHaveAttribute('aria-pressed', 'true');
  // No examples: the two boxes are placed empty, named by position.
  await expect(layers(page)).toContainText(['Text 2', 'Text 1', 'Other Picture']);
});

test('?image= loads a picture by the fit rule and Upload replaces it', async ({ page }) => {
  await mockTemplates(page);
  await page.route('**/api/upload', (route) =>
    route.fulfill({
      json: {
        imageUrl: '/api/e2e-images/uploaded.png',
        width: 800,
        height: 500,
        format: 'png',
        size: 1234,
        expiresAt: new Date().toISOString(),
      },
    }),
  );
  await page.goto(`/meme-generator?image=${encodeURIComponent('/api/e2e-images/first.png')}`);
  await expect(layers(page)).toHaveCount(1);
  expect(await canvasSize(page)).toEqual({ width: 840, height: 700 });

  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload' }).click();
  await (await chooser).setFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByText('Invalid file type')).toBeVisible();

  const again = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload' }).click();
  await (await again).setFiles({ name: 'pic.png', mimeType: 'image/png', buffer: await drawTemplatePng() });
  await expect(page.getByText('Image uploaded!')).toBeVisible();
  await expect(layers(page)).toHaveCount(1);
  await page.getByRole('button', { name: 'Remove Image' }).click();
  await expect(page.getByText('No layers yet')).toBeVisible();
});

test('double-click edits a caption in place and it re-fits; caption starters add text; an AI caption fills the boxes', async ({
  page,
}) => {
  await mockTemplates(page);
  // A model's answer first; then, as offline, the caption bank's, which must not be called AI.
  const answers = [
    { captions: ['When the tests pass / On the first try', 'Me / Also me'], provider: 'fake', source: 'model' },
    {
      captions: ['Sleep / One more episode'],
      provider: 'local',
      source: 'bank',
      note: 'Offline mode: these captions come from the built-in caption bank, not an AI model.',
    },
  ];
  await page.route('**/api/generate-captions', (route) => route.fulfill({ json: answers.shift() }));
  await openTestTemplate(page);
  const input = page.getByRole('textbox', { name: 'Text', exact: true });

  const canvas = page.locator('canvas.upper-canvas');
  const box = (await canvas.boundingBox())!;
  const scale = box.width / (await canvasSize(page)).width;
  // The top box spans the image's first fifth: 20 + 0…800 wide, 100…200 tall. Double-click edits on the canvas.
  await canvas.dblclick({ position: { x: 420 * scale, y: 150 * scale } });
  await page.keyboard.press('Control+A');
  await page.keyboard.type(
    'A MUCH LONGER CAPTION THAT WOULD NEVER FIT ON ONE LINE OF THIS BOX AT FULL SIZE, NOR ON TWO LINES, BECAUSE IT GOES ON AND ON AND ON',
  );
  await page.keyboard.press('Escape');
  await expect(input).toHaveValue(/^A MUCH LONGER CAPTION/);
  await expect(layers(page).nth(1)).toContainText('A MUCH LONGER CAPTIO');
  const fitted = await page.evaluate(() => {
    const t = (
      window as unknown as {
        __memeEditor: {
          canvas: { getActiveObject(): { fontSize: number; calcTextHeight(): number; memeBox: { height: number } } };
        };
      }
    ).__memeEditor.canvas.getActiveObject();
    return { size: t.fontSize, height: t.calcTextHeight(), box: t.memeBox.height };
  });
  expect(fitted.height).toBeLessThanOrEqual(fitted.box + 0.5);
  expect(fitted.size).toBeLessThan(40);

  await canvas.click({ position: { x: 5, y: 5 } });
  await page.getByRole('button', { name: 'Big mood' }).click();
  await expect(input).toHaveValue('Big mood');
  await page.getByRole('button', { name: 'Add Text Layer' }).click();
  await expect(layers(page).first()).toContainText('Big mood');
  await expect(layers(page)).toHaveCount(4);

  await page.getByRole('button', { name: '✨ AI captions' }).click();
  await expect(page.getByText('AI captions ready')).toBeVisible();
  await expect(page.getByText('2 suggestions written by the AI model')).toBeVisible();
  await page
    .getByRole('list', { name: 'Caption suggestions' })
    .getByRole('button', { name: 'When the tests pass / On the first try' })
    .click();
  // One suggestion, one line per box, in the template's style (upper case): no new layer.
  await expect(layers(page)).toHaveCount(4);
  await expect(page.getByRole('list', { name: 'Layers' })).toContainText('WHEN THE TESTS PASS');
  await expect(page.getByRole('list', { name: 'Layers' })).toContainText('ON THE FIRST TRY');

  await page.getByRole('button', { name: '✨ AI captions' }).click();
  await expect(page.getByText('1 written caption from our caption bank: no AI model answered')).toBeVisible();
  // The toast in front says so; the first answer's 'AI captions ready' may still be leaving, behind it.
  const front = page.locator('[data-sonner-toast][data-front="true"]');
  await expect(front).toContainText('Caption ideas ready');
  await expect(front).not.toContainText('AI captions ready');
  await expect(page.getByText('these captions come from the built-in caption bank')).toBeVisible();
});

test('usage is fetched when the AI tab opens and reused for 30 s', async ({ page }) => {
  let calls = 0;
  await page.route('**/api/usage-limit', (route) => {
    calls++;
    return route.fulfill({ json: { used: 1, totalLimit: 10, remaining: 9, canGenerate: true, premium: false } });
  });
  await page.goto('/meme-generator');
  await page.waitForLoadState('networkidle');
  // The editor opens on Templates: no usage request until the AI tab shows.
  expect(calls).toBe(0);
  await page.getByRole('tab', { name: 'AI ✨' }).click();
  await expect(page.getByText('9 AI operations remaining today')).toBeVisible();
  await page.getByRole('tab', { name: 'Templates' }).click();
  await page.getByRole('tab', { name: 'AI ✨' }).click();
  await expect(page.getByText('9 AI operations remaining today')).toBeVisible();
  expect(calls).toBe(1);
});

test('fabric is loaded by the editor only, not by the home page', async ({ page }) => {
  // fabric's code names itself ('fabric') a dozen times; no other chunk does.
  const fabricScripts: string[] = [];
  page.on('response', async (r) => {
    if (r.request().resourceType() !== 'script') return;
    if ((await r.text().catch(() => '')).includes('fabric')) fabricScripts.push(r.url());
  });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect(fabricScripts).toEqual([]);
  await page.goto('/meme-generator');
  await expect(page.locator('canvas.upper-canvas')).toBeVisible();
  await expect.poll(() => fabricScripts.length).toBe(1);
  expect(fabricScripts[0]).toContain('/build/routes/meme-generator-');
});

test('a finger drags a shape', async ({ browser }) => {
  const context = await browser.newContext({ hasTouch: true, viewport: { width: 390, height: 844 }, isMobile: true });
  const page = await context.newPage();
  await page.goto('/meme-generator');
  await page.getByRole('button', { name: 'Star', exact: true }).click();
  const yellow = 'r > 220 && g > 180 && b < 60';
  await expect.poll(() => pixelOrigin(page, yellow)).not.toBeNull();
  const before = (await pixelOrigin(page, yellow))!;
  const canvas = (await page.locator('canvas.upper-canvas').boundingBox())!;
  const scale = canvas.width / (await canvasSize(page)).width;
  // Start on the star's body (its centre), move 60 canvas pixels right and 40 down in small steps.
  const start = { x: canvas.x + (before.left + 85) * scale, y: canvas.y + (before.top + 100) * scale };
  const cdp = await context.newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number, y: number) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] });
  await touch('touchStart', start.x, start.y);
  for (let i = 1; i <= 10; i++)
    await touch('touchMove', start.x + (60 * scale * i) / 10, start.y + (40 * scale * i) / 10);
  await touch('touchEnd', 0, 0);
  await expect
    .poll(async () => {
      const after = await pixelOrigin(page, yellow);
      return after
        ? [Math.round((after.left - before.left) / 5) * 5, Math.round((after.top - before.top) / 5) * 5]
        : null;
    })
    .toEqual([60, 40]);
  await context.close();
});

test('two fingers scale and rotate the selected shape', async ({ browser }) => {
  const context = await browser.newContext({ hasTouch: true, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto('/meme-generator');
  await page.getByRole('button', { name: 'Heart', exact: true }).click();
  const yellow = 'r > 220 && g > 180 && b < 60';
  await expect.poll(() => countYellowSize(page, yellow)).toBeGreaterThan(100);
  const before = await pixelSize(page, yellow);
  const origin = (await pixelOrigin(page, yellow))!;
  const canvas = (await page.locator('canvas.upper-canvas').boundingBox())!;
  const scale = canvas.width / (await canvasSize(page)).width;
  const centre = {
    x: canvas.x + (origin.left + before.width / 2) * scale,
    y: canvas.y + (origin.top + before.height / 2) * scale,
  };
  const cdp = await context.newCDPSession(page);
  const fingers = (type: 'touchStart' | 'touchMove' | 'touchEnd', spread: number, degrees: number) => {
    const rad = (degrees * Math.PI) / 180;
    const dx = Math.cos(rad) * spread;
    const dy = Math.sin(rad) * spread;
    return cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints:
        type === 'touchEnd'
          ? []
          : [
              { x: centre.x - dx, y: centre.y - dy, id: 1 },
              { x: centre.x + dx, y: centre.y + dy, id: 2 },
            ],
    });
  };
  // Spread from 30 to 45 px: 1.5× in each direction.
  await fingers('touchStart', 30, 0);
  for (let i = 1; i <= 10; i++) await fingers('touchMove', 30 + 1.5 * i, 0);
  await fingers('touchEnd', 0, 0);
  await expect
    .poll(async () => (await pixelSize(page, yellow)).width / before.width, { timeout: 3000 })
    .toBeGreaterThan(1.4);
  const scaled = await pixelSize(page, yellow);
  expect(scaled.width / before.width).toBeLessThan(1.6);

  // Turn a quarter: the heart's box swaps width and height.
  await fingers('touchStart', 40, 0);
  for (let i = 1; i <= 10; i++) await fingers('touchMove', 40, 9 * i);
  await fingers('touchEnd', 0, 0);
  await expect
    .poll(async () => Math.abs((await pixelSize(page, yellow)).width - scaled.height), { timeout: 3000 })
    .toBeLessThan(6);
  // One undo step per gesture.
  await page.keyboard.press('Control+z');
  await expect.poll(async () => (await pixelSize(page, yellow)).width).toBe(scaled.width);
  await context.close();
});

const countYellowSize = async (page: Page, yellow: string) => (await pixelSize(page, yellow)).width;
