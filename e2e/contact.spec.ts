import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Browser, Page } from '@playwright/test';
import { CONTACT_KEPT_DAYS, CONTACT_MESSAGES } from '../core/api/contact';
import { RATE_LIMITS_PER_MINUTE } from '../core/limits';
import { SUPPORT_EMAIL } from '../core/site';
import { expect, test } from './fixtures';
import { axeProblems } from './share-fixtures';

/**
 * The contact form (ADR 0158): errors in words under their fields, a success state that says where the message went,
 * the message in the operator's list (`npm run contact:list` on the server's local D1), the burst limit's words, and
 * the page at a desktop, a laptop and a phone, light and dark, with axe.
 */
const run = promisify(execFile);
const SHOTS = 'e2e/screenshots/contact';
const SCREENS = [
  ['desktop', 1280, 800],
  ['laptop', 1366, 657],
  ['phone', 390, 844],
] as const;

async function fill(page: Page, message: string) {
  await page.getByLabel('Your name (optional)').fill('Ada Lovelace');
  await page.getByLabel('Your e-mail address').fill('ada@example.com');
  await page.getByLabel('What is it about?').selectOption({ label: 'A question about using Memeforge' });
  await page.getByLabel('Your message').fill(message);
}

async function opened(browser: Browser, path: string, [name, width, height]: (typeof SCREENS)[number], dark: boolean) {
  const context = await browser.newContext({ viewport: { width, height }, isMobile: name === 'phone', hasTouch: name === 'phone' });
  if (dark) await context.addInitScript(() => localStorage.setItem('darkMode', 'true'));
  const page = await context.newPage();
  await page.goto(path);
  await expect(page.locator('html[data-hydrated]')).toBeAttached();
  return { context, page };
}

test('an empty form says what is missing under each field, in words, and sends nothing', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  let sent = 0;
  page.on('request', (r) => void (r.url().endsWith('/api/contact') && sent++));
  await page.goto('/contact');
  await expect(page.locator('html[data-hydrated]')).toBeAttached();
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByLabel('Your e-mail address')).toBeFocused();
  // Scrolled to, clear of the sticky header.
  const header = await page.locator('header').first().boundingBox();
  const field = await page.getByLabel('Your e-mail address').boundingBox();
  expect(field!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
  await expect(page.getByLabel('Your e-mail address')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Your e-mail address')).toHaveAccessibleDescription(new RegExp(CONTACT_MESSAGES.email.replace(/[.]/g, '\\.')));
  await expect(page.getByText(CONTACT_MESSAGES.topic)).toBeVisible();
  await expect(page.getByText(CONTACT_MESSAGES.message)).toBeVisible();
  // Typing in a field clears its error; a bad address keeps its own.
  await page.getByLabel('Your e-mail address').fill('ada@');
  await expect(page.getByText(CONTACT_MESSAGES.email)).toHaveCount(0);
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText(CONTACT_MESSAGES.email)).toBeVisible();
  expect(await axeProblems(page)).toEqual([]);
  expect(sent).toBe(0);
});

test('a message sent from the form is in the operator’s list, and the page says where it went', async ({ page }) => {
  test.setTimeout(90_000);
  const words = `Can I make a GIF meme? (e2e ${Date.now()})`;
  await page.goto('/contact');
  await expect(page.locator('html[data-hydrated]')).toBeAttached();
  await fill(page, words);
  await page.getByRole('button', { name: 'Send message' }).click();
  const sent = page.getByTestId('contact-sent');
  await expect(sent.getByRole('heading', { name: 'Thank you: your message is with us' })).toBeFocused();
  await expect(sent).toContainText(`answer by e-mail at ada@example.com. It is kept for ${CONTACT_KEPT_DAYS} days, then deleted.`);
  expect(await axeProblems(page)).toEqual([]);

  // What the operator runs, on the local D1 this server writes to (playwright.config.ts's PERSIST_DIR).
  const persist = `.wrangler/e2e-state-${new URL(page.url()).port}`;
  const { stdout } = await run('npx', ['tsx', 'scripts/contact-list.ts', '--limit', '20'], {
    env: { ...process.env, PERSIST_DIR: persist, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' },
    timeout: 60_000,
  });
  expect(stdout).toContain('A question about using Memeforge');
  expect(stdout).toContain('From: Ada Lovelace <ada@example.com>');
  expect(stdout).toContain(`    ${words}`);

  await sent.getByRole('button', { name: 'Send another message' }).click();
  await expect(page.getByLabel('Your message')).toHaveValue('');
});

test('past the burst limit the form shows the server’s words and keeps what was typed', async ({ page }) => {
  await page.goto('/contact');
  await expect(page.locator('html[data-hydrated]')).toBeAttached();
  // The page's own cookie: the visitor the limit counts.
  for (let i = 0; i < RATE_LIMITS_PER_MINUTE.contact; i++) {
    const res = await page.request.post('/api/contact', { data: { email: 'burst@example.com', topic: 'other', message: `burst ${i}` } });
    expect([201, 429]).toContain(res.status());
  }
  await fill(page, 'one more');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('alert')).toContainText('Too many requests. Please wait 60 seconds and try again.');
  await expect(page.getByLabel('Your message')).toHaveValue('one more');
});

test('the Premium button’s link preselects Premium and says how a membership is set up; the support address is there', async ({ page }) => {
  await page.goto('/contact?plan=premium');
  await expect(page.getByTestId('plan-note')).toContainText('Interested in Premium ($19.99 per month)?');
  await expect(page.getByLabel('What is it about?')).toHaveValue('premium');
  await expect(page.getByRole('link', { name: SUPPORT_EMAIL })).toHaveAttribute('href', `mailto:${SUPPORT_EMAIL}?subject=Premium`);
});

test('the contact page at a desktop, a laptop and a phone, light and dark: axe clean, no sideways scroll, the form first', async ({ browser }) => {
  test.setTimeout(120_000);
  for (const screen of SCREENS) {
    for (const dark of [false, true]) {
      const { context, page } = await opened(browser, '/contact', screen, dark);
      const where = `${screen[0]} ${dark ? 'dark' : 'light'}`;
      // The first field is in the first screen everywhere.
      const box = await page.getByLabel('Your e-mail address').boundingBox();
      expect(box!.y + box!.height, where).toBeLessThanOrEqual(screen[2]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), where).toBeLessThanOrEqual(screen[1]);
      expect(await axeProblems(page), where).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/contact-${screen[0]}-${dark ? 'dark' : 'light'}.png`, fullPage: true });
      await page.getByRole('button', { name: 'Send message' }).click();
      expect(await axeProblems(page), `${where}, with errors`).toEqual([]);
      if (screen[0] === 'phone') await page.screenshot({ path: `${SHOTS}/contact-errors-phone-${dark ? 'dark' : 'light'}.png`, fullPage: true });
      await context.close();
    }
  }
});
