import { expect, test } from './fixtures';
import type { UsageLimit } from '../core/api/usage';
import { API_MONTHLY_CALLS, FREE_DAILY_AI_LIMIT, IMAGE_TTL_SECONDS_DEFAULT } from '../core/limits';
import { ABUSE_EMAIL, SUPPORT_EMAIL } from '../core/site';
import { apiHasRoute, serveTemplates } from './home-fixtures';
import { axeProblems } from './share-fixtures';

const GUIDE_SLUGS = [
  'meme-generator-guide',
  'create-custom-meme',
  'upload-image-meme',
  'meme-text-editing',
  'download-memes',
  'share-memes-online',
];
const MY_PAGES = [
  '/',
  '/pricing',
  '/tutorials',
  '/about',
  '/privacy',
  '/terms',
  '/contact',
  '/help',
  '/tools/compress',
  '/tools/remove-bg',
  '/tools/resize',
  ...GUIDE_SLUGS.map((s) => `/how-to/${s}`),
];

/**
 * The pages issue 40 gave new parts (About, Help, pricing's cards, the dashboard to someone without a code, the 404),
 * axed in the dark-mode and phone passes below. Terms, privacy and the sharing guide got new words in the prose
 * styles every guide uses: looked at in screenshots, not axed on every run.
 */
const AXED = ['/about', '/help', '/pricing', '/dashboard', '/no-such-page'];

test.beforeEach(async ({ page }) => serveTemplates(page, []));

test('every page has its own title and a meta description; home and guides have Open Graph tags', async ({ page }) => {
  const titles = new Set<string>();
  for (const path of MY_PAGES) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    const title = await page.title();
    expect(title, path).toMatch(/Memeforge/);
    titles.add(title);
    expect(await page.locator('meta[name="description"]').getAttribute('content'), path).toBeTruthy();
    const og = page.locator('meta[property="og:title"]');
    if (path === '/' || path.startsWith('/how-to/')) await expect(og, path).toHaveAttribute('content', title);
    // The home's icon, read while the home is open rather than by loading it again.
    if (path === '/') expect(await page.locator('link[rel="icon"]').getAttribute('href')).toBe('/favicon.svg');
  }
  expect(titles.size).toBe(MY_PAGES.length);
  expect((await page.request.get('/favicon.svg')).status()).toBe(200);
});

test('every header and footer link resolves (no 404)', async ({ page }) => {
  const home = await page.goto('/');
  const hrefs = await page
    .locator('header a[href], footer a[href]')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
  const unique = [...new Set(hrefs.map((h) => h.split('#')[0] || '/'))];
  expect(unique).toEqual(
    expect.arrayContaining([
      '/',
      '/dashboard',
      '/pricing',
      '/meme-generator',
      '/tools/compress',
      '/tools/remove-bg',
      '/tools/resize',
      '/about',
      '/privacy',
      '/terms',
      '/contact',
      '/help',
      '/tutorials',
    ]),
  );
  for (const href of unique) {
    // The home link, while the home is still the open page, is answered by the load above.
    const response = href === '/' && new URL(page.url()).pathname === '/' ? home : await page.goto(href);
    expect(response?.status(), href).toBe(200);
    await expect(page.getByRole('heading', { name: 'Page not found' }), href).toHaveCount(0);
  }
});

test('dark mode applies to every page; the reworked ones are axe clean in it', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('darkMode', 'true'));
  for (const path of [...MY_PAGES, '/dashboard', '/no-such-page']) {
    await page.goto(path);
    // The dashboard draws its gate once it has asked for the session.
    await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible();
    await expect(page.locator('html'), path).toHaveClass(/dark/);
    const colours = await page.evaluate(() => ({
      body: getComputedStyle(document.body).backgroundColor,
      heading: getComputedStyle(document.querySelector('h1')!).color,
    }));
    expect(colours.body, path).toBe('rgb(2, 6, 23)');
    expect(colours.heading, path).toBe('rgb(255, 255, 255)');
    if (AXED.includes(path)) expect(await axeProblems(page), path).toEqual([]);
  }
});

test('every page fits a 390 px wide phone without sideways scrolling; the reworked ones are axe clean there', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of [...MY_PAGES, '/dashboard', '/no-such-page']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(path === '/no-such-page' ? 404 : 200);
    await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
    if (AXED.includes(path)) expect(await axeProblems(page), path).toEqual([]);
  }
});

test.describe('pricing', () => {
  test('shows Free and Premium from the one catalogue, every number the product enforces, and the questions', async ({
    page,
  }) => {
    await page.goto('/pricing');
    // Two plans (core/plans.ts, ADR 0159): nothing sold that the product does not do.
    const cards = page.getByRole('article');
    await expect(cards).toHaveCount(2);
    await expect(cards.nth(0)).toContainText('Free');
    await expect(cards.nth(0)).toContainText(`${FREE_DAILY_AI_LIMIT} AI operations a day`);
    await expect(cards.nth(0)).toContainText('upscale up to 4×');
    await expect(cards.nth(1)).toContainText('Premium');
    await expect(cards.nth(1)).toContainText('$19.99');
    await expect(cards.nth(1)).toContainText(`each with ${API_MONTHLY_CALLS.toLocaleString('en-US')} calls a month`);
    await expect(page.getByRole('heading', { name: 'Frequently asked questions' })).toBeVisible();
    await page.getByText('How many free AI operations do I get?').click();
    const text = await page.locator('main').innerText();
    const numbers = [...text.matchAll(/(\d+) AI operations a day/g)].map((m) => Number(m[1]));
    expect(numbers.length).toBeGreaterThanOrEqual(3);
    expect(new Set(numbers)).toEqual(new Set([FREE_DAILY_AI_LIMIT]));
    for (const gone of [
      /\bPro\b/,
      /Most Popular/,
      /premium templates/i,
      /\bHD\b/,
      /custom fonts/i,
      /bulk export/i,
      /trial/i,
    ])
      expect(text).not.toMatch(gone);
    await cards.nth(1).getByRole('link', { name: 'Ask for Premium' }).click();
    await expect(page).toHaveURL(/\/contact\?plan=premium$/);
    // The contact page preselects Premium, says how a membership is set up, and offers the support address.
    await expect(page.getByLabel('What is it about?')).toHaveValue('premium');
    await expect(page.getByTestId('plan-note')).toContainText('Interested in Premium ($19.99 per month)?');
    await expect(page.getByRole('link', { name: SUPPORT_EMAIL })).toHaveAttribute(
      'href',
      `mailto:${SUPPORT_EMAIL}?subject=Premium`,
    );
  });

  test.describe('against the real API (GET /api/usage-limit)', () => {
    test('the page shows the same allowance the API enforces', async ({ page }) => {
      await page.goto('/pricing');
      test.skip(
        !(await apiHasRoute(page, 'GET', '/api/usage-limit')),
        'GET /api/usage-limit is not in this build yet: run after merging.',
      );
      const usage = (await (await page.request.get('/api/usage-limit')).json()) as UsageLimit;
      expect(usage.premium).toBe(false);
      await expect(page.getByTestId('free-allowance')).toHaveText(String(usage.totalLimit));
    });
  });
});

test.describe('how-to guides', () => {
  test('each guide has its article, a call to action and the five other guides', async ({ page }) => {
    for (const slug of GUIDE_SLUGS) {
      await page.goto(`/how-to/${slug}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect((await page.locator('article').innerText()).length, slug).toBeGreaterThan(900);
      await expect(page.locator('main'), slug).toContainText('10MB');
      await expect(page.locator('main'), slug).toContainText(
        'JPG/JPEG, PNG, WEBP, GIF, BMP, TIFF, AVIF and HEIC; an animated GIF or WebP keeps moving',
      );
      await expect(page.getByRole('link', { name: 'Open the Meme Generator' })).toHaveAttribute(
        'href',
        '/meme-generator',
      );
      const related = page
        .locator('section', { has: page.getByRole('heading', { name: 'Related How-To Guides' }) })
        .getByRole('link');
      await expect(related).toHaveCount(5);
      const hrefs = await related.evaluateAll((links) => links.map((a) => a.getAttribute('href')));
      expect(new Set(hrefs)).toEqual(new Set(GUIDE_SLUGS.filter((s) => s !== slug).map((s) => `/how-to/${s}`)));
    }
  });

  test('an unknown guide is a 404 and /tutorials lists all six', async ({ page }) => {
    expect((await page.goto('/how-to/no-such-guide'))?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.goto('/tutorials');
    for (const slug of GUIDE_SLUGS) await expect(page.locator(`main a[href="/how-to/${slug}"]`)).toBeVisible();
  });
});

test.describe('placeholder pages', () => {
  test('compress, remove-bg and resize point to the right tool and tab', async ({ page }) => {
    const cases: [string, string][] = [
      ['/tools/compress', '/tools/optimize?tab=compress'],
      ['/tools/remove-bg', '/tools/optimize?tab=remove-background'],
      ['/tools/resize', '/tools/modify?tab=resize'],
    ];
    for (const [path, href] of cases) {
      await page.goto(path);
      await expect(
        page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Tools' }),
      ).toHaveAttribute('href', '/#tools');
      const link = page.locator(`main a[href="${href}"]`);
      await expect(link, path).toBeVisible();
      await link.click();
      await expect(page).toHaveURL(new RegExp(`${href.replace('?', '\\?')}$`));
    }
  });

  test('privacy, contact, terms, about and help say what docs/product.md §2 says', async ({ page }) => {
    await page.goto('/privacy');
    await expect(page.locator('main')).toContainText(
      `deleted automatically after ${IMAGE_TTL_SECONDS_DEFAULT / 60} minutes`,
    );
    await expect(page.locator('main')).toContainText('never sell');
    await page.goto('/contact');
    await expect(page.getByRole('link', { name: SUPPORT_EMAIL })).toHaveAttribute('href', `mailto:${SUPPORT_EMAIL}`);
    await expect(page.getByRole('link', { name: ABUSE_EMAIL })).toHaveAttribute('href', `mailto:${ABUSE_EMAIL}`);
    await page.goto('/terms');
    await expect(page.locator('main')).toContainText('illegal or harmful');
    // The take-down flow of ADR 0139: the abuse address and what a taken-down link says.
    await expect(page.getByRole('link', { name: ABUSE_EMAIL })).toHaveAttribute('href', `mailto:${ABUSE_EMAIL}`);
    await expect(page.locator('main')).toContainText('This meme is gone');
    await page.goto('/about');
    await expect(page.locator('main')).toContainText('mission');
    await expect(page.locator('main')).toContainText(`${FREE_DAILY_AI_LIMIT} AI operations a day`);
    await page.goto('/help');
    // Real answers, each pointing to the guide or screen that does the job; none "on their way".
    await expect(page.locator('main')).not.toContainText('on their way');
    for (const question of [
      'How do I make a meme?',
      'How do I share a meme by link?',
      'How does the daily AI allowance work?',
      'What happens to my pictures?',
    ]) {
      await expect(page.getByRole('term').filter({ hasText: question })).toBeVisible();
    }
    await expect(page.locator('main a[href="/how-to/share-memes-online"]')).toBeVisible();
    // Accounts are optional and made with a passkey; the answer leads to the account page.
    const account = page.getByRole('definition').filter({ hasText: 'passkey' });
    await expect(account).toContainText('keeps your share links, saved memes');
    await expect(account.locator('a[href="/account"]')).toBeVisible();
  });
});
