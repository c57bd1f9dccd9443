import type { Page } from '@playwright/test';
import { expect, screenshot, test } from './fixtures.ts';

/**
 * The policy debugger against the emulator's seeded Chrome policies: district-wide values at the
 * root, a return message (and more) on each school, a few overrides on grades. A device in a grade
 * shows values inherited from the root and from its school; two schools compare with the seeded
 * differences; a move preview lists what changes.
 */

const emulatorOrigin = () => `http://127.0.0.1:${process.env.FLEETDECK_E2E_EMULATOR_PORT ?? ''}`;

interface EmulatorDevice {
  deviceId: string;
  serialNumber: string;
  orgUnitPath: string;
}

interface OrgUnit {
  id: string;
  path: string;
  parentId: string | null;
}

const depth = (path: string) => (path === '/' ? 0 : path.split('/').length - 1);

/** A device sitting in a grade (depth 2), from the middle of the emulator's fleet. */
async function gradeDevice(page: Page): Promise<EmulatorDevice> {
  const response = await page.request.get(`${emulatorOrigin()}/__emulator/devices?count=200`);
  expect(response.ok()).toBe(true);
  const { devices } = (await response.json()) as { devices: EmulatorDevice[] };
  const inGrades = devices.filter((device) => depth(device.orgUnitPath) === 2);
  const device = inGrades[Math.floor(inGrades.length / 2)];
  if (!device) throw new Error('the generated fleet has no device in a grade');
  return device;
}

/** Schools (depth 1) with grades below them, in the order the emulator seeds them. */
async function schools(page: Page): Promise<OrgUnit[]> {
  const response = await page.request.get('/api/policy/org-units');
  expect(response.ok()).toBe(true);
  const { orgUnits } = (await response.json()) as { orgUnits: OrgUnit[] };
  return orgUnits.filter((unit) => depth(unit.path) === 1).sort((a, b) => a.path.localeCompare(b.path));
}

/** The device summary's values that are cut off (an ellipsis hides part of them). */
async function clippedFacts(page: Page): Promise<string[]> {
  return page
    .getByTestId('policy-device')
    .locator('dd')
    .evaluateAll((values) =>
      values.filter((value) => value.scrollWidth > value.clientWidth + 1).map((value) => value.textContent),
    );
}

function row(page: Page, schema: string) {
  return page.locator(`[data-testid="policy-row"][data-schema="${schema}"]`);
}

test.describe('policy debugger', () => {
  test('a grade device: inherited from the district root and set on its school, searchable', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const device = await gradeDevice(page);
    const school = `/${device.orgUnitPath.split('/')[1] ?? ''}`;
    await page.goto('/debugPolicy');
    await expect(page.getByRole('tree', { name: 'Organizational units' })).toBeVisible();
    // Exact, case-insensitive serial lookup opens the device.
    await page.getByLabel('Device', { exact: true }).fill(device.serialNumber.toLowerCase());
    await page.getByRole('button', { name: 'Find device' }).click();
    await expect(page).toHaveURL(new RegExp(`deviceId=${device.deviceId}`));
    await expect(page.getByTestId('policy-device')).toContainText(device.serialNumber);
    // The user's address and the model are read whole, not cut off with room to spare, and an
    // address is not broken over two lines on a desktop screen.
    expect(await clippedFacts(page)).toEqual([]);
    const userValue = page.getByTestId('policy-device').locator('div', { hasText: /^User/ }).locator('dd');
    expect((await userValue.boundingBox())?.height ?? 0).toBeLessThan(28);
    await expect(page.getByTestId('policy-org-unit')).toHaveText(
      `Effective policies for ${device.orgUnitPath}`,
    );
    // The tree opens down to the device's unit and marks it.
    await expect(
      page
        .getByRole('tree', { name: 'Organizational units' })
        .locator('[role="treeitem"][aria-selected="true"]'),
    ).toContainText(device.orgUnitPath.split('/').at(-1) ?? '');
    await expect(page.getByTestId('policy-namespaces')).toContainText('chrome.users.*');
    await expect(page.getByTestId('policy-namespaces')).toContainText('chrome.devices.*');

    const incognito = row(page, 'chrome.users.IncognitoMode');
    await expect(incognito.getByTestId('policy-source')).toHaveText('Inherited from /');
    await expect(incognito).toContainText('Disallow incognito mode');
    const returnMessage = row(page, 'chrome.devices.DisabledDeviceReturnInstructions');
    await expect(returnMessage.getByTestId('policy-source')).toHaveText(`Inherited from ${school}`);
    const defaulted = row(page, 'chrome.devices.Bluetooth');
    await expect(defaulted.getByTestId('policy-source')).toHaveText('Default');
    await expect(page.getByTestId('policy-fetched-age')).toContainText('Fetched from Google');
    // The district force-installs Docs Offline: its row names the app first, the id after it.
    const docsOffline = row(page, 'chrome.users.apps.InstallType')
      .getByTestId('policy-target')
      .filter({ hasText: 'chrome:ghbmnnjooekpmoecnnnilnnbdlolhkhi' });
    await expect(docsOffline).toHaveText(/^Google Docs Offline\s*chrome:ghbmnnjooekpmoecnnnilnnbdlolhkhi$/);
    await expect(
      docsOffline.getByRole('button', { name: 'Copy app id chrome:ghbmnnjooekpmoecnnnilnnbdlolhkhi' }),
    ).toBeVisible();
    await screenshot(page, 'policy-device');

    // Search by name, then by words of the description; the URL keeps the view.
    await page.getByLabel('Search policies').pressSequentially('incognito');
    await expect(page.getByTestId('policy-row')).toHaveCount(1);
    await expect(page).toHaveURL(/q=incognito/);
    await page.getByLabel('Search policies').fill('return it');
    await expect(returnMessage).toBeVisible();
    await page.getByLabel('Search policies').fill('');
    await page.getByRole('radio', { name: 'Inherited only' }).click();
    await expect(page).toHaveURL(/filter=inherited/);
    // The list re-renders after the URL changes: read it until the filter has applied.
    const statuses = () =>
      page
        .getByTestId('policy-row')
        .evaluateAll((rows) => rows.map((element) => element.getAttribute('data-status')));
    await expect.poll(async () => new Set(await statuses())).toEqual(new Set(['inherited']));

    // Refresh asks Google again and the age starts over.
    const refreshed = page.waitForResponse(
      (response) => response.url().includes('/api/policy/effective') && response.url().includes('refresh=1'),
    );
    await page.getByRole('button', { name: 'Refresh' }).click();
    expect((await refreshed).ok()).toBe(true);
    await expect(page.getByTestId('policy-fetched-age')).toContainText('just now');

    // The same view reloads from its URL, in the dark theme and at phone width.
    await page.evaluate(() => window.localStorage.setItem('fleetdeck:theme', 'dark'));
    await page.reload();
    await expect(page.getByTestId('policy-row').first()).toBeVisible();
    await screenshot(page, 'policy-device-dark');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByTestId('policy-row').first()).toBeVisible();
    await screenshot(page, 'policy-device-mobile');
    expect(await clippedFacts(page)).toEqual([]);
    await page.evaluate(() => window.localStorage.removeItem('fleetdeck:theme'));
  });

  test('an OU from the tree, by keyboard', async ({ page }) => {
    const [first] = await schools(page);
    if (!first) throw new Error('no school OU');
    await page.goto('/debugPolicy');
    const tree = page.getByRole('tree', { name: 'Organizational units' });
    await page.getByLabel('Search organizational units').fill(first.path.slice(1));
    await tree.getByRole('treeitem', { name: first.path, exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/orgUnitId=/);
    await expect(page.getByTestId('policy-org-unit')).toHaveText(`Effective policies for ${first.path}`);
    await expect(
      row(page, 'chrome.devices.DisabledDeviceReturnInstructions').getByTestId('policy-source'),
    ).toHaveText('Set here');
    await page.getByRole('radio', { name: 'Set here only' }).click();
    const statuses = await page
      .getByTestId('policy-row')
      .evaluateAll((rows) => rows.map((element) => element.getAttribute('data-status')));
    expect(new Set(statuses)).toEqual(new Set(['set_here']));
  });

  test('compare two schools: the seeded differences are highlighted', async ({ page }) => {
    const [first, second] = await schools(page);
    if (!first || !second) throw new Error('fewer than two schools');
    await page.goto('/debugPolicy');
    await page.getByRole('link', { name: 'Compare units' }).click();
    await page.getByLabel('Compare', { exact: true }).selectOption({ label: first.path });
    await page.getByLabel('With', { exact: true }).selectOption({ label: second.path });
    await expect(page).toHaveURL(/compare=.*&with=/);
    await expect(page.getByTestId('compare-summary')).toContainText('differ');
    // School 0 sets auto-updates (LTS), URL blocking and print colour; school 1 forces Read&Write.
    for (const schema of [
      'chrome.devices.DisabledDeviceReturnInstructions',
      'chrome.devices.AutoUpdateSettings',
      'chrome.users.UrlBlocking',
      'chrome.users.DefaultPrintColor',
      'chrome.users.apps.InstallType',
    ]) {
      await expect(
        page.locator(`[data-testid="diff-row"][data-differs="true"][data-schema="${schema}"]`).first(),
      ).toBeVisible();
    }
    await expect(
      page.locator('[data-testid="diff-row"][data-schema="chrome.users.IncognitoMode"]'),
    ).toHaveCount(0);
    await screenshot(page, 'policy-compare');
    await page.getByLabel('Show identical policies too').click();
    await expect(page.getByLabel('Show identical policies too')).toBeChecked();
    await expect(page).toHaveURL(/show=all/);
    await expect(
      page.locator('[data-testid="diff-row"][data-schema="chrome.users.IncognitoMode"]'),
    ).toHaveAttribute('data-differs', 'false');
    await page.evaluate(() => window.localStorage.setItem('fleetdeck:theme', 'dark'));
    await page.reload();
    await expect(page.getByTestId('diff-row').first()).toBeVisible();
    await screenshot(page, 'policy-compare-dark');
    await page.evaluate(() => window.localStorage.removeItem('fleetdeck:theme'));
  });

  test('move preview from a device link lists what changes', async ({ page }) => {
    const device = await gradeDevice(page);
    const school = `/${device.orgUnitPath.split('/')[1] ?? ''}`;
    const target = (await schools(page)).find((unit) => unit.path !== school);
    if (!target) throw new Error('no other school');
    await page.goto(`/debugPolicy?deviceId=${device.deviceId}&moveTo=${encodeURIComponent(target.id)}`);
    await expect(page.getByTestId('move-summary')).toContainText(`moves to ${target.path}`);
    await expect(
      page.locator('[data-testid="diff-row"][data-schema="chrome.devices.DisabledDeviceReturnInstructions"]'),
    ).toHaveAttribute('data-differs', 'true');
    // The schools also differ in user settings (URL blocklists): those follow the account, not the device.
    await expect(page.getByTestId('move-user')).toContainText('User settings are not compared');
    await expect(page.locator('[data-testid="diff-row"][data-schema^="chrome.users."]')).toHaveCount(0);
    await page.setViewportSize({ width: 1440, height: 900 });
    await screenshot(page, 'policy-move-preview');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'policy-move-preview-phone');
  });

  test("a device with a user: user settings from the user's account unit, device settings from the device", async ({
    page,
    consoleGuard,
  }) => {
    // The unknown user's 404 is answered on the page.
    consoleGuard.allow(/status of 404/);
    test.setTimeout(60_000);
    // The first school by path sets a URL blocklist for its users (the seed's school 0).
    const [first] = await schools(page);
    if (!first) throw new Error('no school OU');
    const response = await page.request.get(`${emulatorOrigin()}/__emulator/devices?count=1000`);
    const { devices } = (await response.json()) as { devices: EmulatorDevice[] };
    const inFirst = devices
      .filter((device) => device.orgUnitPath.startsWith(`${first.path}/`))
      .sort(
        (a, b) =>
          Number(/Grade|Kindergarten/.test(b.orgUnitPath)) - Number(/Grade|Kindergarten/.test(a.orgUnitPath)),
      );
    let email: string | null = null;
    for (const device of inFirst.slice(0, 20)) {
      const lookup = await page.request.get(`/api/policy/device-lookup?deviceId=${device.deviceId}`);
      const { matches } = (await lookup.json()) as { matches: { annotatedUser: string | null }[] };
      email = matches[0]?.annotatedUser ?? null;
      if (email) break;
    }
    if (!email) throw new Error(`no device in ${first.path} has an annotated user`);
    const device = devices.find(
      (candidate) =>
        depth(candidate.orgUnitPath) === 2 && !candidate.orgUnitPath.startsWith(`${first.path}/`),
    );
    if (!device) throw new Error('no device in another school');

    await page.goto(`/debugPolicy?deviceId=${device.deviceId}`);
    await expect(page.getByTestId('policy-org-unit')).toHaveText(
      `Effective policies for ${device.orgUnitPath}`,
    );
    await expect(row(page, 'chrome.users.UrlBlocking').getByTestId('policy-source')).not.toHaveText(
      `Inherited from ${first.path}`,
    );
    await page.getByLabel('User (optional)').fill('not an email');
    await page.getByRole('button', { name: 'Use this user' }).click();
    await expect(page.getByText('Enter the user’s full email address')).toBeVisible();
    await page.getByLabel('User (optional)').fill(email.toUpperCase());
    await page.getByRole('button', { name: 'Use this user' }).click();
    await expect(page).toHaveURL(new RegExp(`user=${encodeURIComponent(email)}`));
    const userLine = page.getByTestId('policy-user-unit');
    await expect(userLine).toContainText(`User settings for ${email}`);
    await expect(userLine).toContainText(`account in ${first.path}`);
    await expect(page.getByTestId('policy-org-unit')).toHaveText(
      `Device settings for ${device.serialNumber} · in ${device.orgUnitPath}`,
    );
    const accountUnit = ((await userLine.textContent()) ?? '').split('account in ')[1]?.trim() ?? '';
    const blocklist = row(page, 'chrome.users.UrlBlocking').getByTestId('policy-source');
    await expect(blocklist).toHaveText(
      accountUnit === first.path ? `Set on ${first.path}` : `Inherited from ${first.path}`,
    );
    const school = `/${device.orgUnitPath.split('/')[1] ?? ''}`;
    await expect(
      row(page, 'chrome.devices.DisabledDeviceReturnInstructions').getByTestId('policy-source'),
    ).toHaveText(`Inherited from ${school}`);
    await screenshot(page, 'policy-device-user');

    // Google does not know the user: said next to the rest, which still shows.
    await page.getByLabel('User (optional)').fill(`nobody.here@${email.split('@')[1] ?? ''}`);
    await page.getByRole('button', { name: 'Use this user' }).click();
    await expect(page.getByTestId('policy-error')).toContainText('No user nobody.here@');
    await expect(page.getByTestId('policy-org-unit')).toHaveText(
      `Effective policies for ${device.orgUnitPath}`,
    );
    await page.getByRole('button', { name: 'Clear user' }).click();
    await expect(page).not.toHaveURL(/user=/);
    await expect(page.getByTestId('policy-error')).toHaveCount(0);
  });

  test('a revoked Google grant and a rate limit show error panels, never a blank page', async ({
    page,
    consoleGuard,
  }) => {
    // The server's own handling of both is covered by its tests; here the page's answer to them.
    consoleGuard.allow(/status of 409/, /status of 429/);
    const [first] = await schools(page);
    if (!first) throw new Error('no school OU');
    let answer = {
      status: 409,
      error: 'google_reconsent_required',
      message:
        'Google access for this organization was revoked. An owner must reconnect Google in Settings → Google.',
    };
    await page.route('**/api/policy/effective?*', (route) =>
      route.fulfill({ status: answer.status, contentType: 'application/json', body: JSON.stringify(answer) }),
    );
    await page.goto(`/debugPolicy?orgUnitId=${encodeURIComponent(first.id)}`);
    const panel = page.getByTestId('policy-error');
    await expect(panel).toContainText('Google access for this organization was revoked.');
    await expect(panel.getByRole('link', { name: 'Open Settings → Google' })).toHaveAttribute(
      'href',
      '/settings/google',
    );
    await screenshot(page, 'policy-error-revoked');
    answer = {
      status: 429,
      error: 'google_rate_limited',
      message: 'Google is rate-limiting policy reads. Try again in a minute.',
    };
    await page.reload();
    await expect(panel).toContainText('Google is rate-limiting policy reads. Try again in a minute.');
    await expect(panel.getByRole('button', { name: 'Try again' })).toBeVisible();
  });
});
