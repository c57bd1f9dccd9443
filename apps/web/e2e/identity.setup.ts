import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { expect, screenshot, screenshotSizes, test } from './fixtures.ts';
import { demoAccount, OWNER_STATE, signInWithGoogle } from './identity-helpers.ts';

const emulatorOrigin = () => `http://127.0.0.1:${process.env.FLEETDECK_E2E_EMULATOR_PORT ?? ''}`;

/** Google's Directory API answers every request this much later (the emulator's control API). */
async function setDirectoryLatency(request: APIRequestContext, ms: number): Promise<void> {
  const response = await request.post(`${emulatorOrigin()}/__emulator/latency`, {
    data: { ms, api: 'directory' },
  });
  expect(response.status()).toBe(200);
}

/**
 * The first journey of a new organization (it runs before every other journey, which reuse its
 * signed-in owner): Google sign-in through the emulator's consent page → onboarding, reloaded at
 * each step (it resumes where the server says it is, and never starts a second first sync) → the
 * first sync of the emulator's 300 devices, live to 100 % → the app lets the owner in → dashboard;
 * sign-out → `/` saying so, with `onboardingHandled_v1` gone; a second sign-in of the same user lands on the
 * dashboard directly.
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

  // How often the page asks to start a sync (each answer is checked where it is expected).
  let syncStarts = 0;
  page.on('request', (sent) => {
    if (sent.url().endsWith('/api/sync/runs') && sent.method() === 'POST') syncStarts += 1;
  });
  const currentStep = page.locator('li[aria-current="step"]');
  const stepCard = (title: string) => page.getByRole('listitem').filter({ hasText: title });

  // Step 1: connect the Workspace; the customer and domain are shown.
  await page.getByRole('button', { name: 'Connect Google Workspace' }).click();
  await expect(page.getByTestId('connected-customer')).toContainText(owner.hostedDomain);
  await screenshot(page, 'onboarding');
  // Leaving and coming back resumes at step 2.
  await page.reload();
  await expect(currentStep.getByRole('heading', { name: 'Choose what Fleetdeck manages' })).toBeVisible();
  await expect(page.getByTestId('connected-customer')).toContainText(owner.hostedDomain);
  // Step 2: the OU scope, validated before it is sent.
  const ouPath = page.getByLabel('Organizational unit path');
  await expect(ouPath).toHaveValue('/');
  await ouPath.fill('Schools/');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByRole('alert')).toContainText('Enter an organizational unit path such as /');
  await ouPath.fill('/');
  // Google answers the Directory API slowly for a while, so the first sync is surely still running
  // when the page is reloaded below.
  await setDirectoryLatency(request, 2_000);
  const startSync = page.waitForResponse(
    (response) => response.url().endsWith('/api/sync/runs') && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Save and continue' }).click();
  // Step 3: the first sync of the emulator's 300 devices starts by itself.
  await expect(currentStep.getByRole('heading', { name: 'First sync' })).toBeVisible();
  const started = await startSync;
  expect(started.status()).toBe(202);
  const firstRun = (await started.json()) as { run: { id: string; kind: string }; created: boolean };
  expect(firstRun.run.kind).toBe('full');
  expect(firstRun.created).toBe(true);
  await expect(currentStep.getByRole('progressbar', { name: 'Sync progress' })).toBeVisible();
  await screenshot(page, 'onboarding-first-sync-started');

  // Leaving while it runs ("You can leave this page"): the page comes back at the first sync, past
  // the scope step, and the first-sync step is handed the run already going instead of a new one.
  const resumed = page.waitForResponse(
    (response) => response.url().endsWith('/api/sync/runs') && response.request().method() === 'POST',
  );
  await page.reload();
  expect(await (await resumed).json()).toMatchObject({ created: false, run: { id: firstRun.run.id } });
  await expect(currentStep.getByRole('heading', { name: 'First sync' })).toBeVisible();
  await expect(stepCard('Choose what Fleetdeck manages')).toContainText('Done');
  await expect(ouPath).toHaveCount(0);
  await setDirectoryLatency(request, 0);
  // It runs to the end, live, on the page that came back.
  const bar = currentStep.getByRole('progressbar', { name: 'Sync progress' });
  await expect(bar).toHaveAttribute('aria-valuenow', '100', { timeout: 60_000 });
  await expect(currentStep.getByTestId('sync-percent')).toHaveText('100 %');
  await expect(currentStep.getByTestId('sync-devices')).toHaveText('300 devices written');
  await expect(currentStep).toContainText('The first sync is done');
  // Its step reads as done (not "Now") while it shows the result and the way on.
  await expect(currentStep.getByText('Done', { exact: true })).toBeVisible();
  await expect(currentStep.getByText('Now', { exact: true })).toHaveCount(0);
  await screenshot(page, 'onboarding-first-sync-done');
  expect(syncStarts).toBe(2);

  // Once it succeeded, onboarding is past the first sync: a reload says so and starts nothing.
  await page.reload();
  await expect(page.getByText(/is set up\. You can go to the dashboard\./)).toBeVisible();
  await expect(stepCard('First sync')).toContainText('Done');
  await expect(ouPath).toHaveCount(0);
  // The app lets the owner in, without passing through "Go to the dashboard" first.
  await page.goto('/devices/fleetStatus');
  await expect(page).toHaveURL(/\/devices\/fleetStatus$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Fleet status' })).toBeVisible();
  await page.goto('/onboarding');
  await expect(page.getByText(/is set up\. You can go to the dashboard\./)).toBeVisible();
  expect(syncStarts).toBe(2);
  // One full sync in the organization's history: the first one.
  const history = (await (await page.request.get('/api/sync/runs?limit=50')).json()) as {
    runs: { id: string; kind: string }[];
  };
  expect(history.runs.filter((run) => run.kind === 'full').map((run) => run.id)).toEqual([firstRun.run.id]);
  await page.getByRole('button', { name: 'Go to the dashboard' }).click();
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
  await expect(page.getByTestId('signed-out-notice')).toHaveText(
    'You are signed out. Sign in again to get back to your fleet.',
  );
  await screenshotSizes(page, 'signed-out');
  expect(await page.evaluate(() => localStorage.getItem('onboardingHandled_v1'))).toBeNull();
  // Said once: a reload of the page is a visit like any other.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: /clear and fast/ })).toBeVisible();
  await expect(page.getByTestId('signed-out-notice')).toHaveCount(0);
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
