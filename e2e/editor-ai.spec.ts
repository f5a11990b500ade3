import { expect, test } from './fixtures';
import { drawTemplatePng, mockTemplates, mockUsage } from './editor-fixtures';
import { nextUtcMidnight } from './tools-fixtures';

const usage = (remaining: number) => ({
  used: 10 - remaining,
  totalLimit: 10,
  remaining,
  canGenerate: remaining > 0,
  premium: false,
  resetsAt: nextUtcMidnight(),
});

test.beforeEach(async ({ page }) => {
  await mockTemplates(page);
});

test('generates an image in the AI tab and Use in Editor puts it on the canvas', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  let usageCalls = 0;
  await page.route('**/api/usage-limit', (route) => {
    usageCalls++;
    return route.fulfill({ json: usage(usageCalls === 1 ? 3 : 2) });
  });
  const png = (await drawTemplatePng()).toString('base64');
  let prompt = '';
  await page.route('**/api/generate-image', async (route) => {
    prompt = (route.request().postDataJSON() as { prompt: string }).prompt;
    await route.fulfill({
      json: {
        imageUrl: `data:image/png;base64,${png}`,
        provider: 'cloudflare',
        isPlaceholder: false,
        note: 'Drawn by a test model.',
      },
    });
  });
  await page.goto('/meme-generator');
  // The Templates tab comes first (ADR 0120); the AI tab is one click away.
  await page.getByRole('tab', { name: 'AI ✨' }).click();
  await expect(page.getByRole('tab', { name: 'AI ✨' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('3 AI operations remaining today')).toBeVisible();

  const box = page.getByRole('textbox', { name: 'Describe the image' });
  await box.fill('a cat');
  await box.press('Shift+Enter');
  await box.pressSequentially('in a hat');
  await expect(page.getByText('Max 500 characters • 14/500')).toBeVisible();
  await box.press('Enter');
  await expect(page.getByText('Generated image for: "a cat\nin a hat"')).toBeVisible();
  expect(prompt).toBe('a cat\nin a hat');
  await expect(page.getByText('Drawn by a test model.')).toBeVisible();
  await expect(page.getByText('Image Generated! 🎨')).toBeVisible();
  // Usage is fetched again after a generation: the low-quota warning appears at 2 left.
  await expect(page.getByText('Only 2 generations remaining today!')).toBeVisible();

  await page.getByRole('button', { name: 'Use in Editor' }).click();
  await expect(page.getByText('Image Added to Editor! ✨')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Layers' })).toContainText('Image');
  await page.screenshot({ path: 'e2e/screenshots/editor/ai.png' });

  // With a picture on the canvas, using another asks first; declining keeps the picture.
  const questions: string[] = [];
  page.once('dialog', (d) => {
    questions.push(d.message());
    void d.dismiss();
  });
  await page.getByRole('button', { name: 'Use in Editor' }).click();
  await expect.poll(() => questions).toEqual([expect.stringContaining('Replace the picture on the canvas')]);
  await expect(page.getByRole('list', { name: 'Layers' }).getByRole('listitem')).toHaveCount(1);
});

test('an offline preview card is shown for what it is: no success, nothing counted, nothing to put on the canvas', async ({
  page,
}) => {
  await mockUsage(page, usage(5));
  const png = (await drawTemplatePng()).toString('base64');
  await page.route('**/api/generate-image', (route) =>
    route.fulfill({
      json: {
        imageUrl: `data:image/png;base64,${png}`,
        provider: 'local',
        isPlaceholder: true,
        note: 'Offline preview: no image model.',
      },
    }),
  );
  await page.goto('/meme-generator');
  await page.getByRole('tab', { name: 'AI ✨' }).click();
  await page.getByRole('textbox', { name: 'Describe the image' }).fill('a cat');
  await page.getByRole('button', { name: 'Generate Image' }).click();
  await expect(
    page.getByText('Image generation is not available on this server, so "a cat" was not drawn. Nothing was counted.'),
  ).toBeVisible();
  await expect(page.getByText('Offline preview: no image model.')).toBeVisible();
  await expect(page.getByText('No image model here')).toBeVisible();
  await expect(page.getByText('Image Generated! 🎨')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Use in Editor' })).toHaveCount(0);
});

test('the limit notice blocks submission', async ({ page }) => {
  await mockUsage(page, usage(0));
  let generated = false;
  await page.route('**/api/generate-image', (route) => {
    generated = true;
    return route.abort();
  });
  await page.goto('/meme-generator');
  await page.getByRole('tab', { name: 'AI ✨' }).click();
  // One notice: spent once, and when the operations come back in the visitor's own time.
  const notice = page.getByTestId('limit-notice');
  await expect(notice).toContainText('Daily AI limit reached');
  await expect(notice.getByTestId('limit-reset')).toContainText(/come back at .+ your time \(midnight UTC\), in /);
  expect((await notice.innerText()).match(/limit reached/gi)).toHaveLength(1);
  await expect(page.getByRole('textbox', { name: 'Describe the image' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Generate Image' })).toBeDisabled();
  expect(generated).toBe(false);
});

test('a failed generation shows the server message in the chat', async ({ page }) => {
  await mockUsage(page, usage(5));
  await page.route('**/api/generate-image', (route) =>
    route.fulfill({ status: 503, json: { error: 'AI is not configured on this server.', code: 'ai_unavailable' } }),
  );
  await page.goto('/meme-generator');
  await page.getByRole('tab', { name: 'AI ✨' }).click();
  await page.getByRole('textbox', { name: 'Describe the image' }).fill('a dog');
  await page.getByRole('button', { name: 'Generate Image' }).click();
  await expect(page.getByRole('list', { name: 'AI messages' })).toContainText(
    '❌ AI is not configured on this server.',
  );
});

test('works at 390 px wide with no sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/meme-generator');
  await page.getByRole('button', { name: 'Heart', exact: true }).click();
  const canvas = page.locator('canvas[aria-label="Meme canvas"]');
  const box = await canvas.boundingBox();
  expect(box!.width).toBeLessThanOrEqual(390);
  // The canvas comes first on a phone, scaled to the width and fully on screen.
  expect(box!.width).toBeGreaterThan(300);
  expect(box!.y + box!.height).toBeLessThan(844);
  await expect(page.getByRole('list', { name: 'Layers' })).toContainText('LOVE');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'e2e/screenshots/editor/mobile.png' });
});
