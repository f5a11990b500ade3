import type { Browser, Page } from '@playwright/test';
import { CONTACT_KEPT_DAYS, CONTACT_MESSAGES, contactReceivedSchema } from '../core/api/contact';
import { RATE_LIMIT_WINDOW_MS, RATE_LIMITS_PER_MINUTE } from '../core/limits';
import { expect, test } from './fixtures';
import { axeProblems } from './share-fixtures';

/**
 * The contact form (ADR 0158): errors in words under their fields, a success state that says where the message went,
 * the burst limit's words, and the page on a phone (light), a desktop (dark) and a laptop's short window, with axe.
 * That the operator's `npm run contact:list` reads the message back is scripts/contact-list.test.ts's, on local D1.
 */
const SHOTS = 'e2e/screenshots/contact';
const SCREENS = [
  ['desktop', 1280, 800],
  ['laptop', 1366, 657],
] as const;

async function fill(page: Page, message: string) {
  await page.getByLabel('Your name (optional)').fill('Ada Lovelace');
  await page.getByLabel('Your e-mail address').fill('ada@example.com');
  await page.getByLabel('What is it about?').selectOption({ label: 'A question about using Memeforge' });
  await page.getByLabel('Your message').fill(message);
}

async function opened(browser: Browser, path: string, [, width, height]: (typeof SCREENS)[number], dark: boolean) {
  const context = await browser.newContext({ viewport: { width, height } });
  if (dark) await context.addInitScript(() => localStorage.setItem('darkMode', 'true'));
  const page = await context.newPage();
  await page.goto(path);
  await expect(page.locator('html[data-hydrated]')).toBeAttached();
  return { context, page };
}

test('on a phone: the form first, and an empty one says what is missing under each field, in words, and sends nothing', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  let sent = 0;
  page.on('request', (r) => void (r.url().endsWith('/api/contact') && sent++));
  await page.goto('/contact');
  await expect(page.locator('html[data-hydrated]')).toBeAttached();
  const first = await page.getByLabel('Your e-mail address').boundingBox();
  expect(first!.y + first!.height).toBeLessThanOrEqual(844);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${SHOTS}/contact-phone-light.png`, fullPage: true });
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByLabel('Your e-mail address')).toBeFocused();
  // Scrolled to, clear of the sticky header.
  const header = await page.locator('header').first().boundingBox();
  const field = await page.getByLabel('Your e-mail address').boundingBox();
  expect(field!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
  await expect(page.getByLabel('Your e-mail address')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Your e-mail address')).toHaveAccessibleDescription(
    new RegExp(CONTACT_MESSAGES.email.replace(/[.]/g, '\\.')),
  );
  await expect(page.getByText(CONTACT_MESSAGES.topic)).toBeVisible();
  await expect(page.getByText(CONTACT_MESSAGES.message)).toBeVisible();
  // Typing in a field clears its error; a bad address keeps its own.
  await page.getByLabel('Your e-mail address').fill('ada@');
  await expect(page.getByText(CONTACT_MESSAGES.email)).toHaveCount(0);
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText(CONTACT_MESSAGES.email)).toBeVisible();
  expect(await axeProblems(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/contact-errors-phone-light.png`, fullPage: true });
  expect(sent).toBe(0);
});

test('a message sent from the form is kept, and the page says where it went', async ({ page }) => {
  await page.goto('/contact');
  await expect(page.locator('html[data-hydrated]')).toBeAttached();
  await fill(page, 'Can I make a GIF meme?');
  const [answer] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/contact')),
    page.getByRole('button', { name: 'Send message' }).click(),
  ]);
  expect(answer.status()).toBe(201);
  contactReceivedSchema.parse(await answer.json());
  const sent = page.getByTestId('contact-sent');
  await expect(sent.getByRole('heading', { name: 'Thank you: your message is with us' })).toBeFocused();
  await expect(sent).toContainText(
    `answer by e-mail at ada@example.com. It is kept for ${CONTACT_KEPT_DAYS} days, then deleted.`,
  );
  expect(await axeProblems(page)).toEqual([]);

  await sent.getByRole('button', { name: 'Send another message' }).click();
  await expect(page.getByLabel('Your message')).toHaveValue('');
});

test('past the burst limit the form shows the server’s words and keeps what was typed', async ({ page }) => {
  await page.goto('/contact');
  await expect(page.locator('html[data-hydrated]')).toBeAttached();
  // Burst windows are fixed minutes on the wall clock: start well inside one, or the budget renews before the last send.
  const left = RATE_LIMIT_WINDOW_MS - (Date.now() % RATE_LIMIT_WINDOW_MS);
  if (left < 10_000) await page.waitForTimeout(left + 50);
  // The page's own cookie: the visitor the limit counts.
  for (let i = 0; i < RATE_LIMITS_PER_MINUTE.contact; i++) {
    const res = await page.request.post('/api/contact', {
      data: { email: 'burst@example.com', topic: 'other', message: `burst ${i}` },
    });
    expect([201, 429]).toContain(res.status());
  }
  await fill(page, 'one more');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('alert')).toContainText('Too many requests. Please wait 60 seconds and try again.');
  await expect(page.getByLabel('Your message')).toHaveValue('one more');
});

test('the contact page on a desktop, dark, and a laptop’s short window: axe clean, no sideways scroll, the form first', async ({
  browser,
}) => {
  for (const screen of SCREENS) {
    const dark = screen[0] === 'desktop';
    const { context, page } = await opened(browser, '/contact', screen, dark);
    const where = `${screen[0]} ${dark ? 'dark' : 'light'}`;
    // The first field is in the first screen everywhere.
    const box = await page.getByLabel('Your e-mail address').boundingBox();
    expect(box!.y + box!.height, where).toBeLessThanOrEqual(screen[2]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), where).toBeLessThanOrEqual(screen[1]);
    await page.screenshot({ path: `${SHOTS}/contact-${screen[0]}-${dark ? 'dark' : 'light'}.png`, fullPage: true });
    // The laptop has the desktop's layout in a shorter window: measured, not axed again.
    if (dark) {
      expect(await axeProblems(page), where).toEqual([]);
      await page.getByRole('button', { name: 'Send message' }).click();
      expect(await axeProblems(page), `${where}, with errors`).toEqual([]);
    }
    await context.close();
  }
});
