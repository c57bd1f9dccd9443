import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { expect, screenshot, test } from './fixtures.ts';
import { demoAccount, OWNER_STATE, signInWithGoogle } from './identity-helpers.ts';

/**
 * The first journey of a new organization (it runs before every other journey, which reuse its
 * signed-in owner): Google sign-in through the emulator's consent page → onboarding → the first
 * sync of the emulator's 300 devices, live to 100 % → dashboard; sign-out → `/` with `onboardingHandled_v1` gone; a second sign-in of the same
 * user lands on the dashboard directly.
 */
test('first Google sign-in, onboarding, sign-out and a direct second sign-in', async ({ page, request }) => {
  test.setTimeout(150_000);
  const owner = await demoAccount(request, 'primary-owner');

  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?next=%2Fdashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to Fleetdeck' })).toBeVisible();
  await screenshot(page, 'login');

  const statusCheck = page.waitForRequest('**/api/auth/session-status');
  await signInWithGoogle(page, owner.email);
  const sessionStatus = await statusCheck;
  expect(sessionStatus.method()).toBe('POST');
  expect(sessionStatus.headers()['authorization']).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);
  await expect(page).toHaveURL(/\/onboarding$/);
  expect(await page.evaluate(() => localStorage.getItem('onboardingHandled_v1'))).toBeNull();

  // Step 1: connect the Workspace; the customer and domain are shown.
  await page.getByRole('button', { name: 'Connect Google Workspace' }).click();
  await expect(page.getByTestId('connected-customer')).toContainText(owner.hostedDomain);
  await screenshot(page, 'onboarding');
  // Step 2: the OU scope, validated before it is sent.
  const ouPath = page.getByLabel('Organizational unit path');
  await expect(ouPath).toHaveValue('/');
  await ouPath.fill('Schools/');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByRole('alert')).toContainText('Enter an organizational unit path such as /');
  await ouPath.fill('/');
  const startSync = page.waitForResponse(
    (response) => response.url().endsWith('/api/sync/runs') && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Save and continue' }).click();
  // Step 3: the first sync of the emulator's 300 devices starts by itself and runs to the end.
  const firstSync = page.locator('li[aria-current="step"]');
  await expect(firstSync.getByRole('heading', { name: 'First sync' })).toBeVisible();
  const started = await startSync;
  expect(started.status()).toBe(202);
  expect(((await started.json()) as { run: { kind: string } }).run.kind).toBe('full');
  const bar = firstSync.getByRole('progressbar', { name: 'Sync progress' });
  await expect(bar).toBeVisible();
  await screenshot(page, 'onboarding-first-sync-started');
  await expect(bar).toHaveAttribute('aria-valuenow', '100', { timeout: 60_000 });
  await expect(firstSync.getByTestId('sync-percent')).toHaveText('100 %');
  await expect(firstSync.getByTestId('sync-devices')).toHaveText('300 devices written');
  await expect(firstSync).toContainText('The first sync is done');
  await screenshot(page, 'onboarding-first-sync-done');
  await firstSync.getByRole('button', { name: 'Go to the dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('onboardingHandled_v1'))).toBe('1');

  // The user menu: who, which organization and role, and the ways out.
  await page.getByRole('button', { name: `Account: ${owner.name}` }).click();
  const menu = page.getByRole('menu');
  await expect(menu).toContainText(owner.email);
  await expect(menu.getByTestId('account-organization')).toHaveText(`${owner.hostedDomain} · Owner`);
  const logout = page.waitForRequest('**/api/auth/logout');
  await menu.getByRole('menuitem', { name: 'Sign out of this device' }).click();
  expect((await logout).method()).toBe('POST');
  await expect(page).toHaveURL(/\/$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Your Chromebook fleet, clear and fast.' }),
  ).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('onboardingHandled_v1'))).toBeNull();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?next=/);

  // Second sign-in: session-status says onboarded, straight to the dashboard.
  await signInWithGoogle(page, owner.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('onboardingHandled_v1'))).toBe('1');

  mkdirSync(dirname(OWNER_STATE), { recursive: true });
  await page.context().storageState({ path: OWNER_STATE });
});
