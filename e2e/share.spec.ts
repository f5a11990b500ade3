import type { Browser, Locator, Page } from '@playwright/test';
import { ABUSE_EMAIL } from '../core/site';
import { expect, test } from './fixtures';
import { axeProblems, makeShare as makeShareIn, SHARE_TEMPLATE as TEMPLATE } from './share-fixtures';

/**
 * Share links (ADR 0139): Share in the editor's export dialog gives a /m/{id} link; another browser opens it and
 * finds the meme with its card (an absolute og:image that serves the picture), Copy link and Download in the first
 * screen (issue 40) and the networks' share links; only the creator's browser offers Delete, and once deleted the page
 * and the picture answer 410.
 */
const SHOTS = 'e2e/screenshots/share';
/** The dialog, on screen, as `shot` in this spec's folder. */
const makeShare = (page: Page, shot?: string) => makeShareIn(page, shot ? `${SHOTS}/${shot}.png` : undefined);

const meta = (page: Page, key: string) =>
  page.locator(`meta[property="${key}"], meta[name="${key}"]`).getAttribute('content');

/** Another browser: a desktop (1280 × 800) unless told; a phone has touch and a share sheet (navigator.share). */
async function visitor(browser: Browser, width = 1280, height = 800, dark = false) {
  const phone = width < 640;
  const context = await browser.newContext({
    viewport: { width, height },
    isMobile: phone,
    hasTouch: phone,
    acceptDownloads: true,
  });
  if (dark) await context.addInitScript(() => localStorage.setItem('darkMode', 'true'));
  // With a share sheet the phone's page puts Share… above Copy link and Download: the tallest first screen, measured.
  if (phone)
    await context.addInitScript(() =>
      Object.defineProperty(navigator, 'share', { value: () => Promise.resolve(), configurable: true }),
    );
  return { context, page: await context.newPage() };
}

/** Whether all of the element lies in the first screen, seen without scrolling. */
async function inFirstScreen(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  return box !== null && box.y >= 0 && box.y + box.height <= page.viewportSize()!.height;
}

/** The done-criterion of issue 40: the picture, Copy link and Download (and a phone's Share…) seen without scrolling. */
async function expectActionsInFirstScreen(page: Page, where: string) {
  expect(await page.evaluate(() => window.scrollY), where).toBe(0);
  const phone = page.viewportSize()!.width < 640;
  const wanted: [string, Locator][] = [
    ['the picture', page.getByTestId('shared-meme')],
    ['Copy link', page.getByRole('button', { name: 'Copy link' })],
    ['Download', page.getByRole('link', { name: 'Download' })],
    ...(phone ? ([['Share…', page.getByRole('button', { name: 'Share…' })]] as [string, Locator][]) : []),
  ];
  for (const [name, locator] of wanted) expect(await inFirstScreen(page, locator), `${name}, ${where}`).toBe(true);
}

test('a shared meme: its link opens in another browser with its card; the creator deletes it and it answers 410', async ({
  page,
  browser,
}) => {
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
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  const ogImage = (await meta(other.page, 'og:image'))!;
  expect(ogImage).toBe(new URL(`/api/shares/${id}/image`, url).href);
  expect(await meta(other.page, 'twitter:card')).toBe('summary_large_image');
  expect(Number(await meta(other.page, 'og:image:width'))).toBeGreaterThan(0);
  expect(Number(await meta(other.page, 'og:image:height'))).toBeGreaterThan(0);
  expect(await other.page.locator('link[rel="canonical"]').getAttribute('href')).toBe(url);
  const served = await other.context.request.get(ogImage);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toMatch(/^image\//);
  await expect(other.page.getByRole('link', { name: /^Make your own/ })).toHaveAttribute(
    'href',
    `/meme-generator?template=${TEMPLATE}`,
  );
  await expect(other.page.getByTestId('share-expiry')).toContainText('30 days from sharing');
  await expect(other.page.getByRole('link', { name: 'Report this meme' })).toHaveAttribute(
    'href',
    new RegExp(`^mailto:${ABUSE_EMAIL}\\?.*${id}`),
  );
  await expect(other.page.getByRole('button', { name: 'Copy image' })).toBeVisible();
  await expect(other.page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expectActionsInFirstScreen(other.page, 'desktop 1280 × 800');

  // The networks' share links carry the page's address and nothing else (no tracking), and load no network's script.
  const shareOn = other.page.getByRole('list').filter({ has: other.page.getByRole('link', { name: /Share on X/ }) });
  const hrefs = Object.fromEntries(
    await shareOn
      .getByRole('link')
      .evaluateAll((links) =>
        links.map((a) => [
          a.textContent,
          { href: a.getAttribute('href'), target: a.getAttribute('target'), rel: a.getAttribute('rel') },
        ]),
      ),
  ) as Record<string, { href: string; target: string | null; rel: string | null }>;
  expect(Object.keys(hrefs)).toEqual(['X', 'Reddit', 'WhatsApp', 'Facebook', 'E-mail']);
  expect(new URL(hrefs.X!.href).searchParams.get('url')).toBe(url);
  expect(new URL(hrefs.Reddit!.href).searchParams.get('url')).toBe(url);
  expect(new URL(hrefs.WhatsApp!.href).searchParams.get('text')).toContain(url);
  expect(new URL(hrefs.Facebook!.href).searchParams.get('u')).toBe(url);
  expect(hrefs['E-mail']!.href).toContain(encodeURIComponent(url));
  for (const [name, link] of Object.entries(hrefs)) {
    expect(link.href, name).not.toMatch(/utm_/);
    if (name !== 'E-mail') expect([link.target, link.rel], name).toEqual(['_blank', 'noopener noreferrer']);
  }
  const scripts = await other.page
    .locator('script[src]')
    .evaluateAll((s) => s.map((e) => new URL((e as HTMLScriptElement).src).origin));
  expect(scripts.filter((origin) => origin !== new URL(url).origin)).toEqual([]);
  // Download saves the very picture the share serves, named after the template.
  await expect(other.page.locator('html[data-hydrated]')).toBeAttached();
  const [download] = await Promise.all([
    other.page.waitForEvent('download'),
    other.page.getByRole('link', { name: 'Download' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^${TEMPLATE}-meme\\.(png|jpg|webp)$`));
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  expect(Buffer.concat(chunks).equals(await served.body())).toBe(true);

  // Looked at: the laptop's short window (1366 × 657) and a 390 × 844 phone, light and dark; the first screen
  // measured on each (issue 40's done-criterion at 1280 × 800, 1366 × 657 and 390 × 844).
  await other.page.screenshot({ path: `${SHOTS}/share-desktop-light.png`, fullPage: true });
  for (const [width, height, dark, name] of [
    [1366, 657, true, 'laptop-dark'],
    [390, 844, false, 'mobile-light'],
    [390, 844, true, 'mobile-dark'],
  ] as const) {
    const shot = await visitor(browser, width, height, dark);
    await shot.page.goto(url);
    await expect(shot.page.locator('html[data-hydrated]')).toBeAttached();
    await expect
      .poll(() =>
        shot.page.getByTestId('shared-meme').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
      )
      .toBeGreaterThan(0);
    await expectActionsInFirstScreen(shot.page, name);
    // Nothing wider than the phone.
    expect(await shot.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    expect(await axeProblems(shot.page), name).toEqual([]);
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

test('an id never given is the 404 page: it speaks plainly, offers the main places and finds a template by name', async ({
  page,
}) => {
  const res = await page.goto('/m/zzzzzzzzzzzz');
  expect(res!.status()).toBe(404);
  const main = page.locator('main');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(main).not.toContainText(/router|404 Page/i);
  for (const [name, href] of [
    ['Make a meme', '/meme-generator'],
    ['Image tools', '/#tools'],
    ['How-to guides', '/tutorials'],
    ['Help', '/help'],
  ] as const) {
    await expect(main.getByRole('link', { name: new RegExp(`^${name}`) })).toHaveAttribute('href', href);
  }
  // The search asks the real catalogue (GET /api/templates?search=).
  const search = page.getByRole('searchbox', { name: 'Template name' });
  await search.fill('nope');
  await search.press('Enter');
  const found = main.getByRole('link', { name: /Nope \/ Yep/ });
  await expect(found).toHaveAttribute('href', `/meme-generator?template=${TEMPLATE}`);
  await expect(page.getByRole('status').filter({ hasText: 'found for “nope”' })).toBeVisible();
  expect(await axeProblems(page)).toEqual([]);
  await search.fill('zzqxv');
  await search.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'No template matches “zzqxv”' })).toBeVisible();
  await found
    .or(main.getByRole('link', { name: 'browse them all' }))
    .first()
    .click();
  await expect(page).toHaveURL(/\/meme-generator$/);
});

test('/developers documents the share routes and lists the templates with their text boxes', async ({ page }) => {
  await page.goto('/developers');
  for (const id of ['postShare', 'getShare', 'getShareImage', 'deleteShare'])
    await expect(page.locator(`article#${id}`)).toBeAttached();
  await expect(page.locator('article#deleteShare [data-testid="curl-example"]')).toContainText("-H 'X-Delete-Token: ");
  await page.getByText(/^All \d+ templates and their text boxes$/).click();
  const row = page
    .getByTestId('template-boxes')
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: TEMPLATE, exact: true }) });
  await expect(row.getByRole('cell')).toHaveText([TEMPLATE, 'Nope / Yep', '2']);
});

test('Share in the export dialog on a 390 px phone, dark', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.addInitScript(() => localStorage.setItem('darkMode', 'true'));
  const url = await makeShare(page, 'dialog-mobile-dark');
  const id = url.split('/').pop()!;
  // The delete token stays in this browser, keyed by the share's id, with what the dashboard lists of it.
  const kept = JSON.parse(
    (await page.evaluate((key) => localStorage.getItem(key), `memeforge.share.${id}`)) ?? 'null',
  ) as Record<string, unknown>;
  expect(kept).toMatchObject({
    v: 1,
    title: 'Nope / Yep meme',
    captions: ['writing it by hand', 'sharing a link'],
    expiresAt: expect.stringMatching(/^\d{4}-/),
  });
  expect(kept.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await axeProblems(page, '[role="dialog"]')).toEqual([]);
});
