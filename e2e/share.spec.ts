import type { Browser, Page } from '@playwright/test';
import { ABUSE_EMAIL } from '../core/site';
import { expect, test } from './fixtures';
import { axeProblems, makeShare as makeShareIn, SHARE_TEMPLATE as TEMPLATE } from './share-fixtures';

/**
 * Share links (ADR 0139): Share in the editor's export dialog gives a /m/{id} link; another browser opens it and
 * finds the meme with its card (an absolute og:image that serves the picture); only the creator's browser offers
 * Delete, and once deleted the page and the picture answer 410.
 */
const SHOTS = 'e2e/screenshots/share';
/** The dialog, on screen, as `shot` in this spec's folder. */
const makeShare = (page: Page, shot?: string) => makeShareIn(page, shot ? `${SHOTS}/${shot}.png` : undefined);

const meta = (page: Page, key: string) => page.locator(`meta[property="${key}"], meta[name="${key}"]`).getAttribute('content');

async function visitor(browser: Browser, width = 1280, dark = false) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  if (dark) await context.addInitScript(() => localStorage.setItem('darkMode', 'true'));
  return { context, page: await context.newPage() };
}

test('a shared meme: its link opens in another browser with its card; the creator deletes it and it answers 410', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const url = await makeShare(page, 'dialog-desktop-light');
  const id = url.split('/').pop()!;

  // Someone else opens it: no delete token there.
  const other = await visitor(browser);
  const answer = await other.page.goto(url);
  expect(answer!.status()).toBe(200);
  expect(answer!.headers()['cache-control']).toBe('no-cache');
  const image = other.page.getByTestId('shared-meme');
  await expect(image).toHaveAttribute('alt', 'Meme (Nope / Yep): “writing it by hand” / “sharing a link”');
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  const ogImage = (await meta(other.page, 'og:image'))!;
  expect(ogImage).toBe(new URL(`/api/shares/${id}/image`, url).href);
  expect(await meta(other.page, 'twitter:card')).toBe('summary_large_image');
  expect(Number(await meta(other.page, 'og:image:width'))).toBeGreaterThan(0);
  expect(Number(await meta(other.page, 'og:image:height'))).toBeGreaterThan(0);
  expect(await other.page.locator('link[rel="canonical"]').getAttribute('href')).toBe(url);
  const served = await other.context.request.get(ogImage);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toMatch(/^image\//);
  await expect(other.page.getByRole('link', { name: /^Make your own/ })).toHaveAttribute('href', `/meme-generator?template=${TEMPLATE}`);
  await expect(other.page.getByTestId('share-expiry')).toContainText('30 days from sharing');
  await expect(other.page.getByRole('link', { name: 'Report this meme' })).toHaveAttribute('href', new RegExp(`^mailto:${ABUSE_EMAIL}\\?.*${id}`));
  await expect(other.page.getByRole('button', { name: 'Copy image' })).toBeVisible();
  await expect(other.page.getByRole('button', { name: 'Delete' })).toHaveCount(0);

  // Looked at: desktop and 390 px, light and dark.
  await other.page.screenshot({ path: `${SHOTS}/share-desktop-light.png`, fullPage: true });
  for (const [width, dark, name] of [[1280, true, 'desktop-dark'], [390, false, 'mobile-light'], [390, true, 'mobile-dark']] as const) {
    const shot = await visitor(browser, width, dark);
    await shot.page.goto(url);
    await expect.poll(() => shot.page.getByTestId('shared-meme').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    // Nothing wider than the phone.
    expect(await shot.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    expect(await axeProblems(shot.page)).toEqual([]);
    await shot.page.screenshot({ path: `${SHOTS}/share-${name}.png`, fullPage: true });
    await shot.context.close();
  }

  // The creator deletes it from its page.
  await page.goto(url);
  await expect(page.locator('html[data-hydrated]')).toBeAttached();
  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('group', { name: 'Delete this meme' })).toBeVisible();
  expect(await axeProblems(page)).toEqual([]);
  await page.getByRole('button', { name: 'Delete for everyone' }).click();
  await expect(page.getByRole('heading', { name: 'This meme is gone' })).toBeVisible();

  const after = await other.page.goto(url);
  expect(after!.status()).toBe(410);
  await expect(other.page.getByRole('heading', { name: 'This meme is gone' })).toBeVisible();
  expect((await other.context.request.get(ogImage)).status()).toBe(410);
  await other.page.screenshot({ path: `${SHOTS}/share-gone-desktop.png` });
  await other.context.close();
});

test('an id never given is the 404 page', async ({ page }) => {
  const res = await page.goto('/m/zzzzzzzzzzzz');
  expect(res!.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test('/developers documents the share routes and lists the templates with their text boxes', async ({ page }) => {
  await page.goto('/developers');
  for (const id of ['postShare', 'getShare', 'getShareImage', 'deleteShare']) await expect(page.locator(`article#${id}`)).toBeAttached();
  await expect(page.locator('article#deleteShare [data-testid="curl-example"]')).toContainText("-H 'X-Delete-Token: ");
  await page.getByText(/^All \d+ templates and their text boxes$/).click();
  const row = page.getByTestId('template-boxes').getByRole('row').filter({ has: page.getByRole('cell', { name: TEMPLATE, exact: true }) });
  await expect(row.getByRole('cell')).toHaveText([TEMPLATE, 'Nope / Yep', '2']);
});

test('Share in the export dialog on a 390 px phone, dark', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.addInitScript(() => localStorage.setItem('darkMode', 'true'));
  const url = await makeShare(page, 'dialog-mobile-dark');
  const id = url.split('/').pop()!;
  // The delete token stays in this browser, keyed by the share's id, with what the dashboard lists of it.
  const kept = JSON.parse((await page.evaluate((key) => localStorage.getItem(key), `memeforge.share.${id}`)) ?? 'null') as Record<string, unknown>;
  expect(kept).toMatchObject({ v: 1, title: 'Nope / Yep meme', captions: ['writing it by hand', 'sharing a link'], expiresAt: expect.stringMatching(/^\d{4}-/) });
  expect(kept.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await axeProblems(page, '[role="dialog"]')).toEqual([]);
});
