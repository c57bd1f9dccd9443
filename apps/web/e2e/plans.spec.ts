import { readFileSync } from 'node:fs';
import type { APIRequestContext, Browser, Page, TestInfo } from '@playwright/test';
import { expect, primaryNav, screenshot, screenshotSizes, test } from './fixtures.ts';
import {
  confirmStepUpByEmail,
  demoAccount,
  freshEmail,
  latestMail,
  mailedStepUpCodes,
  ownerApi,
  SIGNED_OUT,
  signInWithEmailCode,
  stepUpByEmail,
  totpCode,
} from './identity-helpers.ts';

/**
 * Change plans, as an admin meets them: the fleet grows at Google by 2,000 devices (synced in), a
 * CSV of 2,000 rows moving 1,997 of them between two units (three rows bad: an unknown serial, a
 * blank key, a unit that does not exist) is uploaded, its columns guessed from the header, read
 * back row by row and sent for approval; its author cannot approve it; a second admin, with an
 * authenticator app, approves it after confirming it is them. The author runs it and watches it
 * go (progress, time left, the write budget), downloads its results, finds it on a device's
 * timeline and in the audit log, and undoes it. Growing the fleet, this file runs in the project
 * that comes after every journey counting on the fleet onboarding copied (playwright.config.ts).
 */

test.use({ viewport: { width: 1440, height: 900 } });

const STEP_UP_ASKED = /^Failed to load resource: the server responded with a status of 403 \(Forbidden\)$/;
const emulatorOrigin = () => `http://127.0.0.1:${process.env.FLEETDECK_E2E_EMULATOR_PORT ?? ''}`;
/** Rows of the CSV update: 1,997 moves and three bad rows. */
const ROWS = 2_000;
/** The organization's write budget for the run (moves go 50 devices a call: 40 calls for 1,997). */
const WRITES_PER_MINUTE = 120;

interface ListedDevice {
  deviceId: string;
  serialNumber: string | null;
  orgUnitPath: string | null;
  status: string | null;
}

/** Enrols `count` new devices at Google: their ids. */
async function enrolDevices(api: APIRequestContext, count: number): Promise<Set<string>> {
  const added = new Set<string>();
  for (let left = count; left > 0; left -= 1_000) {
    const enrolled = await api.post(`${emulatorOrigin()}/__emulator/devices/enroll`, {
      data: { count: Math.min(1_000, left) },
    });
    expect(enrolled.status(), await enrolled.text()).toBe(200);
    for (const id of ((await enrolled.json()) as { deviceIds: string[] }).deviceIds) added.add(id);
  }
  return added;
}

/** Runs a sync (or follows the one under way) to its end. */
async function syncNow(api: APIRequestContext): Promise<void> {
  const started = await api.post('/api/sync/runs', { data: { kind: 'incremental' } });
  expect(started.status(), await started.text()).toBe(202);
  const { run } = (await started.json()) as { run: { id: string } };
  await expect
    .poll(
      async () => ((await (await api.get(`/api/sync/runs/${run.id}`)).json()) as { status: string }).status,
      { timeout: 90_000 },
    )
    .toBe('succeeded');
}

/** The devices of `ids` as Fleetdeck lists them, every page read. */
async function listedDevices(api: APIRequestContext, ids: ReadonlySet<string>): Promise<ListedDevice[]> {
  const devices: ListedDevice[] = [];
  for (let cursor: string | null = ''; cursor !== null;) {
    const page = await api.get(
      `/api/devices?limit=500&count=none${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    expect(page.status(), await page.text()).toBe(200);
    const body = (await page.json()) as { devices: ListedDevice[]; nextCursor: string | null };
    devices.push(...body.devices.filter((device) => ids.has(device.deviceId)));
    cursor = body.nextCursor;
  }
  return devices;
}

/** Grows the fleet at Google by `count` devices and syncs them in (again, if a sync was already under way). */
async function growFleet(api: APIRequestContext, count: number): Promise<ListedDevice[]> {
  const added = await enrolDevices(api, count);
  for (let attempt = 1; ; attempt += 1) {
    await syncNow(api);
    const devices = await listedDevices(api, added);
    if (devices.length === count || attempt === 3) {
      expect(devices).toHaveLength(count);
      return devices;
    }
  }
}

/** Two units other than the root, for the moves. */
async function twoUnits(api: APIRequestContext): Promise<[string, string]> {
  const response = await api.get('/api/org-units');
  const { orgUnits } = (await response.json()) as { orgUnits: { orgUnitPath: string }[] };
  const [first, second] = orgUnits.map((unit) => unit.orgUnitPath).filter((path) => path !== '/');
  if (!first || !second) throw new Error('the fleet has no two units to move devices between');
  return [first, second];
}

/**
 * 2,000 rows: 1,997 active devices each moved to the unit of the two it is not in, one unknown
 * serial, one blank key, one unit that does not exist (rows 10, 901 and 1,502 of the file).
 */
function planCsv(devices: ListedDevice[], [first, second]: [string, string], run: string): string {
  const usable = devices.filter((device) => device.serialNumber && device.status === 'ACTIVE');
  expect(usable.length).toBeGreaterThanOrEqual(ROWS - 2);
  const target = (device: ListedDevice) =>
    device.orgUnitPath?.toLowerCase() === first.toLowerCase() ? second : first;
  const good = usable.slice(0, ROWS - 3).map((device) => `${device.serialNumber ?? ''},${target(device)}`);
  const lines = ['Serial Number,Org Unit Path', ...good];
  lines.splice(9, 0, `NO-SUCH-SERIAL-${run},${first}`);
  lines.splice(900, 0, `,${first}`);
  lines.splice(1_501, 0, `${usable[ROWS - 3]?.serialNumber ?? ''},/No Such Unit ${run}`);
  return lines.join('\r\n');
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

/** Uploads the CSV, checks the mapping guessed from its header, builds the plan: its page's path. */
async function buildPlan(page: Page, csv: string, run: string): Promise<string> {
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
  await expect(page.getByLabel('Blank cells of column Org Unit Path')).toHaveCount(0);
  await screenshotSizes(page, 'plans-csv-mapping', page.getByTestId('csv-mapping'));
  await page.getByRole('button', { name: 'Build the plan' }).click();
  await expect(page).toHaveURL(/\/plans\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  return new URL(page.url()).pathname;
}

/** The plan read back: counts per outcome, the three bad rows and why each is refused. */
async function readPlan(page: Page, run: string, [first]: [string, string]): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: `CSV update: plan-${run}.csv` })).toBeFocused();
  await expect(page.getByTestId('plan-state')).toHaveText('Draft');
  const counts = {
    change: '1,997',
    unchanged: '0',
    not_found: '1',
    ambiguous: '0',
    out_of_scope: '0',
    invalid: '2',
  };
  for (const [outcome, count] of Object.entries(counts))
    await expect(page.getByTestId(`plan-count-${outcome}`)).toContainText(count);
  const items = page.getByTestId('plan-item');
  await expect(items).toHaveCount(100);
  await expect(items.first()).toContainText('OU: ');
  await expect(items.filter({ hasText: first }).first()).toBeVisible();
  await page.getByTestId('plan-count-invalid').click();
  await expect(page.getByTestId('plan-count-invalid')).toHaveAttribute('aria-pressed', 'true');
  await expect(items).toHaveCount(2);
  await expect(items.filter({ hasText: '(blank)' }).getByTestId('plan-item-reason')).not.toBeEmpty();
  await expect(items.nth(1).getByTestId('plan-item-reason')).toContainText(`No Such Unit ${run}`);
  await screenshotSizes(page, 'plans-plan-invalid-rows', page.getByTestId('plan-items'));
  await page.getByTestId('plan-count-not_found').click();
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText(`NO-SUCH-SERIAL-${run}`);
  await page.getByTestId('plan-count-not_found').click();
}

/** A second admin approves the plan, confirming it is them with their authenticator app. */
async function approveAsSecondAdmin(
  browser: Browser,
  request: APIRequestContext,
  testInfo: TestInfo,
  owner: APIRequestContext,
  planUrl: string,
): Promise<void> {
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
}

/** Run (confirming it is them if the session's proof is not fresh): the Run card shows the run as it goes. */
async function startRun(page: Page, request: APIRequestContext, ownerEmail: string): Promise<void> {
  const seen = new Set((await mailedStepUpCodes(request, ownerEmail)).map((mail) => mail.id));
  const card = page.getByTestId('plan-run-area');
  await card.getByRole('button', { name: 'Run', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm it is you' });
  await expect(
    dialog.or(card.getByTestId('plan-run-progress')).or(card.getByTestId('plan-run-done')),
  ).toBeVisible();
  if (await dialog.isVisible()) await confirmStepUpByEmail(page, request, ownerEmail, seen);
}

/** The run as it goes: progress, time left, the write budget; then its end, counted per result. */
async function watchRun(page: Page, changes: string, name: string): Promise<void> {
  const card = page.getByTestId('plan-run-area');
  await expect(page.getByTestId('plan-state')).toHaveText('Running');
  const progress = card.getByRole('progressbar', { name: 'Plan run progress' });
  await expect(progress).toBeVisible();
  await expect(card.getByTestId('plan-run-time-left')).toHaveText(/ left$|^Estimating…$|^Finishing…$/);
  await expect(card.getByTestId('plan-run-budget')).toHaveText(`${WRITES_PER_MINUTE} writes a minute`);
  // It moves without a reload (the realtime channel), part way through.
  await expect
    .poll(async () => Number(await progress.getAttribute('aria-valuenow')), { timeout: 30_000 })
    .toBeGreaterThan(0);
  await expect(card.getByTestId('plan-run-time-left')).toHaveText(/ left$/);
  await screenshot(page, `${name}-running-1440`);
  await expect(page.getByTestId('plan-state')).toHaveText('Done', { timeout: 90_000 });
  await expect(card.getByTestId('plan-run-succeeded')).toContainText(changes);
  await expect(card.getByTestId('plan-run-failed')).toContainText('0');
}

/** The results file: a line per CSV row, each with what became of it. */
async function downloadResults(page: Page): Promise<void> {
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download results' }).click();
  const file = await (await download).path();
  const lines = readFileSync(file, 'utf8').trim().split(/\r?\n/);
  expect(lines[0]).toBe('Row,Device ID,Serial,Outcome,Message');
  expect(lines).toHaveLength(ROWS + 1);
  expect(lines.filter((line) => /^\d+,[^,]+,[^,]+,Changed,/.test(line))).toHaveLength(ROWS - 3);
  expect(lines.filter((line) => line.includes(',Not found,'))).toHaveLength(1);
  expect(lines.filter((line) => line.includes(',Invalid,'))).toHaveLength(2);
}

/** One device's timeline names the plan that moved it, and links to it; so does the audit log. */
async function findItAgain(page: Page, planUrl: string, device: ListedDevice, title: string): Promise<void> {
  await page.goto(`/devices/chromebook/${device.deviceId}`);
  await page.getByRole('tab', { name: 'People & places' }).click();
  const entry = page
    .getByRole('list', { name: 'Device timeline' })
    .getByTestId('timeline-entry')
    .filter({ has: page.getByTestId('timeline-plan-link') })
    .first();
  await expect(entry).toContainText(`changed by plan "${title}"`);
  await entry.getByRole('link', { name: `Plan: ${title}` }).click();
  await expect(page).toHaveURL(new RegExp(`${planUrl}$`));
  await page.getByRole('link', { name: 'See it in the audit log' }).click();
  await expect(page).toHaveURL(/\/settings\/audit\?plan=/);
  await expect(page.getByTestId('audit-plan-filter')).toBeVisible();
  const finished = page.getByRole('row').filter({ hasText: 'Change plan finished' });
  await expect(finished).toHaveCount(1);
  await expect(finished).toContainText(`${ROWS - 3} succeeded, 0 failed`);
  await screenshot(page, 'plans-audit-log-1440');
  const moved = page.getByRole('row').filter({ hasText: 'Device moved to another OU' }).first();
  await expect(moved).toBeVisible();
  await moved.getByRole('link', { name: 'Done by Fleetdeck for their change plan' }).click();
  await expect(page).toHaveURL(new RegExp(`${planUrl}$`));
}

test('a 2,000-row CSV update is read, approved by a second admin, run, found again and undone', async ({
  page,
  browser,
  request,
  consoleGuard,
}, testInfo) => {
  test.setTimeout(300_000);
  consoleGuard.allow(STEP_UP_ASKED);
  const baseURL = testInfo.project.use.baseURL ?? '';
  const run = Date.now().toString(36);
  const owner = await ownerApi(baseURL, '10.251.3.1');
  try {
    const budget = await owner.put('/api/plans/settings', { data: { writesPerMinute: WRITES_PER_MINUTE } });
    expect(budget.status(), await budget.text()).toBe(200);
    const units = await twoUnits(owner);
    const devices = await growFleet(owner, ROWS);
    const planUrl = await buildPlan(page, planCsv(devices, units, run), run);
    await readPlan(page, run, units);

    // Sent for approval; its author is told why they cannot approve it.
    await page.getByRole('button', { name: 'Send for approval' }).click();
    await expect(page.getByTestId('plan-state')).toHaveText('Awaiting approval');
    await expect(
      page.getByTestId('plan-actions').getByRole('button', { name: 'Approve', exact: true }),
    ).toBeDisabled();
    await expect(page.getByTestId('plan-approve-why')).toContainText('You made this plan');
    await expect(page.getByTestId('plan-run-area')).toContainText('Nothing changes on any device');
    await screenshotSizes(page, 'plans-plan-awaiting-approval');
    const ownerEmail = (await demoAccount(owner, 'primary-owner')).email;
    await stepUpByEmail(owner, ownerEmail);
    await approveAsSecondAdmin(browser, request, testInfo, owner, planUrl);

    // The author sees it approved, runs it and watches it go.
    await page.reload();
    await expect(page.getByTestId('plan-state')).toHaveText('Approved');
    await startRun(page, request, ownerEmail);
    await watchRun(page, '1,997', 'plans-plan');
    await screenshot(page, 'plans-plan-done-1440');
    await downloadResults(page);
    await findItAgain(
      page,
      planUrl,
      devices.find((device) => device.status === 'ACTIVE') as ListedDevice,
      `CSV update: plan-${run}.csv`,
    );

    // Undo: the reverse plan, previewed like any plan; under this organization's threshold for it,
    // its author sends and runs it.
    const threshold = await owner.put('/api/plans/settings', { data: { approvalThreshold: 5_000 } });
    expect(threshold.status(), await threshold.text()).toBe(200);
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await expect(page).not.toHaveURL(new RegExp(`${planUrl}$`));
    await expect(page).toHaveURL(/\/plans\/[0-9a-f-]{36}$/);
    await expect(
      page.getByRole('heading', { level: 1, name: `Undo: CSV update: plan-${run}.csv` }),
    ).toBeFocused();
    await expect(page.getByTestId('plan-count-change')).toContainText('1,997');
    await expect(page.getByTestId('plan-count-changed_since')).toContainText('0');
    await page.getByRole('button', { name: 'Send for approval' }).click();
    await expect(page.getByTestId('plan-state')).toHaveText('Approved');
    await startRun(page, request, ownerEmail);
    await watchRun(page, '1,997', 'plans-undo-plan');
    await screenshot(page, 'plans-undo-plan-done-1440');
    await page.goto(planUrl);
    await expect(page.getByTestId('plan-state')).toHaveText('Undone');
    await expect(page.getByRole('link', { name: 'Open the undo plan' })).toBeVisible();
  } finally {
    await owner.put('/api/plans/settings', { data: { approvalThreshold: 500, writesPerMinute: 60 } });
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
