import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures';
import { corpusFile, toastWith } from './tools-fixtures';

// The local access code of workers/api/.dev.vars.example, which the e2e server uses.
const CODE = 'memeforge-premium';

test('dashboard: wrong code is denied, the right one unlocks, memes list and delete, reload stays unlocked, lock shows the gate', async ({
  page,
}) => {
  const png = await readFile(corpusFile('formats/sample.png'));
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Premium Dashboard Access' })).toBeVisible();
  await expect(page.getByTestId('dashboard-explained')).toContainText(
    'The dashboard is where Premium members find their saved memes',
  );
  await expect(page.getByRole('link', { name: 'Ask for Premium' })).toHaveAttribute('href', '/contact?plan=premium');
  // To someone without a code: what the dashboard is, what Premium adds, and this browser's share links below.
  await expect(page.getByTestId('dashboard-explained')).toContainText(
    'It opens with the access code support sends each member.',
  );
  const notMember = page.getByRole('region', { name: 'Not a member?' });
  await expect(notMember).toContainText('Save memes to your dashboard');
  await expect(notMember.getByRole('link', { name: 'See pricing' })).toHaveAttribute('href', '/pricing');
  await expect(page.getByRole('heading', { name: /Your share links/ })).toBeVisible();
  // Still in the main menu: the share links make it useful to anyone who shared a meme.
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' })).toBeVisible();

  const field = page.getByLabel('Access Code');
  await expect(field).toHaveAttribute('type', 'password');
  await field.fill('not-the-code');
  await field.press('Enter');
  await expect(toastWith(page, 'Access Denied')).toContainText(
    'That access code is not right. Please check it and try again.',
  );
  await expect(page.getByRole('heading', { name: 'Premium Dashboard Access' })).toBeVisible();
  // It is an access code, not a password, wherever a person reads it (the field stays masked).
  await expect(page.locator('#access-error')).toHaveText(
    'That access code is not right. Please check it and try again.',
  );
  expect(await page.locator('body').innerText()).not.toMatch(/password/i);

  await field.fill(CODE);
  await page.getByRole('button', { name: 'Access Dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Premium Dashboard', exact: true })).toBeVisible();
  await expect(page.getByText('Premium Member', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your Saved Memes (0)' })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Monthly AI operations' })).toHaveAttribute('aria-valuenow', '0');
  await expect(page.getByTestId('trend-total')).toHaveText('0 actions in the last 30 days.');

  // Two memes downloaded while unlocked are saved for this member (same browser cookies).
  for (const filename of ['first meme', 'second meme']) {
    const res = await page.request.post('/api/download-meme', {
      data: { canvasData: `data:image/png;base64,${png.toString('base64')}`, filename, format: 'png' },
    });
    expect(res.status()).toBe(201);
    expect(((await res.json()) as { isPremium: boolean }).isPremium).toBe(true);
  }
  // One AI operation as this member (an upscale by the local AI service) counts on the usage card and the chart.
  const upscaled = await page.request.post('/api/optimize', {
    multipart: { operation: 'upscale', factor: '2', image: { name: 'sample.png', mimeType: 'image/png', buffer: png } },
  });
  expect(upscaled.status()).toBe(200);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Your Saved Memes (2)' })).toBeVisible();
  const bar = page.getByRole('progressbar', { name: 'Monthly AI operations' });
  await expect(bar).toHaveAttribute('aria-valuenow', '1');
  await expect(bar).toHaveAttribute('aria-valuemax', '1000');
  await expect(bar).toHaveAttribute('aria-valuetext', '1 of 1,000 AI operations this month');
  const figures = page.getByTestId('usage-figure');
  await expect(figures.filter({ hasText: 'Downloads this month' })).toContainText('2');
  await expect(figures.filter({ hasText: 'AI operations, all time' })).toContainText('1');
  await expect(figures.filter({ hasText: 'Busiest day' })).toContainText(/[A-Z][a-z]{2} \d{1,2} · 3/);
  await expect(page.getByTestId('trend-total')).toHaveText('3 actions in the last 30 days.');
  const today = page.getByRole('table', { name: 'Daily activity, last 30 days' }).getByRole('row').last();
  await expect(today.getByRole('cell')).toHaveText([new Date().toISOString().slice(0, 10), '1', '2']);
  const memes = page.getByTestId('saved-meme');
  await expect(memes).toHaveCount(2);
  await expect(memes.first()).toContainText(/[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} (AM|PM)/);
  const cards = page.getByTestId('stat-card');
  await expect(cards.filter({ hasText: 'Memes Saved' })).toContainText('2');
  await expect(cards.filter({ hasText: 'Downloads' })).toContainText('2');
  await expect(cards.filter({ hasText: 'AI Operations this month' })).toContainText('1');
  // This member unlocked for the first time in this test: member since this month (the browser's time zone).
  const thisMonth = await page.evaluate(() =>
    new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' }).format(new Date()),
  );
  await expect(cards.filter({ hasText: 'Member Since' })).toContainText(thisMonth);

  // Delete asks first; Cancel keeps the meme.
  await page.getByRole('button', { name: 'Delete second meme' }).click();
  await page
    .getByRole('group', { name: 'Confirm deleting second meme' })
    .getByRole('button', { name: 'Cancel' })
    .click();
  await expect(memes).toHaveCount(2);
  await page.getByRole('button', { name: 'Delete second meme' }).click();
  await page.getByRole('button', { name: 'Yes, delete' }).click();
  await expect(toastWith(page, 'Meme Deleted')).toContainText('Your meme has been permanently deleted');
  await expect(page.getByRole('heading', { name: 'Your Saved Memes (1)' })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Premium Dashboard', exact: true })).toBeVisible();
  await expect(memes).toHaveCount(1);
  await expect(memes.first()).toContainText('first meme');

  // A meme already deleted elsewhere (here through the API) cannot be deleted again: the 'Delete Failed' toast
  // (docs/product.md §6).
  const { memes: left } = (await (await page.request.get('/api/user-memes')).json()) as { memes: { id: string }[] };
  expect((await page.request.delete(`/api/user-memes/${left[0]!.id}`)).status()).toBeLessThan(300);
  await page.getByRole('button', { name: 'Delete first meme' }).click();
  await page.getByRole('button', { name: 'Yes, delete' }).click();
  await expect(toastWith(page, 'Delete Failed')).toContainText('Unable to delete meme. Please try again.');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Your Saved Memes (0)' })).toBeVisible();

  await page.getByRole('button', { name: 'Lock dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Premium Dashboard Access' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Premium Dashboard Access' })).toBeVisible();
  expect((await page.request.get('/api/user-memes', { failOnStatusCode: false })).status()).toBe(401);
});
