import { expect, test } from './fixtures';

test('home page loads with the shared header, breadcrumb and footer', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Memeforge' }).first()).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Home');
  await expect(page.getByRole('contentinfo')).toContainText(`© ${new Date().getUTCFullYear()}`);
});

test('dark mode survives a reload with no flash of light', async ({ page }) => {
  await page.goto('/');
  const html = page.locator('html');
  await expect(html).not.toHaveClass(/dark/);
  await page.getByRole('button', { name: 'Switch to dark mode' }).click();
  await expect(html).toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem('darkMode'))).toBe('true');

  // The class must already be there in the first paint, before any React code runs.
  await page.route('**/build/**', (route) => route.abort());
  await page.reload();
  await expect(html).toHaveClass(/dark/);
  await page.unroute('**/build/**');

  await page.reload();
  await page.getByRole('button', { name: 'Switch to light mode' }).click();
  await expect(html).not.toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem('darkMode'))).toBe('false');
});

test('a visitor who never chose follows the system dark preference, before any script of ours, and a choice overrides it', async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  const html = page.locator('html');
  // The boot script (under the page's CSP nonce) applies it before the app's code loads.
  await page.route('**/build/**', (route) => route.abort());
  await page.goto('/');
  await expect(html).toHaveClass(/dark/);
  await page.unroute('**/build/**');

  await page.reload();
  const toLight = page.getByRole('button', { name: 'Switch to light mode' });
  await expect(toLight).toBeVisible();
  // The system changing while the visitor has not chosen is followed live.
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(html).not.toHaveClass(/dark/);
  await expect(page.getByRole('button', { name: 'Switch to dark mode' })).toBeVisible();
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(html).toHaveClass(/dark/);

  // A choice is stored and wins over the system from then on, across reloads.
  await toLight.click();
  await expect(html).not.toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem('darkMode'))).toBe('false');
  await page.reload();
  await expect(html).not.toHaveClass(/dark/);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(html).not.toHaveClass(/dark/);
});

test('an unknown path answers 404 with the 404 page', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
});

test('tool pages show the Tools breadcrumb linking to /#tools', async ({ page }) => {
  await page.goto('/tools/optimize');
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs.getByRole('link', { name: 'Tools' })).toHaveAttribute('href', '/#tools');
  await expect(crumbs).toContainText('Optimize');
});

test('How To goes to the home page section from elsewhere', async ({ page }) => {
  await page.goto('/pricing');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'How To' }).click();
  await expect(page).toHaveURL(/\/#how-to$/);
  await expect(page.locator('#how-to')).toBeInViewport();
});

test('the API answers on the same origin, unknown routes as 404 JSON', async ({ request }) => {
  const health = await request.get('/api/health');
  expect(health.status()).toBe(200);
  expect(await health.json()).toMatchObject({ ok: true, bindings: { db: true, bucket: true } });
  const missing = await request.get('/api/no-such');
  expect(missing.status()).toBe(404);
  expect(await missing.json()).toMatchObject({ code: 'not_found' });
});
