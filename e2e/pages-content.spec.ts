import { expect, test } from './fixtures';
import { axeProblems } from './share-fixtures';

/**
 * The pages issue 40 found thin (About, Terms, Help, the 404, the dashboard to someone without a code, pricing,
 * privacy, the sharing guide): each at a desktop, a laptop and a phone, light and dark, with axe and screenshots for
 * review, and the 404 page's template search against the real catalogue.
 */
const SHOTS = 'e2e/screenshots/pages';
const PAGES = ['/about', '/terms', '/help', '/privacy', '/pricing', '/dashboard', '/how-to/share-memes-online', '/no-such-page'];
const SCREENS = [
  ['desktop', 1280, 800],
  ['laptop', 1366, 657],
  ['phone', 390, 844],
] as const;

test('the changed pages at a desktop, a laptop and a phone, light and dark: axe clean (desktop and phone), no sideways scroll', async ({ browser }) => {
  test.setTimeout(300_000);
  for (const [name, width, height] of SCREENS) {
    for (const dark of [false, true]) {
      const context = await browser.newContext({ viewport: { width, height }, isMobile: name === 'phone', hasTouch: name === 'phone' });
      if (dark) await context.addInitScript(() => localStorage.setItem('darkMode', 'true'));
      const page = await context.newPage();
      for (const path of PAGES) {
        const where = `${path} ${name} ${dark ? 'dark' : 'light'}`;
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 }), where).toBeVisible();
        if (path === '/dashboard') await expect(page.getByRole('heading', { name: 'Not a member?' })).toBeVisible();
        expect(await page.evaluate(() => document.documentElement.scrollWidth), where).toBeLessThanOrEqual(width);
        // The laptop has the desktop's layout (the same breakpoints) in a shorter window: looked at, not axed again.
        if (name !== 'laptop') expect(await axeProblems(page), where).toEqual([]);
        await page.screenshot({ path: `${SHOTS}/${path.slice(1).replace(/\//g, '-')}-${name}-${dark ? 'dark' : 'light'}.png`, fullPage: true });
      }
      await context.close();
    }
  }
});

test('the 404 page speaks plainly, offers the main places and finds a template by name', async ({ page }) => {
  const answer = await page.goto('/no-such-page');
  expect(answer!.status()).toBe(404);
  const main = page.locator('main');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(main).not.toContainText(/router|404 Page/i);
  for (const [name, href] of [['Make a meme', '/meme-generator'], ['Image tools', '/#tools'], ['How-to guides', '/tutorials'], ['Help', '/help']] as const) {
    await expect(main.getByRole('link', { name: new RegExp(`^${name}`) })).toHaveAttribute('href', href);
  }
  const search = page.getByRole('searchbox', { name: 'Template name' });
  await search.fill('nope');
  await search.press('Enter');
  const found = main.getByRole('link', { name: /Nope \/ Yep/ });
  await expect(found).toHaveAttribute('href', '/meme-generator?template=nope-yep');
  await expect(page.getByRole('status').filter({ hasText: 'found for “nope”' })).toBeVisible();
  expect(await axeProblems(page)).toEqual([]);
  await search.fill('zzqxv');
  await search.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'No template matches “zzqxv”' })).toBeVisible();
  await found.or(main.getByRole('link', { name: 'browse them all' })).first().click();
  await expect(page).toHaveURL(/\/meme-generator$/);
});

test('the dashboard explains itself to someone without a code, and lists this browser’s share links below', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page.getByTestId('dashboard-explained')).toContainText('It opens with the access code support sends each member.');
  const notMember = page.getByRole('region', { name: 'Not a member?' });
  await expect(notMember).toContainText('Save memes to your dashboard');
  await expect(notMember.getByRole('link', { name: 'See pricing' })).toHaveAttribute('href', '/pricing');
  await expect(page.getByRole('heading', { name: /Your share links/ })).toBeVisible();
  // Still in the main menu: the share links make it useful to anyone who shared a meme.
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' })).toBeVisible();
});
