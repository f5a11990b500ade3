import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { axeProblems, SHARE_TEMPLATE } from './share-fixtures';

/**
 * A shared meme's page puts what to do with it in the first screen (issue 40): Copy link and Download visible without
 * scrolling on a desktop (1280 × 800), a laptop (1366 × 657) and a phone (390 × 844), light and dark, with the
 * networks' share links beside them. Download saves the picture itself, named after the template.
 */
const SHOTS = 'e2e/screenshots/share';
const SCREENS = [
  { name: 'desktop', width: 1280, height: 800, phone: false },
  { name: 'laptop', width: 1366, height: 657, phone: false },
  { name: 'phone', width: 390, height: 844, phone: true },
] as const;

/** A share of the template's own picture with two captions, made through the API as the editor makes one. */
async function shareOfTemplate(page: Page): Promise<{ id: string; url: string }> {
  const picture = await page.request.get(`/api/templates/${SHARE_TEMPLATE}/image`);
  expect(picture.status()).toBe(200);
  const bytes = await picture.body();
  const res = await page.request.post('/api/shares', {
    multipart: {
      image: { name: 'meme.png', mimeType: picture.headers()['content-type']!, buffer: bytes },
      template: SHARE_TEMPLATE,
      captions: 'first screen',
    },
  });
  expect(res.status()).toBe(201);
  const { id, url } = (await res.json()) as { id: string; url: string };
  return { id, url };
}

async function open(browser: Browser, url: string, screen: (typeof SCREENS)[number], dark: boolean) {
  const context = await browser.newContext({
    viewport: { width: screen.width, height: screen.height },
    isMobile: screen.phone,
    hasTouch: screen.phone,
    acceptDownloads: true,
  });
  if (dark) await context.addInitScript(() => localStorage.setItem('darkMode', 'true'));
  // A phone's share sheet, so the phone's layout (Share… first, above Copy link and Download) is the one measured.
  if (screen.phone) await context.addInitScript(() => Object.defineProperty(navigator, 'share', { value: () => Promise.resolve(), configurable: true }));
  const page = await context.newPage();
  await page.goto(url);
  await expect(page.locator('html[data-hydrated]')).toBeAttached();
  await expect.poll(() => page.getByTestId('shared-meme').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  return { context, page };
}

/** Whether the whole of an element lies inside the first screen (no scrolling). */
async function inFirstScreen(page: Page, locator: ReturnType<Page['getByRole']>): Promise<boolean> {
  const box = await locator.boundingBox();
  const height = page.viewportSize()!.height;
  return box !== null && box.y >= 0 && box.y + box.height <= height;
}

test('Copy link and Download are in the first screen on a desktop, a laptop and a phone, light and dark', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const { id, url } = await shareOfTemplate(page);
  for (const screen of SCREENS) {
    for (const dark of [false, true]) {
      const { context, page: shown } = await open(browser, url, screen, dark);
      const where = `${screen.name} ${dark ? 'dark' : 'light'}`;
      expect(await shown.evaluate(() => window.scrollY), where).toBe(0);
      expect(await inFirstScreen(shown, shown.getByRole('button', { name: 'Copy link' })), `Copy link, ${where}`).toBe(true);
      expect(await inFirstScreen(shown, shown.getByRole('link', { name: 'Download' })), `Download, ${where}`).toBe(true);
      if (screen.phone) expect(await inFirstScreen(shown, shown.getByRole('button', { name: 'Share…' })), where).toBe(true);
      else await expect(shown.getByRole('button', { name: 'Copy image' })).toBeVisible();
      // The picture itself is seen whole on the same screen.
      expect(await inFirstScreen(shown, shown.getByRole('img', { name: /^Meme/ })), `picture, ${where}`).toBe(true);
      expect(await shown.evaluate(() => document.documentElement.scrollWidth), where).toBeLessThanOrEqual(screen.width);
      expect(await axeProblems(shown), where).toEqual([]);
      await shown.screenshot({ path: `${SHOTS}/first-screen-${screen.name}-${dark ? 'dark' : 'light'}.png` });
      await context.close();
    }
  }
  expect(id).toMatch(/^[a-z0-9]{12}$/);
});

test('the share links go to each network with the page address and nothing else; Download saves the picture', async ({ page, browser }) => {
  const { id, url } = await shareOfTemplate(page);
  const { context, page: shown } = await open(browser, url, SCREENS[0], false);
  const shareOn = shown.getByRole('list').filter({ has: shown.getByRole('link', { name: /Share on X/ }) });
  const hrefs = Object.fromEntries(
    await shareOn.getByRole('link').evaluateAll((links) => links.map((a) => [a.textContent, { href: a.getAttribute('href'), target: a.getAttribute('target'), rel: a.getAttribute('rel') }])),
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
  // No network's script is loaded: every script on the page is the site's own.
  const scripts = await shown.locator('script[src]').evaluateAll((s) => s.map((e) => new URL((e as HTMLScriptElement).src).origin));
  expect(scripts.filter((origin) => origin !== new URL(url).origin)).toEqual([]);

  const [download] = await Promise.all([shown.waitForEvent('download'), shown.getByRole('link', { name: 'Download' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^nope-yep-meme\.(png|jpg|webp)$/);
  const saved = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of saved) chunks.push(chunk as Buffer);
  // The very picture the share serves.
  const file = Buffer.concat(chunks);
  expect(file.byteLength).toBeGreaterThan(1000);
  expect(file.equals(await (await shown.request.get(`/api/shares/${id}/image`)).body())).toBe(true);
  await context.close();
});
