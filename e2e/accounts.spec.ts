import type { BrowserContext, CDPSession, Page } from '@playwright/test';
import { BASE_URL } from '../playwright.config';
import { expect, test } from './fixtures';
import { apiShare } from './share-fixtures';

/**
 * Accounts with passkeys (ADR 0170, 0171, 0172), in Chromium with the DevTools virtual authenticator: an account made
 * on one browser, a share link made there, the passkey copied to a second browser (as a synced passkey would be),
 * signed in there to the same account and share; then the account deleted: the share's page and picture answer 410
 * and the first browser is signed out. WebAuthn needs a domain name, so this spec alone runs on localhost.
 */
const LOCALHOST = BASE_URL.replace('127.0.0.1', 'localhost');
test.use({ baseURL: LOCALHOST });

/** A platform authenticator that holds discoverable credentials and says yes at once. */
async function virtualAuthenticator(
  context: BrowserContext,
  page: Page,
): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

test('a passkey account follows its person to a second browser; deleting it takes the share down and signs the first out', async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(90_000);
  const first = await virtualAuthenticator(context, page);
  // Signed out, the page asks nothing about a session it has no hint of: no 401, no console error.
  const asked: string[] = [];
  const errors: string[] = [];
  page.on('request', (r) => r.url().endsWith('/api/account') && asked.push(r.method()));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.goto('/account');
  await expect(page.getByRole('button', { name: 'Create an account with a passkey' })).toBeVisible();
  await expect(page.getByTestId('account-link')).toHaveText('Sign in');
  expect(asked).toEqual([]);
  expect(errors).toEqual([]);
  await page.getByRole('button', { name: 'Create an account with a passkey' }).click();
  await expect(page.getByTestId('recovery-code')).toHaveText(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){4}$/);
  await expect(page.getByTestId('account-link')).toHaveText('Account');
  const share = await apiShare(page, 'on every device');

  // The passkey, copied as a synced passkey reaches another device.
  const { credentials } = await first.cdp.send('WebAuthn.getCredentials', { authenticatorId: first.authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]!.isResidentCredential).toBe(true);
  const other = await browser.newContext({ baseURL: LOCALHOST });
  const phone = await other.newPage();
  const second = await virtualAuthenticator(other, phone);
  await second.cdp.send('WebAuthn.addCredential', {
    authenticatorId: second.authenticatorId,
    credential: credentials[0]!,
  });

  await phone.goto('/account');
  await phone.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(phone.getByTestId('account-signed-in')).toBeVisible();
  await expect(phone.getByTestId('account-shares').locator(`a[href="/m/${share.id}"]`)).toBeVisible();
  await expect(phone.getByTestId('sessions').getByRole('listitem')).toHaveCount(2);
  // The dashboard's "Your share links" lists the account's, from the server, on a browser that never made it.
  await phone.goto('/dashboard');
  await expect(phone.getByTestId('share-links').locator(`a[href="/m/${share.id}"]`)).toBeVisible();
  await phone.goto('/account');
  const accountId = ((await (await phone.request.get('/api/account')).json()) as { id: string }).id;
  expect(((await (await page.request.get('/api/account')).json()) as { id: string }).id).toBe(accountId);

  await phone.getByRole('button', { name: 'Delete my account' }).click();
  await phone.getByRole('button', { name: 'Delete everything' }).click();
  await expect(phone.getByRole('button', { name: 'Sign in with a passkey' })).toBeVisible();
  expect((await phone.request.get(`/m/${share.id}`)).status()).toBe(410);
  expect((await phone.request.get(`/api/shares/${share.id}/image`)).status()).toBe(410);
  await other.close();

  // The first browser is signed out: its page says so, and its header no longer says Account.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Create an account with a passkey' })).toBeVisible();
  await expect(page.getByTestId('account-link')).toHaveText('Sign in');
  expect((await page.request.get('/api/account')).status()).toBe(401);
});
