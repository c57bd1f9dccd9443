import { expect, screenshot, test } from './fixtures.ts';
import { demoAccount, latestMail, SIGNED_OUT } from './identity-helpers.ts';

/** The step-up request is refused once on purpose, before the code is given. */
const STEP_UP_ASKED = /^Failed to load resource: the server responded with a status of 403 \(Forbidden\)$/;

test('the owner makes an API token, a script reads the fleet with it, and it stops once revoked', async ({
  page,
  request,
  playwright,
  baseURL,
  consoleGuard,
}) => {
  test.setTimeout(60_000);
  consoleGuard.allow(STEP_UP_ASKED);
  const owner = await demoAccount(request, 'primary-owner');
  const name = `Inventory script ${Date.now()}`;

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/settings/api-tokens');
  await expect(page.getByRole('heading', { name: 'Create an API token' })).toBeVisible();
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Role').selectOption('viewer');
  await page.getByRole('button', { name: 'Create token' }).click();

  // A token outlives the session that made it: the owner confirms it is them first.
  const dialog = page.getByTestId('step-up-dialog');
  await expect(dialog).toContainText('create an API token');
  const mail = await latestMail(request, owner.email, /confirmation code/);
  await dialog.getByLabel('Code from the email').fill(/(\d{6})/.exec(mail.text)?.[1] ?? '');
  await dialog.getByRole('button', { name: 'Confirm' }).click();

  const shown = page.getByTestId('api-token-secret');
  await expect(shown).toContainText(`“${name}” is ready`);
  const secret = (await shown.locator('code').first().textContent()) ?? '';
  expect(secret).toMatch(/^fdk_[A-Za-z0-9_-]{43}$/);
  await expect(page.getByRole('list', { name: 'Your API tokens' })).toContainText(name);
  await screenshot(page, 'api-tokens-created-1440');

  // A script: no cookie, only the token.
  const script = await playwright.request.newContext({ baseURL, storageState: SIGNED_OUT });
  const headers = { authorization: `Bearer ${secret}` };
  const devices = await script.get('/api/devices?q=status:ACTIVE', { headers });
  expect(devices.status()).toBe(200);
  expect(((await devices.json()) as { devices: unknown[] }).devices.length).toBeGreaterThan(0);

  // Once dismissed, the secret is gone from the page; the list shows the last use.
  await page.getByRole('button', { name: 'I saved it' }).click();
  await expect(page.getByTestId('api-token-secret')).toHaveCount(0);
  await page.reload();
  const row = page
    .getByRole('list', { name: 'Your API tokens' })
    .getByRole('listitem')
    .filter({ hasText: name });
  await expect(row).toContainText('Last used');
  await expect(page.getByText(secret)).toHaveCount(0);

  await screenshot(page, 'api-tokens-list-1440');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'api-tokens-form-390');
  await row.scrollIntoViewIfNeeded();
  await screenshot(page, 'api-tokens-list-390');
  await page.setViewportSize({ width: 1440, height: 900 });

  await row.getByRole('button', { name: `Revoke ${name}` }).click();
  await row.getByRole('button', { name: 'Revoke now' }).click();
  await expect(row).toContainText('Revoked');
  const refused = await script.get('/api/devices', { headers });
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toMatchObject({ error: 'api_token_revoked' });
  await script.dispose();
});
