import type { APIRequestContext, Page } from '@playwright/test';
import { sortByOrgUnitPath } from '@fleetdeck/shared/org-unit-order';
import { expect, screenshot, test } from './fixtures.ts';

/**
 * The device page against the e2e server's generated fleet: open a real device, edit its notes,
 * reboot it and follow the command to its end state, and find both in its timeline. Malformed ids
 * are the app's 404; well-formed unknown ids say the device is not in the organization.
 */

const emulatorOrigin = () => `http://127.0.0.1:${process.env.FLEETDECK_E2E_EMULATOR_PORT ?? ''}`;

interface ListedDevice {
  deviceId: string;
  serialNumber: string | null;
}

/**
 * A real, active device of the signed-in organization among those that checked in most recently
 * (some active devices went quiet long ago and never take commands). `query` narrows the choice.
 */
async function activeDevice(
  page: Page,
  offset = 0,
  query = 'status:ACTIVE',
): Promise<ListedDevice | undefined> {
  const params = new URLSearchParams({
    q: query,
    sort: 'lastSync',
    dir: 'desc',
    limit: String(offset + 1),
    count: 'none',
  });
  const response = await page.request.get(`/api/devices?${params.toString()}`);
  expect(response.ok(), await response.text()).toBe(true);
  const { devices } = (await response.json()) as { devices: ListedDevice[] };
  return devices[offset];
}

/** An active device for journeys that only look; different offsets keep journeys apart. */
async function someDevice(page: Page, offset: number): Promise<ListedDevice> {
  const device = await activeDevice(page, offset);
  if (!device) throw new Error('the generated fleet has no active device');
  return device;
}

/**
 * A device that takes a command within seconds: kiosks stay online; other devices take commands
 * at their next check-in, which for some is days away.
 */
async function onlineDevice(page: Page): Promise<ListedDevice> {
  return (await activeDevice(page, 0, 'status:ACTIVE sku:kiosk')) ?? someDevice(page, 2);
}

/** Moves the emulator's clock so Google's devices check in (commands are delivered at check-in). */
async function advanceGoogleClock(request: APIRequestContext, ms: number): Promise<void> {
  const response = await request.post(`${emulatorOrigin()}/__emulator/clock/advance`, { data: { ms } });
  expect(response.ok()).toBe(true);
}

test.describe('device page', () => {
  test('edits notes, reboots the device to the end and shows both in the timeline', async ({ page }) => {
    test.setTimeout(150_000);
    await page.goto('/dashboard');
    const device = await onlineDevice(page);
    await page.goto(`/devices/chromebook/${device.deviceId}`);
    await expect(
      page.getByRole('heading', { level: 1, name: device.serialNumber ?? 'Unknown serial' }),
    ).toBeVisible();
    await expect(page.getByTestId('device-id')).toHaveText(device.deviceId);
    await expect(page.getByTestId('device-status')).toHaveText('Active');
    await expect(page.getByRole('link', { name: 'Policies for this device' })).toHaveAttribute(
      'href',
      `/debugPolicy?deviceId=${device.deviceId}`,
    );

    // Notes: Google's limit is checked in the form before anything is sent.
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const form = page.getByRole('form', { name: 'Edit asset details' });
    const notes = form.getByLabel('Notes');
    await notes.fill('x'.repeat(501));
    await expect(
      form.getByText("Notes is 1 character over Google's limit of 500. Shorten it to save."),
    ).toBeVisible();
    await expect(form.getByRole('button', { name: 'Save' })).toBeDisabled();
    const note = `Screen cracked, spare charger issued ${Date.now().toString(36)}`;
    await notes.fill(note);
    await expect(form.getByText(`${note.length} / 500`)).toBeVisible();
    const saved = page.waitForResponse(
      (response) =>
        response.url().endsWith(`/api/devices/${device.deviceId}`) && response.request().method() === 'PATCH',
    );
    await form.getByRole('button', { name: 'Save' }).click();
    expect((await saved).ok()).toBe(true);
    await expect(page.getByText('Asset details saved.')).toBeVisible();
    await expect(page.getByTestId('device-notes')).toHaveText(note);

    // Reboot from the actions menu; the tracker follows the command to Google's end state.
    await page.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'Reboot…' }).click();
    const dialog = page.getByRole('dialog', { name: /^Reboot: / });
    await expect(dialog).toBeVisible();
    const issued = page.waitForResponse(
      (response) =>
        response.url().endsWith(`/api/devices/${device.deviceId}/commands`) &&
        response.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Reboot', exact: true }).click();
    const command = (await (await issued).json()) as { commandId: string; state: string };
    await expect(dialog).toBeHidden();
    // Focus is back on the menu's button (the menu item that opened the dialog is gone).
    await expect(page.getByRole('button', { name: 'Actions' })).toBeFocused();
    await expect(page.getByRole('tab', { name: 'Commands' })).toHaveAttribute('aria-selected', 'true');
    const row = page.getByTestId('command-row').first();
    await expect(row).toContainText('Reboot');
    const seen = new Set<string>([command.state]);
    page.on('response', (response) => {
      if (!response.url().endsWith(`/commands/${command.commandId}`)) return;
      void response
        .json()
        .then((body: { state?: string }) => body.state && seen.add(body.state))
        .catch(() => undefined);
    });
    // An online device executes a reboot within about a minute and a half of Google's time; an
    // offline one at its next check-in. Move Google's clock on until the device has done it.
    for (const step of [90_000, 3_600_000, 3_600_000, 6 * 3_600_000, 24 * 3_600_000]) {
      if ((await row.getAttribute('data-state')) === 'EXECUTED_BY_CLIENT') break;
      await advanceGoogleClock(page.request, step);
      await expect
        .poll(() => row.getAttribute('data-state'), { timeout: 12_000 })
        .not.toBe('PENDING')
        .catch(() => undefined);
      await expect(row)
        .toHaveAttribute('data-state', 'EXECUTED_BY_CLIENT', { timeout: 12_000 })
        .catch(() => undefined);
    }
    await expect(row).toHaveAttribute('data-state', 'EXECUTED_BY_CLIENT');
    await expect(row.getByTestId('command-state')).toHaveText(/Executed|Failed on device/);
    await expect(row.getByRole('list', { name: 'Reboot progress' }).getByRole('listitem')).toHaveCount(4);
    expect(seen.has('EXECUTED_BY_CLIENT')).toBe(true);
    await screenshot(page, 'device-commands');

    // The timeline has the notes edit and the executed reboot.
    await page.getByRole('tab', { name: 'People & places' }).click();
    const timeline = page.getByRole('list', { name: 'Device timeline' });
    await expect(
      timeline
        .getByTestId('timeline-entry')
        .filter({ hasText: `to ${note}` })
        .first(),
    ).toBeVisible();
    await expect(
      timeline
        .getByTestId('timeline-entry')
        .filter({ hasText: /Reboot command executed/ })
        .first(),
    ).toBeVisible();
    await screenshot(page, 'device-timeline');
  });

  test('"Devices" leads back to the fleet view the admin came from, and nowhere else', async ({ page }) => {
    test.setTimeout(60_000);
    const view = {
      q: 'status:ACTIVE has:model',
      cols: 'serialNumber,model,status,lastSync',
      sort: 'model',
      dir: 'desc',
      density: 'comfortable',
    };
    await page.goto(`/devices/fleetStatus?${new URLSearchParams(view).toString()}`);
    const grid = page.getByRole('grid', { name: 'Devices' });
    await expect(grid.getByTestId('fleet-row').first()).toBeVisible({ timeout: 20_000 });
    await grid.getByTestId('fleet-row').first().getByRole('link').click();
    await expect(page).toHaveURL(/\/devices\/chromebook\//);
    await expect(page.getByTestId('device-badges')).toBeVisible();

    const back = page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Devices' });
    await back.click();
    await expect(page).toHaveURL(/\/devices\/fleetStatus\?/);
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual(view);
    await expect(page.getByRole('combobox', { name: 'Search devices' })).toHaveValue(view.q);
    await expect(grid.getByRole('columnheader', { name: 'Model' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await expect(grid.getByRole('columnheader', { name: 'Last sync' })).toBeVisible();

    // Whatever the tab's storage holds only ever becomes the fleet page's own query string.
    const device = new URL(page.url()).origin;
    await grid.getByTestId('fleet-row').first().getByRole('link').click();
    await expect(page.getByTestId('device-badges')).toBeVisible();
    await page.evaluate(() =>
      sessionStorage.setItem('fleetdeck:fleet-last-view', '//evil.example/steal?x=1#/login'),
    );
    await page.reload();
    await expect(back).toHaveAttribute('href', /^\/devices\?/);
    await back.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Fleet status' })).toBeVisible();
    expect(new URL(page.url()).origin).toBe(device);
    expect(new URL(page.url()).pathname).toBe('/devices/fleetStatus');
  });

  test('a malformed device id is the 404 page', async ({ page, consoleGuard }) => {
    consoleGuard.allow(/status of 404/);
    const response = await page.goto('/devices/chromebook/bad!id');
    expect(response?.status()).toBe(404);
    await expect(page.getByText('Page Not Found: /devices/chromebook/bad!id', { exact: true })).toBeVisible();
    // A path whose percent-encoding does not decode is the same page, not the server's bare JSON.
    const undecodable = await page.goto('/devices/chromebook/%%%');
    expect(undecodable?.status()).toBe(404);
    await expect(page.getByText('Page Not Found: /devices/chromebook/%%%', { exact: true })).toBeVisible();
  });

  test('an unknown device id says the device is not in this organization', async ({ page, consoleGuard }) => {
    consoleGuard.allow(/status of 404/);
    await page.goto('/devices/chromebook/0000ffff-not-in-this-org');
    await expect(page.getByRole('heading', { name: 'Device not found in this organization' })).toBeVisible();
    await expect(page.getByTestId('device-id')).toHaveText('0000ffff-not-in-this-org');
    await expect(page.getByRole('button', { name: 'Actions' })).toHaveCount(0);
  });

  test('the move dialog lists organizational units and links to the policy preview', async ({ page }) => {
    await page.goto('/dashboard');
    const device = await someDevice(page, 3);
    await page.goto(`/devices/chromebook/${device.deviceId}`);
    await page.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'Move to organizational unit…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Move to organizational unit' });
    const units = dialog.getByRole('radiogroup', { name: 'Organizational units' });
    await expect(units.getByRole('radio').first()).toBeVisible();
    await expect(units.getByRole('radio', { disabled: true })).toHaveCount(1);
    const target = units.getByRole('radio', { disabled: false }).first();
    const orgUnitId = await target.getAttribute('value');
    await target.check();
    await expect(dialog.getByRole('link', { name: 'Preview policy changes' })).toHaveAttribute(
      'href',
      `/debugPolicy?deviceId=${device.deviceId}&moveTo=${encodeURIComponent(orgUnitId ?? '')}`,
    );
    await expect(dialog.getByText(/^Moving to \//)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Move device' })).toBeEnabled();
    // The units read as a tree in natural order, as every unit list does.
    const paths = await units
      .locator('label span[title]')
      .evaluateAll((spans) => spans.map((span) => span.getAttribute('title') ?? ''));
    expect(paths.length).toBeGreaterThan(3);
    expect(paths).toEqual(sortByOrgUnitPath(paths, (path) => path));
    await page.setViewportSize({ width: 1440, height: 900 });
    await screenshot(page, 'device-move');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'device-move-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Actions' })).toBeFocused();

    // Opened from a button on the page, a dialog gives focus back to that button.
    await page.getByRole('tab', { name: 'Commands' }).click();
    const send = page.getByRole('button', { name: 'Send command' });
    await send.click();
    const commands = page.getByRole('dialog', { name: 'Send a remote command' });
    await expect(commands).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(commands).toBeHidden();
    await expect(send).toBeFocused();
  });

  test("the disable dialog shows the unit's return message; a new one is saved on the unit, then the device is disabled", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.goto('/dashboard');
    // A device whose unit is a school (it sets its own message), among those that synced longest ago,
    // so other journeys (which take the most recent ones) do not pick it.
    const params = new URLSearchParams({
      q: 'status:ACTIVE -sku:kiosk',
      sort: 'lastSync',
      dir: 'asc',
      limit: '100',
      count: 'none',
    });
    const listed = await page.request.get(`/api/devices?${params.toString()}`);
    expect(listed.ok(), await listed.text()).toBe(true);
    const { devices } = (await listed.json()) as {
      devices: (ListedDevice & { orgUnitPath: string | null })[];
    };
    const device = devices.find((item) => item.orgUnitPath?.split('/').length === 2);
    if (!device?.orgUnitPath) throw new Error('no active device sits directly in a school');
    const unit = device.orgUnitPath;
    const before = await page.request.get(`/api/devices/${device.deviceId}/return-message`);
    const current = (await before.json()) as {
      message: string;
      source: { path: string };
      parent: { orgUnitPath: string; message: string } | null;
    };
    expect(current.source.path).toBe(unit);

    await page.goto(`/devices/chromebook/${device.deviceId}`);
    await page.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'Disable…' }).click();
    const dialog = page.getByRole('dialog', { name: `Disable ${device.serialNumber ?? 'this device'}?` });
    await expect(dialog.getByTestId('return-message-text')).toHaveText(current.message);
    await expect(dialog.getByTestId('return-message-source')).toHaveText(
      `Set on ${unit}, this device's unit.`,
    );
    await expect(dialog.getByText('not shown on the device')).toBeVisible();
    // "Reason" is read once: the select's own label, which is also its accessible name.
    await expect(dialog.getByText('Reason', { exact: true })).toHaveCount(1);
    await expect(dialog.getByRole('combobox', { name: 'Reason', exact: true })).toHaveValue('');

    // The school sets its own message, so it can go back to the parent's: the dialog previews it.
    expect(current.parent?.orgUnitPath).toBe('/');
    await dialog.getByRole('radio', { name: "Use the parent unit's message" }).check();
    await expect(dialog.getByTestId('return-message-parent')).toContainText(
      'The device will then show the message of /:',
    );
    await expect(dialog.getByTestId('return-message-parent-text')).toHaveText(current.parent?.message ?? '');
    await expect(dialog.getByTestId('return-message-blast-radius')).toContainText(
      `${unit}'s own message is removed`,
    );
    await expect(dialog.getByRole('button', { name: "Use the parent's message and disable" })).toBeEnabled();
    await screenshot(page, 'device-disable-use-parent');

    // The editor is bounded in the form, and says whom the change reaches.
    await dialog.getByLabel(`Change the message for ${unit}`).check();
    const editor = dialog.getByLabel(`New return message for ${unit}`);
    await expect(editor).toHaveValue(current.message);
    await editor.fill('x'.repeat(1001));
    await expect(dialog.getByRole('button', { name: 'Save message and disable' })).toBeDisabled();
    // The counter is formatted like every count and stays on one line beside the label.
    const counter = dialog.getByTestId('return-message-count');
    await expect(counter).toHaveText('1,001 / 1,000');
    const counterBox = await counter.boundingBox();
    const labelBox = await dialog.getByText(`New return message for ${unit}`).boundingBox();
    expect(counterBox?.height).toBeLessThan(24);
    expect((labelBox?.x ?? 0) + (labelBox?.width ?? 0)).toBeLessThan(counterBox?.x ?? 0);
    await screenshot(page, 'device-disable-too-long');
    await expect(dialog.getByTestId('return-message-blast-radius')).toContainText(
      `every disabled device in ${unit} and in the units inheriting from it`,
    );
    const school = unit.slice(1);
    const message = `This Chromebook belongs to ${school}. If found, please return it to room 101 (e2e ${Date.now()}).`;
    await editor.fill(message);
    await dialog.getByLabel('Reason').selectOption('lost');
    await dialog.getByLabel('Note').fill('Left in the gym');
    await screenshot(page, 'device-disable');
    await dialog.getByRole('button', { name: 'Save message and disable' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('device-status')).toHaveText('Disabled');
    await expect(page.getByRole('button', { name: 'Actions' })).toBeFocused();
    // The timeline has the message change (with its unit) and the reason kept in Fleetdeck.
    await page.getByRole('tab', { name: 'People & places' }).click();
    const timeline = page.getByRole('list', { name: 'Device timeline' });
    await expect(
      timeline.locator('[data-testid="timeline-entry"][data-kind="policy"]').first(),
    ).toContainText(`Return message of ${unit} changed to “${message}”`);
    await expect(
      timeline.getByTestId('timeline-entry').filter({ hasText: 'Status changed: Active → Disabled' }),
    ).toBeVisible();
    await screenshot(page, 'device-timeline-after-disable');
    await expect(
      timeline.getByTestId('timeline-entry').filter({ hasText: 'Lost: Left in the gym' }),
    ).toBeVisible();

    // The policy debugger reads the new message from Google for the unit.
    await page.goto(`/debugPolicy?deviceId=${device.deviceId}`);
    await expect(
      page.locator(
        '[data-testid="policy-row"][data-schema="chrome.devices.DisabledDeviceReturnInstructions"]',
      ),
    ).toContainText(message);
  });

  test('changing an inherited return message says the unit stops following its parent', async ({ page }) => {
    await page.goto('/dashboard');
    const params = new URLSearchParams({ q: 'status:ACTIVE -sku:kiosk', limit: '100', count: 'none' });
    const listed = await page.request.get(`/api/devices?${params.toString()}`);
    const { devices } = (await listed.json()) as {
      devices: (ListedDevice & { orgUnitPath: string | null })[];
    };
    const device = devices.find((item) => (item.orgUnitPath?.split('/').length ?? 0) > 2);
    if (!device?.orgUnitPath) throw new Error('no active device sits in a sub-unit');
    const view = (await (
      await page.request.get(`/api/devices/${device.deviceId}/return-message`)
    ).json()) as {
      source: { path: string; direct: boolean } | null;
    };
    if (!view.source || view.source.direct) throw new Error(`${device.orgUnitPath} sets its own message`);
    await page.goto(`/devices/chromebook/${device.deviceId}`);
    await page.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'Disable…' }).click();
    const dialog = page.getByRole('dialog', { name: `Disable ${device.serialNumber ?? 'this device'}?` });
    // The unit follows its parent already: there is no parent message to go back to.
    await expect(dialog.getByRole('radio', { name: 'Keep this message' })).toBeChecked();
    await expect(dialog.getByRole('radio', { name: "Use the parent unit's message" })).toHaveCount(0);
    await dialog.getByLabel(`Change the message for ${device.orgUnitPath}`).check();
    await expect(dialog.getByTestId('return-message-blast-radius')).toContainText(
      `${device.orgUnitPath} will no longer follow ${view.source.path}'s message.`,
    );
    await screenshot(page, 'device-disable-inherited');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Actions' })).toBeFocused();
  });

  test('screenshots: light, dark and mobile, with the health charts', async ({ page }) => {
    await page.goto('/dashboard');
    const device = await someDevice(page, 1);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(`/devices/chromebook/${device.deviceId}`);
    await expect(page.getByTestId('device-badges')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Hardware' })).toBeVisible();
    await screenshot(page, 'device-light');

    await page.getByRole('tab', { name: 'Health' }).click();
    await expect(page.getByTestId('health-charts')).toBeVisible();
    await expect(page).toHaveURL(/\?tab=health$/);
    // The charts draw the API's samples (the tab's default window is 90 days): the cycle count
    // chart's summary names its latest, lowest and highest value and how many samples it drew.
    const telemetry = await page.request.get(`/api/devices/${device.deviceId}/telemetry?days=90`);
    expect(telemetry.ok()).toBe(true);
    const { samples } = (await telemetry.json()) as {
      samples: { sampledAt: string; batteryCycleCount: number | null }[];
    };
    const cycles = samples
      .filter((sample) => sample.batteryCycleCount !== null)
      .sort((a, b) => Date.parse(a.sampledAt) - Date.parse(b.sampledAt))
      .map((sample) => Math.round(sample.batteryCycleCount ?? 0));
    // Day one (onboarding's first sync): a trend from the reports Google keeps, not a single dot.
    expect(cycles.length).toBeGreaterThan(2);
    await expect(
      page.getByRole('img', {
        name: `Battery cycle count: latest ${cycles.at(-1)}, lowest ${Math.min(...cycles)}, highest ${Math.max(...cycles)}, over ${cycles.length} samples.`,
        exact: true,
      }),
    ).toBeVisible();
    await screenshot(page, 'device-health-light');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByTestId('health-charts').scrollIntoViewIfNeeded();
    await screenshot(page, 'device-health-day-one');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('health-charts').scrollIntoViewIfNeeded();
    await screenshot(page, 'device-health-day-one-phone');
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto(`/devices/chromebook/${device.deviceId}?tab=health`);
    await expect(page.locator('html')).toHaveClass(/dark/);
    await expect(page.getByTestId('health-charts')).toBeVisible();
    await screenshot(page, 'device-health-dark');
    await page.goto(`/devices/chromebook/${device.deviceId}`);
    await expect(page.getByRole('heading', { name: 'Hardware' })).toBeVisible();
    await screenshot(page, 'device-dark');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.reload();
    await expect(page.getByTestId('device-badges')).toBeVisible();
    await screenshot(page, 'device-mobile');
  });
});
