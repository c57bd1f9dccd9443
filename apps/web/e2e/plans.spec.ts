import type { APIRequestContext, Browser, Page, TestInfo } from '@playwright/test';
import { expect, primaryNav, screenshot, screenshotSizes, test } from './fixtures.ts';
import {
  demoAccount,
  freshEmail,
  latestMail,
  ownerApi,
  SIGNED_OUT,
  signInWithEmailCode,
  stepUpByEmail,
  totpCode,
} from './identity-helpers.ts';

/**
 * Change plans, as an admin meets them: a CSV of 40 rows built from the fleet (three of them bad:
 * an unknown serial, a blank key, a unit that does not exist) is uploaded, its columns guessed from
 * the header, read back row by row and sent for approval; its author cannot approve it; a second
 * admin, with an authenticator app, approves it after confirming it is them.
 */

test.use({ viewport: { width: 1440, height: 900 } });

const STEP_UP_ASKED = /^Failed to load resource: the server responded with a status of 403 \(Forbidden\)$/;

interface ListedDevice {
  serialNumber: string | null;
  orgUnitPath: string | null;
}

/** 38 active devices of the fleet: 37 rows that change a location, one that names a unit that does not exist. */
async function planCsv(api: APIRequestContext, run: string): Promise<string> {
  const response = await api.get('/api/devices?q=status%3AACTIVE&limit=38&count=none');
  expect(response.status(), await response.text()).toBe(200);
  const { devices } = (await response.json()) as { devices: ListedDevice[] };
  const usable = devices.filter((device) => device.serialNumber && device.orgUnitPath);
  expect(usable.length).toBe(38);
  const good = usable
    .slice(0, 37)
    .map(
      (device, index) => `${device.serialNumber ?? ''},${device.orgUnitPath ?? ''},Room ${run}-${index + 1}`,
    );
  const first = usable[0]?.orgUnitPath ?? '/';
  const bad = [
    `NO-SUCH-SERIAL-${run},${first},Room ${run}-x`,
    `,${first},Room ${run}-y`,
    `${usable[37]?.serialNumber ?? ''},/No Such Unit ${run},Room ${run}-z`,
  ];
  return ['Serial Number,Org Unit Path,Location', ...good.slice(0, 8), ...bad, ...good.slice(8)].join('\r\n');
}

/** A second admin: invited by the owner (after a step-up), signed in with an email code, joined. */
async function secondAdmin(
  browser: Browser,
  request: APIRequestContext,
  testInfo: TestInfo,
  owner: APIRequestContext,
) {
  const email = freshEmail('plan-approver');
  const invited = await owner.post('/api/organization/invitations', {
    data: { email, role: 'admin', ouScope: [] },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const context = await browser.newContext({
    storageState: SIGNED_OUT,
    baseURL: testInfo.project.use.baseURL,
    viewport: { width: 1440, height: 900 },
    extraHTTPHeaders: { 'X-Forwarded-For': '10.250.3.9' },
  });
  const admin = await context.newPage();
  await signInWithEmailCode(admin, request, email);
  await expect(admin).toHaveURL(/\/onboarding$/);
  const invitation = await latestMail(request, email, /You are invited/);
  await admin.goto(invitation.link ?? '');
  await admin.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(admin.getByText(/^You joined .+ as an admin\.$/)).toBeVisible();
  return { admin, context };
}

/** Turns on an authenticator app for the signed-in member: the secret, and the 30-second step it was used in. */
async function enrolTotp(page: Page): Promise<{ secret: string; usedStep: number }> {
  await page.goto('/settings/security');
  const enabled = page.waitForResponse('**/api/identity/two-factor/enable');
  await page.getByRole('button', { name: 'Set up authenticator app' }).click();
  const { totpURI } = (await (await enabled).json()) as { totpURI: string };
  const secret = new URL(totpURI).searchParams.get('secret') ?? '';
  const usedStep = Math.floor(Date.now() / 30_000);
  await page.getByLabel('3. Code from the app').fill(totpCode(secret));
  await page.getByRole('button', { name: 'Verify and turn on' }).click();
  await expect(page.getByText('Two-step verification is on for your account.')).toBeVisible();
  return { secret, usedStep };
}

test('a CSV update is read row by row, sent for approval and approved by a second admin', async ({
  page,
  browser,
  request,
  consoleGuard,
}, testInfo) => {
  test.setTimeout(180_000);
  consoleGuard.allow(STEP_UP_ASKED);
  const baseURL = testInfo.project.use.baseURL ?? '';
  const run = Date.now().toString(36);
  const owner = await ownerApi(baseURL, '10.251.3.1');
  try {
    // 37 changes is under the default threshold (500): this organization asks approval above 30.
    // Not lower: bulk actions above the threshold become plans too, and the fleet journeys running
    // beside this one move 30 devices at once (decision 048).
    const threshold = await owner.put('/api/plans/settings', { data: { approvalThreshold: 30 } });
    expect(threshold.status(), await threshold.text()).toBe(200);
    const csv = await planCsv(owner, run);

    // From the navigation to the new CSV update; each page puts focus on its heading.
    await page.goto('/dashboard');
    await primaryNav(page).getByRole('link', { name: 'Change plans' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Change plans' })).toBeFocused();
    await page.getByRole('link', { name: 'New CSV update' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'New CSV update' })).toBeFocused();
    await page
      .getByLabel('Choose a CSV file, or drop it here')
      .setInputFiles({ name: `plan-${run}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) });

    // The mapping guessed from the header, shown for editing.
    await expect(page.getByLabel('Use of column Serial Number')).toHaveValue('key:serial');
    await expect(page.getByLabel('Use of column Org Unit Path')).toHaveValue('field:orgUnitPath');
    await expect(page.getByLabel('Use of column Location')).toHaveValue('field:annotatedLocation');
    await expect(page.getByLabel('Blank cells of column Location')).toHaveValue('leave');
    await expect(page.getByLabel('Blank cells of column Org Unit Path')).toHaveCount(0);
    await screenshotSizes(page, 'plans-csv-mapping', page.getByTestId('csv-mapping'));
    await page.getByRole('button', { name: 'Build the plan' }).click();

    // The plan: what each row will do, and why the refused ones are refused.
    await expect(page).toHaveURL(/\/plans\/[0-9a-f-]{36}$/);
    const planUrl = new URL(page.url()).pathname;
    await expect(page.getByRole('heading', { level: 1, name: `CSV update: plan-${run}.csv` })).toBeFocused();
    await expect(page.getByTestId('plan-state')).toHaveText('Draft');
    const counts = { change: 37, unchanged: 0, not_found: 1, ambiguous: 0, out_of_scope: 0, invalid: 2 };
    for (const [outcome, count] of Object.entries(counts))
      await expect(page.getByTestId(`plan-count-${outcome}`)).toContainText(String(count));
    const items = page.getByTestId('plan-item');
    await expect(items).toHaveCount(40);
    await expect(items.first()).toContainText(`Location: `);
    await expect(items.first()).toContainText(`Room ${run}-1`);

    await page.getByTestId('plan-count-invalid').click();
    await expect(page.getByTestId('plan-count-invalid')).toHaveAttribute('aria-pressed', 'true');
    await expect(items).toHaveCount(2);
    await expect(items.filter({ hasText: '(blank)' }).getByTestId('plan-item-reason')).not.toBeEmpty();
    await expect(items.nth(1).getByTestId('plan-item-reason')).toContainText(`No Such Unit ${run}`);
    await screenshotSizes(page, 'plans-plan-invalid-rows', page.getByTestId('plan-items'));
    await page.getByTestId('plan-count-not_found').click();
    await expect(items).toHaveCount(1);
    await expect(items.first()).toContainText(`NO-SUCH-SERIAL-${run}`);

    // Sent for approval; its author is told why they cannot approve it.
    await page.getByRole('button', { name: 'Send for approval' }).click();
    await expect(page.getByTestId('plan-state')).toHaveText('Awaiting approval');
    await expect(
      page.getByTestId('plan-actions').getByRole('button', { name: 'Approve', exact: true }),
    ).toBeDisabled();
    await expect(page.getByTestId('plan-approve-why')).toContainText('You made this plan');
    await expect(page.getByTestId('plan-run-area')).toContainText('Nothing changes on any device');
    await screenshotSizes(page, 'plans-plan-awaiting-approval');

    // A second admin approves it, confirming it is them with their authenticator app.
    await stepUpByEmail(owner, (await demoAccount(owner, 'primary-owner')).email);
    const { admin, context } = await secondAdmin(browser, request, testInfo, owner);
    try {
      const adminErrors: string[] = [];
      admin.on('pageerror', (error) => adminErrors.push(error.message));
      const { secret, usedStep } = await enrolTotp(admin);
      await admin.goto(planUrl);
      await expect(admin.getByTestId('plan-state')).toHaveText('Awaiting approval');
      await expect(admin.getByTestId('plan-approve-why')).toHaveCount(0);
      // The enrolment's code may not be used twice.
      const wait = (usedStep + 1) * 30_000 - Date.now();
      if (wait > 0) await admin.waitForTimeout(wait + 250);
      await admin.getByTestId('plan-actions').getByRole('button', { name: 'Approve', exact: true }).click();
      const dialog = admin.getByRole('dialog', { name: 'Confirm it is you' });
      await expect(dialog.getByLabel('Authenticator code')).toBeVisible();
      await dialog.getByLabel('Authenticator code').fill(totpCode(secret));
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await expect(admin.getByTestId('plan-state')).toHaveText('Approved');
      await expect(admin.getByText(/^Approved by /)).toBeVisible();
      await screenshotSizes(admin, 'plans-plan-approved');
      expect(adminErrors).toEqual([]);
    } finally {
      await context.close();
    }

    // The author sees it approved, in the list too.
    await page.reload();
    await expect(page.getByTestId('plan-state')).toHaveText('Approved');
    await page.goto('/plans?state=approved');
    await expect(page.getByTestId('plan-row').filter({ hasText: `plan-${run}.csv` })).toBeVisible();
    await screenshotSizes(page, 'plans-list');
  } finally {
    await owner.put('/api/plans/settings', { data: { approvalThreshold: 500 } });
    await owner.dispose();
  }
});

test('a rollover moves the devices of one unit to another, shown as counts per pair and a sample', async ({
  page,
}) => {
  const response = await page.request.get('/api/org-units');
  const { orgUnits } = (await response.json()) as {
    orgUnits: { orgUnitPath: string; deviceCount: number }[];
  };
  const from = orgUnits.find((unit) => unit.deviceCount > 0 && unit.orgUnitPath !== '/');
  const to = orgUnits.find((unit) => unit.orgUnitPath !== '/' && unit.orgUnitPath !== from?.orgUnitPath);
  if (!from || !to) throw new Error('the fleet has no two units to roll over');

  await page.goto('/plans');
  await page.getByRole('link', { name: 'New rollover' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New rollover' })).toBeFocused();
  await page.getByLabel('Pair 1: from').fill(from.orgUnitPath);
  await page.getByLabel('Pair 1: to').fill(to.orgUnitPath);
  await page.getByLabel('Plan name (optional)').fill('Rollover journey');
  await screenshotSizes(page, 'plans-rollover-new');
  await page.getByRole('button', { name: 'Build the plan' }).click();

  await expect(page).toHaveURL(/\/plans\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Rollover journey' })).toBeFocused();
  const pair = page.getByTestId('rollover-pairs').getByRole('row').nth(1);
  await expect(pair).toContainText(`${from.orgUnitPath} → ${to.orgUnitPath}`);
  const devices = Number((await pair.getByRole('cell').nth(2).textContent())?.replace(/\D/g, ''));
  expect(devices).toBeGreaterThan(0);
  await expect(page.getByTestId('plan-count-change')).toContainText(devices.toLocaleString('en-US'));
  await expect(page.getByTestId('plan-item')).toHaveCount(Math.min(devices, 100));
  await screenshotSizes(page, 'plans-rollover-plan', page.getByTestId('rollover-pairs'));
  // The plan page in the dark theme too (axe checks its contrast).
  await page.emulateMedia({ colorScheme: 'dark' });
  await screenshot(page, 'plans-rollover-plan-dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await page.getByRole('button', { name: 'Cancel plan' }).click();
  await expect(page.getByTestId('plan-state')).toHaveText('Cancelled');
});
