import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { expectAccessible } from './accessibility.ts';
import { expect, expectWholeLabels, screenshot, screenshotSizes, tabTo, test } from './fixtures.ts';

/**
 * The fleet table over the generated 300-device fleet that onboarding's first sync copied:
 * search with operators (and a mistake pointed out where it is), sort, scroll to the end, saved
 * views reopened from their URL, a pasted list matched exactly and shown on its own, the CSV
 * export, a selection that never outlives its query, results marked out of date while the typed
 * query has a mistake, rows that stay readable while a new sort loads, and a bulk move with its
 * preview and per-device results.
 */

interface ListedDevice {
  deviceId: string;
  serialNumber: string | null;
  orgUnitPath: string | null;
  orgUnitId: string | null;
}
interface DeviceList {
  devices: ListedDevice[];
  nextCursor: string | null;
  total: { value: number; exact: boolean } | null;
}

async function listDevices(request: APIRequestContext, params: Record<string, string>): Promise<DeviceList> {
  const response = await request.get(`/api/devices?${new URLSearchParams(params).toString()}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as DeviceList;
}

const DEFAULT_COLUMNS = ['serialNumber', 'status', 'model', 'orgUnitPath', 'annotatedUser', 'lastSync'];

function digits(text: string | null): number {
  return Number((text ?? '').replace(/[^0-9]/g, ''));
}

async function openFleet(page: Page, search = ''): Promise<void> {
  await page.goto(`/devices/fleetStatus${search}`);
  // The server is shared with parallel journeys (bulk runs): allow a slow first answer.
  await expect(page.getByRole('heading', { level: 1, name: 'Fleet status' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByTestId('fleet-row').first()).toBeVisible({ timeout: 20_000 });
}

test.describe('fleet status', () => {
  test('searches with operators, points out a mistake, sorts and scrolls to the last device', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    // More columns than fit: the table scrolls sideways.
    await openFleet(page, `?cols=${[...DEFAULT_COLUMNS, 'aueDate', 'osVersion', 'batteryHealth'].join(',')}`);
    const grid = page.getByRole('grid', { name: 'Devices' });
    await expect(page.getByTestId('fleet-match-count')).toHaveText('300 devices');
    await expect(grid).toHaveAttribute('aria-rowcount', '301');

    // Scrolled sideways to the last column, the serial number stays in view beside the checkbox.
    const firstSerial = grid.locator('[aria-rowindex="2"] [role="gridcell"]').nth(1);
    const scrolled = await grid.evaluate((element) => {
      element.scrollLeft = element.scrollWidth;
      return element.scrollLeft;
    });
    expect(scrolled).toBeGreaterThan(200);
    const gridBox = await grid.boundingBox();
    // Just right of the 40-pixel checkbox column, not scrolled off to the left.
    await expect
      .poll(async () => Math.round(((await firstSerial.boundingBox())?.x ?? -1e6) - (gridBox?.x ?? 0)))
      .toBeGreaterThanOrEqual(38);
    expect(((await firstSerial.boundingBox())?.x ?? 1e6) - (gridBox?.x ?? 0)).toBeLessThan(60);
    await expect(firstSerial).toBeInViewport();
    await screenshot(page, 'fleet-scrolled-sideways');
    await grid.evaluate((element) => {
      element.scrollLeft = 0;
    });

    // A mistake is named with its position and marked in the query; nothing is fetched for it.
    const search = page.getByRole('combobox', { name: 'Search devices' });
    await page.keyboard.press('/');
    await expect(search).toBeFocused();
    await search.fill('status:ACTIVE bogus:1');
    const errors = page.getByTestId('fleet-query-errors');
    await expect(errors).toContainText('Unknown operator "bogus" at position 14');
    await expect(errors.locator('mark')).toHaveText('bogus');
    await expect(search).toHaveAttribute('aria-invalid', 'true');
    // A term still being typed is not flagged until the caret leaves it.
    await search.fill('status:');
    await expect(errors).toHaveCount(0);
    await expect(search).not.toHaveAttribute('aria-invalid', 'true');
    await search.press('Home');
    await expect(errors).toContainText('Empty value');

    // Autocomplete offers operators as they are typed.
    await search.fill('status:ACTIVE aue');
    await expect(page.getByRole('option', { name: /^aue:/ })).toBeVisible();

    // Several operators at once; the count is what the API counts for the same query.
    const query = 'status:ACTIVE -aue:expired has:model';
    await search.fill(query);
    await expect(errors).toHaveCount(0);
    await expect(page).toHaveURL(/q=status%3AACTIVE\+-aue%3Aexpired\+has%3Amodel/);
    const expected = await listDevices(page.request, { q: query, count: 'exact', limit: '1' });
    expect(expected.total?.value).toBeGreaterThan(0);
    expect(expected.total?.value).toBeLessThan(300);
    await expect(page.getByTestId('fleet-match-count')).toHaveText(
      `${expected.total?.value.toLocaleString('en-US')} devices`,
    );
    await expect(grid).toHaveAttribute('aria-rowcount', String((expected.total?.value ?? 0) + 1));
    // Facets count the current query.
    const facets = page.getByTestId('fleet-facets');
    const statusFacet = facets.getByRole('region', { name: 'Status' });
    await expect(statusFacet.getByRole('button')).toHaveCount(1);
    await expect(statusFacet.getByRole('button', { pressed: true })).toContainText(
      String(expected.total?.value),
    );

    // Sort by serial, descending: the first row is the API's first row for the same order.
    await search.fill('');
    await expect(page.getByTestId('fleet-match-count')).toHaveText('300 devices');
    const serialHeader = grid.getByRole('columnheader', { name: 'Serial number' });
    await expect(serialHeader).toHaveAttribute('aria-sort', 'ascending');
    await serialHeader.getByRole('button').click();
    await expect(serialHeader).toHaveAttribute('aria-sort', 'descending');
    await expect(page).toHaveURL(/dir=desc/);
    const descending = await listDevices(page.request, { sort: 'serialNumber', dir: 'desc', limit: '1' });
    await expect(grid.getByTestId('fleet-row').first()).toContainText(
      descending.devices[0]?.serialNumber ?? '',
    );
    await grid.getByRole('columnheader', { name: 'Last sync' }).getByRole('button').click();
    await expect(page).toHaveURL(/sort=lastSync/);
    await expect(grid.getByRole('columnheader', { name: 'Last sync' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );

    // Scroll far: End goes to the 300th device, loaded as the table scrolls.
    await grid.getByRole('columnheader', { name: 'Serial number' }).getByRole('button').click();
    await expect(page).not.toHaveURL(/[?&](sort|dir)=/);
    const ascending = await listDevices(page.request, { sort: 'serialNumber', dir: 'asc', limit: '300' });
    const last = ascending.devices.at(-1);
    // From the search box the table is a few Tab presses away, past the toolbar and the facets.
    await search.focus();
    expect(
      await tabTo(page, page.getByRole('link', { name: 'Skip to the device table' })),
    ).toBeLessThanOrEqual(3);
    await page.keyboard.press('Enter');
    await expect(grid).toBeFocused();
    await page.keyboard.press('End');
    const lastRow = grid.locator('[aria-rowindex="301"]');
    await expect(lastRow).toHaveAttribute('data-testid', 'fleet-row');
    await expect(lastRow).toContainText(last?.serialNumber ?? '');
    await expect(grid).toHaveAttribute('aria-activedescendant', 'fleet-row-299');
    await screenshot(page, 'fleet-scrolled-to-end');

    // Arrow keys move the active row; Enter opens the device page.
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowDown');
    await expect(grid).toHaveAttribute('aria-activedescendant', 'fleet-row-1');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(
      new RegExp(`/devices/chromebook/${ascending.devices[1]?.deviceId ?? 'missing'}$`),
    );
    // The device page starts at its heading (a screen reader reads it; Tab goes on from there).
    await expect(
      page.getByRole('heading', { level: 1, name: ascending.devices[1]?.serialNumber ?? '' }),
    ).toBeFocused();
  });

  test('saves a view and reopens it from its URL', async ({ page }) => {
    test.setTimeout(60_000);
    await openFleet(page);
    const search = page.getByRole('combobox', { name: 'Search devices' });
    const grid = page.getByRole('grid', { name: 'Devices' });
    const matched = page.waitForResponse((response) =>
      response.url().includes('/api/devices?q=status%3AACTIVE&'),
    );
    await search.fill('status:ACTIVE');
    await expect(page).toHaveURL(/q=status%3AACTIVE/);
    await matched;
    await expect(grid).not.toHaveAttribute('aria-busy', 'true');
    const rowIds = () =>
      grid
        .getByTestId('fleet-row')
        .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-device-id')));
    const before = await rowIds();
    expect(before.length).toBeGreaterThan(0);
    // Columns: add "Battery cycles"; sort by model, descending.
    await page.getByRole('button', { name: /^Columns/ }).click();
    // The table asks only for its visible columns: a new one fills in by reading the loaded rows
    // by id (no page is refetched, so no device joins and no row moves).
    // The rows on screen are read first: the first of them is in the first request.
    const refetched = page.waitForResponse(
      (response) =>
        response.url().includes('/api/devices?') &&
        response.url().includes('batteryCycleCount') &&
        response.url().includes(before[0] ?? 'missing'),
    );
    // From the keyboard: the toggled column keeps the focus as it moves to the shown list, and so
    // does a moved one's arrow.
    const cycles = page.getByRole('checkbox', { name: 'Battery cycles' });
    await cycles.focus();
    await page.keyboard.press('Space');
    await expect(page.getByRole('list', { name: 'Shown columns' })).toContainText('Battery cycles');
    await expect(cycles).toBeChecked();
    await expect(cycles).toBeFocused();
    await page.getByRole('button', { name: 'Move Battery cycles up' }).press('Enter');
    await expect(page.getByRole('button', { name: 'Move Battery cycles up' })).toBeFocused();
    await page.getByRole('button', { name: 'Move Battery cycles down' }).press('Enter');
    await expect(page.getByRole('button', { name: 'Move Battery cycles up' })).toBeFocused();
    await expectAccessible(page, 'column chooser');
    await page.keyboard.press('Escape');
    await expect(grid.getByRole('columnheader', { name: 'Battery cycles' })).toBeVisible();
    const response = await refetched;
    const asked = new URL(response.url()).searchParams;
    expect(asked.get('q')).toMatch(/^status:ACTIVE device_id:/);
    expect(asked.has('cursor')).toBe(false);
    const rows = ((await response.json()) as { devices: Record<string, unknown>[] }).devices;
    const counted = rows.find(
      (row) => typeof row.batteryCycleCount === 'number' && before.includes(String(row.deviceId)),
    );
    expect(counted).toBeDefined();
    expect(rows.every((row) => row.recentUser === undefined)).toBe(true);
    await expect(grid.locator(`[data-device-id="${String(counted?.deviceId)}"]`)).toContainText(
      new Intl.NumberFormat('en-US').format(Number(counted?.batteryCycleCount)),
    );
    expect(await rowIds()).toEqual(before);
    const model = grid.getByRole('columnheader', { name: 'Model' }).getByRole('button');
    await model.click();
    await model.click();
    await expect(page).toHaveURL(/sort=model&dir=desc/);

    const name = `Active by model ${Date.now()}`;
    await page.getByRole('button', { name: /^Views/ }).click();
    await page.getByRole('menuitem', { name: 'Save as new view…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save view' });
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Share with the organization').check();
    await expectAccessible(page, 'save view dialog');
    const saved = page.waitForResponse(
      (response) => response.url().endsWith('/api/saved-views') && response.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Save view' }).click();
    const view = (await (await saved).json()) as { id: string; shared: boolean; columns: string[] };
    expect(view.shared).toBe(true);
    expect(view.columns).toContain('batteryCycleCount');
    await expect(page).toHaveURL(new RegExp(`view=${view.id}`));
    await expect(page.getByRole('button', { name: new RegExp(name) })).toBeVisible();
    // Closed, the dialog gives focus back to the menu's button (its menu item is gone), not the page.
    await expect(page.getByRole('button', { name: new RegExp(name) })).toBeFocused();

    // Only the view id in the URL: the view's query, columns and sort come back.
    await page.goto(`/devices/fleetStatus?view=${view.id}`);
    await expect(page).toHaveURL(/q=status%3AACTIVE/);
    await expect(page).toHaveURL(/sort=model&dir=desc/);
    await expect(page.getByRole('combobox', { name: 'Search devices' })).toHaveValue('status:ACTIVE');
    await expect(grid.getByRole('columnheader', { name: 'Battery cycles' })).toBeVisible();
    await expect(grid.getByRole('columnheader', { name: 'Model' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await page.getByRole('button', { name: new RegExp(name) }).click();
    await expect(page.getByRole('menuitem', { name: new RegExp(`^${name}`) })).toBeVisible();
    await page.keyboard.press('Escape');
  });

  test('a pasted list is matched exactly, counted by device, and shown as the table until closed', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await openFleet(page);
    const all = await listDevices(page.request, { sort: 'serialNumber', limit: '300' });
    const serials = all.devices
      .map((device) => device.serialNumber)
      .filter((serial): serial is string => serial !== null);
    const picked = serials.filter((_, index) => index % 13 === 5).slice(0, 20);
    expect(picked).toHaveLength(20);
    // The list is not in the table's order: the pasted view keeps the list's own order.
    picked.reverse();
    const first = picked[0] ?? '';
    // A prefix of a real serial matches nothing: matching is exact, never partial. It says how
    // many serials begin with it, and which.
    const prefix = first.slice(0, Math.max(3, first.length - 2));
    const beginning = serials.filter((serial) => serial.toLowerCase().startsWith(prefix.toLowerCase()));
    // A serial with one character changed: "did you mean" the real one.
    const meant = picked[5] ?? '';
    const typo = `${meant.slice(0, -1)}${meant.endsWith('Q') ? 'W' : 'Q'}`;
    // One serial is pasted twice: it is one device, not two exact matches.
    const text = [
      ...picked.slice(0, 10),
      `  ${prefix.toLowerCase()}  `,
      ...picked.slice(10),
      picked[3] ?? '',
      typo,
    ].join('\n');

    await page.getByRole('button', { name: 'Paste a list' }).click();
    const dialog = page.getByRole('dialog', { name: 'Paste a list of devices' });
    await dialog.getByLabel('Serial numbers or asset IDs').fill(text);
    await dialog.getByRole('button', { name: 'Find devices' }).click();
    const lines = dialog.getByTestId('paste-line');
    await expect(lines).toHaveCount(23);
    const prefixLine = lines.nth(10);
    await expect(prefixLine).toHaveAttribute('data-match-count', '0');
    await expect(prefixLine).toContainText('No match');
    const begin = beginning.length === 1 ? 'serial begins' : 'serials begin';
    await expect(prefixLine.getByTestId('paste-hint').filter({ visible: true })).toContainText(
      `No exact match; ${beginning.length} ${begin} with it: ${beginning.slice(0, 3).join(', ')}`,
    );
    await expect(lines.nth(22).getByTestId('paste-hint').filter({ visible: true })).toContainText(
      new RegExp(`Did you mean .*${meant}`),
    );
    await expect(lines.nth(0)).toContainText(picked[0] ?? '');
    await expect(lines.nth(21)).toContainText('Repeats line 4');
    const summary = dialog.getByTestId('paste-summary');
    await expect(summary).toContainText('20 devices matched exactly');
    await expect(summary).toContainText('2 no match');
    await expect(summary).toContainText('1 repeated');
    await screenshotSizes(page, 'fleet-paste-report', prefixLine);
    await dialog.getByRole('button', { name: 'Select 20 devices' }).click();
    await expect(dialog).toBeHidden();

    // The lines that matched no device stay listed beside the table, with what they may have meant;
    // the search box and the facets say the table shows a pasted list, not their query.
    const unmatched = page.getByTestId('pasted-unmatched');
    await expect(unmatched).toContainText('2 pasted lines are not in the table');
    await expect(unmatched.getByTestId('pasted-unmatched-line')).toHaveText([
      new RegExp(`Line 11.*${prefix.toLowerCase()}.*No exact match; ${beginning.length} ${begin} with it`),
      new RegExp(`Line 23.*${typo}.*Did you mean .*${meant}`),
    ]);
    await expect(page.getByTestId('fleet-search-pasted-note')).toHaveText(
      'The table shows a pasted list of 20 devices, not this search. Searching closes the list.',
    );
    await expect(page.getByRole('combobox', { name: 'Search devices' })).toHaveAccessibleDescription(
      /shows a pasted list of 20 devices/,
    );
    await expect(page.getByTestId('fleet-facets-pasted-note')).toContainText(
      'These counts are for the search; choosing one closes the list.',
    );

    // The table now holds exactly the pasted devices, in the list's order, all selected.
    const grid = page.getByRole('grid', { name: 'Devices' });
    const chip = page.getByTestId('fleet-pasted-view');
    await expect(chip).toHaveText(/Showing 20 pasted devices/);
    await expect(grid).toHaveAttribute('aria-rowcount', '21');
    const rows = grid.getByTestId('fleet-row');
    await expect(rows).toHaveCount(20);
    const shown = await rows.evaluateAll((elements) =>
      elements
        .toSorted((a, b) => Number(a.getAttribute('aria-rowindex')) - Number(b.getAttribute('aria-rowindex')))
        .map((element) => element.querySelector('a')?.textContent ?? ''),
    );
    expect(shown).toEqual(picked);
    await expect(grid.locator('[data-testid="fleet-row"][aria-selected="true"]')).toHaveCount(20);
    await expect(page.getByTestId('fleet-selection')).toContainText('20 selected from a pasted list');
    // The list's order is its own: headers do not sort.
    await expect(grid.getByRole('columnheader', { name: 'Serial number' }).getByRole('button')).toHaveCount(
      0,
    );
    await screenshotSizes(page, 'fleet-pasted-view');

    // Export saves exactly the pasted devices, in a file named for them.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    expect((await download).suggestedFilename()).toBe('fleet-pasted-20-devices.csv');
    const exported = readFileSync(await (await download).path(), 'utf8')
      .replace(/^\uFEFF/, '')
      .split(/\r?\n/)
      .filter((line) => line !== '');
    expect(exported[0]).toMatch(/^Serial number,/);
    // In the pasted order, as the table shows them, not sorted: it lines up with the spreadsheet.
    expect(exported.slice(1).map((line) => line.split(',')[0])).toEqual(picked);

    // A reload of the tab keeps the pasted view (the URL names the list kept in this tab).
    await expect(page).toHaveURL(/[?&]pasted=[a-z0-9]+/);
    const pastedId = new URL(page.url()).searchParams.get('pasted') ?? '';
    await page.reload();
    await expect(chip).toHaveText(/Showing 20 pasted devices/, { timeout: 20_000 });
    await expect(rows).toHaveCount(20);
    const restored = await rows.evaluateAll((elements) =>
      elements
        .toSorted((a, b) => Number(a.getAttribute('aria-rowindex')) - Number(b.getAttribute('aria-rowindex')))
        .map((element) => element.querySelector('a')?.textContent ?? ''),
    );
    expect(restored).toEqual(picked);
    await expect(page.getByTestId('fleet-selection')).toContainText('20 selected from a pasted list');
    await expect(unmatched.getByTestId('pasted-unmatched-line')).toHaveCount(2);

    // Unticking one keeps the list on screen; closing the list drops its selection.
    await rows.first().getByRole('checkbox').uncheck();
    await expect(page.getByTestId('fleet-selection')).toContainText('19 selected');
    await expect(rows).toHaveCount(20);
    await chip.getByRole('button', { name: 'Close the pasted list' }).click();
    await expect(chip).toHaveCount(0);
    await expect(unmatched).toHaveCount(0);
    await expect(page.getByTestId('fleet-search-pasted-note')).toHaveCount(0);
    await expect(page.getByTestId('fleet-selection')).toHaveCount(0);
    await expect(page.getByTestId('fleet-match-count')).toHaveText('300 devices');
    await expect(grid).toHaveAttribute('aria-rowcount', '301');
    await expect(page).not.toHaveURL(/pasted=/);

    // A closed list's link, or a list altered in storage, falls back to the fleet with a notice,
    // never to another list kept in the tab.
    const lost = page.getByTestId('fleet-pasted-lost');
    await page.goto(`/devices/fleetStatus?pasted=${pastedId}`);
    await expect(lost).toContainText('could not be restored');
    await expect(page.getByTestId('fleet-match-count')).toHaveText('300 devices', { timeout: 20_000 });
    await expect(chip).toHaveCount(0);
    await expect(page).not.toHaveURL(/pasted=/);
    await page.evaluate(
      (ids) => {
        sessionStorage.setItem(
          'fleetdeck:pasted-list:tampered1',
          JSON.stringify({ ids: ['../../x', ...ids] }),
        );
        sessionStorage.setItem('fleetdeck:pasted-list:another1', JSON.stringify({ ids }));
      },
      all.devices.slice(0, 3).map((device) => device.deviceId),
    );
    await page.goto('/devices/fleetStatus?pasted=tampered1');
    await expect(lost).toContainText('could not be restored');
    await expect(page.getByTestId('fleet-match-count')).toHaveText('300 devices', { timeout: 20_000 });
    await expect(chip).toHaveCount(0);
    await lost.getByRole('button', { name: 'Dismiss' }).click();
    await expect(lost).toHaveCount(0);
  });

  test('the bulk preview names the devices that change, those already as asked and those not eligible', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await openFleet(page);
    const disabled = await listDevices(page.request, { q: 'status:DISABLED', limit: '2' });
    const active = await listDevices(page.request, { q: 'status:ACTIVE', limit: '3' });
    const gone = await listDevices(page.request, { q: 'status:DEPROVISIONED', limit: '1' });
    const serials = [...disabled.devices, ...active.devices, ...gone.devices].map(
      (device) => device.serialNumber ?? '',
    );
    expect(serials).toHaveLength(6);
    await page.getByRole('button', { name: 'Paste a list' }).click();
    const pasteDialog = page.getByRole('dialog', { name: 'Paste a list of devices' });
    await pasteDialog.getByLabel('Serial numbers or asset IDs').fill(serials.join('\n'));
    await pasteDialog.getByRole('button', { name: 'Find devices' }).click();
    await pasteDialog.getByRole('button', { name: 'Select 6 devices' }).click();
    await expect(pasteDialog).toBeHidden();
    // Focus is back on the button that opened the dialog, not at the top of the page.
    await expect(page.getByRole('button', { name: 'Paste a list' })).toBeFocused();
    const actions = page.getByTestId('fleet-selection').getByRole('button', { name: 'Actions' });
    await actions.click();
    await page.getByRole('menuitem', { name: 'Disable…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Disable devices' });
    // The note has a visible label, as in the device's Disable dialog.
    await expect(dialog.locator('label[for="bulk-disable-note"]')).toHaveText('Note');
    await expect(dialog.getByLabel('Note')).toBeVisible();
    // "Reason" is read once, as the select's label and accessible name.
    await expect(dialog.getByText('Reason', { exact: true })).toHaveCount(1);
    await expect(dialog.getByRole('combobox', { name: 'Reason', exact: true })).toBeVisible();
    await screenshot(page, 'fleet-bulk-disable-form');
    await dialog.getByRole('button', { name: 'Preview changes' }).click();
    const preview = dialog.getByTestId('bulk-preview');
    await expect(preview.getByTestId('bulk-preview-targeted')).toHaveText('6 devices targeted');
    await expect(preview.getByTestId('bulk-preview-count')).toHaveText('3 will be disabled');
    await expect(preview.getByTestId('bulk-preview-unchanged')).toHaveText('2 already disabled: no change');
    await expect(preview.getByTestId('bulk-preview-ineligible')).toContainText(
      '1 skipped: deprovisioned devices cannot be disabled',
    );
    // The diff shows only the devices that change: no "Disabled → Disabled" row.
    await expect(preview.getByRole('region', { name: 'Changes' })).not.toContainText('Disabled →');
    // The typed count is the number that will change, and the screen says so.
    await expect(dialog.getByLabel('Type 3 to confirm')).toBeVisible();
    await expect(dialog.getByTestId('bulk-confirm-note')).toHaveText(
      'The count to type is the devices that will change; the other 3 are not sent to Google.',
    );
    const run = dialog.getByRole('button', { name: 'Disable 3 devices' });
    await expect(run).toBeDisabled();
    await dialog.getByLabel('Type 3 to confirm').fill('6');
    await expect(run).toBeDisabled();
    await dialog.getByLabel('Type 3 to confirm').fill('3');
    await expect(run).toBeEnabled();
    await screenshot(page, 'fleet-bulk-preview-unchanged');
    // Nothing runs here: other journeys count this fleet's statuses.
    await dialog.getByRole('button', { name: 'Back' }).click();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    // Nothing ran, so the selection stays, and focus is back on the menu's button.
    await expect(page.getByTestId('fleet-selection')).toHaveText(/^6 selected from a pasted list/);
    await expect(actions).toBeFocused();
  });

  test('query help groups the operators, filters them as typed and closes with Escape', async ({ page }) => {
    await openFleet(page);
    const helpButton = page.getByRole('button', { name: 'Query help', exact: true });
    await helpButton.click();
    const help = page.getByRole('region', { name: 'Query help' });
    const filter = help.getByRole('searchbox', { name: 'Filter operators' });
    await expect(filter).toBeFocused();
    for (const group of ['Identity', 'People and places', 'Dates and sync', 'Health and hardware']) {
      await expect(help.getByRole('heading', { name: group })).toBeVisible();
    }
    await screenshot(page, 'fleet-query-help');
    await filter.fill('batt');
    await expect(help.getByRole('button', { name: /:/ })).toHaveCount(1);
    await filter.fill('serial');
    await expect(help.getByRole('button', { name: /^serial:/ })).toBeVisible();
    await expect(help.getByRole('button', { name: /^id:/ })).toBeVisible();
    // Keyboard: Enter picks the first match, into the search box.
    await filter.fill('batt');
    await filter.press('Enter');
    await expect(page.getByRole('combobox', { name: 'Search devices' })).toHaveValue('battery:');
    await helpButton.click();
    await expect(help).toBeHidden();
    await helpButton.click();
    await expect(filter).toBeFocused();
    // Arrow keys move through the operators; Escape closes from anywhere in the panel.
    await filter.press('ArrowDown');
    await expect(help.getByRole('button', { name: /^id:/ })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(help.getByRole('button', { name: /^serial:/ })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(help).toBeHidden();
    await expect(helpButton).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(filter).toBeFocused();
    await filter.fill('zzz');
    await expect(help).toContainText('No operator matches');
    await page.keyboard.press('Escape');
    await expect(help).toBeHidden();
    await expect(helpButton).toBeFocused();
  });

  test('ticked devices are dropped when the query changes, and do not come back with it', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const orgUnits = (await (await page.request.get('/api/org-units')).json()) as {
      orgUnits: { orgUnitPath: string; deviceCount: number }[];
    };
    const unit = orgUnits.orgUnits.find(
      (candidate) => candidate.orgUnitPath !== '/' && candidate.deviceCount >= 3,
    );
    expect(unit).toBeDefined();
    const inUnit = `ou:="${unit?.orgUnitPath ?? ''}"`;
    await openFleet(page, `?q=${encodeURIComponent(inUnit)}`);
    const grid = page.getByRole('grid', { name: 'Devices' });
    await grid.locator('[aria-rowindex="2"]').getByRole('checkbox').check();
    await grid.locator('[aria-rowindex="3"]').getByRole('checkbox').check();
    const selectionBar = page.getByTestId('fleet-selection');
    await expect(selectionBar).toContainText('2 selected');

    // A query that cannot show them: the selection goes, and with it the actions.
    const search = page.getByRole('combobox', { name: 'Search devices' });
    await search.fill(`-${inUnit}`);
    await expect(page).toHaveURL(/q=-ou/);
    await expect(selectionBar).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Actions' })).toHaveCount(0);

    // Back to the first query: nothing is selected until the admin ticks again.
    await search.fill(inUnit);
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(inUnit);
    await expect(grid.locator('[aria-rowindex="2"]').getByRole('checkbox')).not.toBeChecked();
    await expect(selectionBar).toHaveCount(0);

    // "Select all matching" holds for its query only, too.
    await grid.locator('[aria-rowindex="2"]').getByRole('checkbox').check();
    await selectionBar.getByRole('button', { name: /^Select all/ }).click();
    await expect(selectionBar).toContainText('matching this query');
    await search.fill(`-${inUnit}`);
    await expect(page).toHaveURL(/q=-ou/);
    await expect(selectionBar).toHaveCount(0);
  });

  test('while the typed query has a mistake, the results say they are out of date and nothing acts on them', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await openFleet(page, '?q=status%3AACTIVE');
    const count = page.getByTestId('fleet-match-count');
    await expect(count).toHaveText(/^\d[\d,]* devices$/);
    const shownCount = await count.textContent();
    const grid = page.getByRole('grid', { name: 'Devices' });
    await grid.locator('[aria-rowindex="2"]').getByRole('checkbox').check();
    const results = page.getByTestId('fleet-results');
    const note = page.getByTestId('fleet-stale-note');
    const exportLink = page.getByRole('link', { name: 'Export CSV' });
    const actions = page.getByTestId('fleet-selection').getByRole('button', { name: 'Actions' });
    await expect(results).not.toHaveAttribute('data-stale');
    await expect(exportLink).toHaveAttribute('href', /q=status%3AACTIVE/);

    const search = page.getByRole('combobox', { name: 'Search devices' });
    for (const mistake of ['foo:bar', 'sync:2026-13-01']) {
      await search.fill(mistake);
      await expect(page.getByTestId('fleet-query-errors')).toBeVisible();
      await expect(results).toHaveAttribute('data-stale', 'true');
      // Marked with a dashed outline (faded text would fall below 4.5:1 contrast).
      await expect(results).toHaveCSS('outline-style', 'dashed');
      await expect(note).toHaveText('Results are for the last valid query');
      await expect(note).toHaveAttribute('aria-live', 'polite');
      await expect(count).toHaveText(shownCount ?? '');
      await expect(exportLink).toHaveAttribute('aria-disabled', 'true');
      await expect(exportLink).not.toHaveAttribute('href');
      await expect(exportLink).toHaveAttribute('title', /^Fix the query first/);
      await expect(actions).toHaveAttribute('aria-disabled', 'true');
      await expect(actions).toHaveAttribute('title', /^Fix the query first/);
      await expect(
        page.getByTestId('fleet-selection').getByRole('button', { name: /^Select all/ }),
      ).toHaveCount(0);
      await actions.click({ force: true });
      await expect(page.getByRole('menuitem')).toHaveCount(0);
    }
    await screenshot(page, 'fleet-stale-results');

    // Fixed: the same query as before, so the results and the selection are current again.
    await search.fill('status:ACTIVE');
    await expect(results).not.toHaveAttribute('data-stale');
    await expect(results).toHaveCSS('outline-style', 'none');
    await expect(note).toHaveText('');
    await expect(exportLink).toHaveAttribute('href', /q=status%3AACTIVE/);
    await expect(actions).not.toHaveAttribute('aria-disabled');
    await expect(page.getByTestId('fleet-selection')).toContainText('1 selected');
    await actions.click();
    await expect(page.getByRole('menuitem').first()).toBeVisible();
    await page.keyboard.press('Escape');
  });

  test('while a new sort loads, the rows stay readable and the table says it is updating', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await openFleet(page);
    const grid = page.getByRole('grid', { name: 'Devices' });
    const status = page.getByTestId('fleet-updating');
    const bar = page.getByTestId('fleet-updating-bar');
    await expect(page.getByTestId('fleet-match-count')).toHaveText('300 devices');
    await expect(grid).not.toHaveAttribute('aria-busy');
    await expect(status).toHaveText('');

    // The next page of rows is held back until the loading state has been looked at.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const isList = (url: URL) => url.pathname === '/api/devices';
    await page.route(isList, async (route) => {
      await held;
      await route.continue();
    });
    await grid.getByRole('columnheader', { name: 'Serial number' }).getByRole('button').click();
    await expect(grid).toHaveAttribute('aria-busy', 'true');
    await expect(status).toHaveAttribute('role', 'status');
    await expect(status).toHaveText('Updating…');
    await expect(bar).toBeVisible();
    await expect(page.getByTestId('fleet-row').first()).toHaveCSS('opacity', '1');
    await expect(page.getByTestId('fleet-match-count')).toHaveText('300 devices');
    await screenshot(page, 'fleet-updating');

    release();
    await expect(grid).not.toHaveAttribute('aria-busy');
    await expect(bar).toHaveCount(0);
    // Said to screen readers only: the rows themselves show the change.
    await expect(status).toHaveText('Results updated');
    await expect(status.getByText('Results updated')).toHaveClass(/sr-only/);
  });

  test('exports every matching row as CSV with the chosen columns', async ({ page }) => {
    await openFleet(page, '?q=status%3AACTIVE&cols=serialNumber,model,orgUnitPath,status');
    const count = digits(await page.getByTestId('fleet-match-count').textContent());
    expect(count).toBeGreaterThan(0);
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export CSV' }).click();
    const file = await (await download).path();
    const rows = readFileSync(file, 'utf8')
      .replace(/^\uFEFF/, '')
      .split(/\r?\n/)
      .filter((line) => line !== '');
    // Values as the table reads them; Google's own value beside each formatted one, for scripts.
    expect(rows[0]).toBe('Serial number,Model,Organizational unit,Status,Status (Google value)');
    expect(rows).toHaveLength(count + 1);
    expect(rows.slice(1).every((line) => line.endsWith(',Active,ACTIVE'))).toBe(true);
  });

  test('moves 30 devices after the preview and shows per-device results', async ({ page }) => {
    test.setTimeout(90_000);
    const orgUnits = (await (await page.request.get('/api/org-units')).json()) as {
      orgUnits: { orgUnitId: string; orgUnitPath: string }[];
    };
    const target = orgUnits.orgUnits.filter((unit) => unit.orgUnitPath !== '/').at(-1);
    expect(target).toBeDefined();
    // Devices outside the target OU, so each of the 30 really moves.
    const q = `status:ACTIVE -ou:"${target?.orgUnitPath ?? ''}"`;
    await openFleet(page, `?q=${encodeURIComponent(q)}`);
    const grid = page.getByRole('grid', { name: 'Devices' });
    // Tick the first row, scroll the 30th into view, Shift+click it: rows 1 to 30 are selected.
    await grid.locator('[aria-rowindex="2"]').getByRole('checkbox').check();
    const thirtieth = grid.locator('[aria-rowindex="31"]');
    await grid.evaluate((element) => {
      element.scrollTop = 20 * 30;
    });
    await thirtieth.getByRole('checkbox').click({ modifiers: ['Shift'] });
    await expect(page.getByTestId('fleet-selection')).toContainText('30 selected');
    // The first 30 rows of the table are the API's first 30 for the same query and order.
    const moved = (await listDevices(page.request, { q, limit: '30' })).devices.map(
      (device) => device.deviceId,
    );
    expect(moved).toHaveLength(30);

    await page.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'Move to OU…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Move to an organizational unit' });
    // The unit list narrows to what is typed (hundreds of units are common); the target stays.
    await dialog.getByLabel('Find a unit').fill(target?.orgUnitPath.split('/').at(-1) ?? '');
    await dialog.getByLabel('Move to').selectOption(target?.orgUnitId ?? '');
    await dialog.getByRole('button', { name: 'Preview changes' }).click();
    const preview = dialog.getByTestId('bulk-preview');
    await expect(preview.getByTestId('bulk-preview-targeted')).toHaveText('30 devices targeted');
    await expect(preview.getByTestId('bulk-preview-count')).toHaveText('30 will move');
    await expect(preview.getByTestId('bulk-preview-unchanged')).toHaveCount(0);
    await expect(preview).toContainText(target?.orgUnitPath ?? '');
    await screenshot(page, 'fleet-bulk-preview');
    await dialog.getByRole('button', { name: 'Move 30 devices' }).click();
    const run = dialog.getByTestId('bulk-run');
    await expect(run.getByTestId('bulk-run-status')).toHaveText(/^Finished/, { timeout: 60_000 });
    await expect(run.getByTestId('bulk-result')).toHaveCount(30);
    await expect(run.locator('[data-testid="bulk-result"][data-state="succeeded"]')).toHaveCount(30);
    await expect(run.getByRole('progressbar', { name: 'Bulk action progress' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    await screenshot(page, 'fleet-bulk-results');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();
    // The run is over: the selection goes (the moved devices leave the table as it reloads), so
    // no next action can reach them. Focus goes to the table, as the Actions button went too.
    await expect(page.getByTestId('fleet-selection')).toHaveCount(0);
    await expect(grid.getByRole('checkbox', { checked: true })).toHaveCount(0);
    await expect(grid).toBeFocused();

    // Our copy says the same: every one of the 30 is now in the target OU.
    await expect
      .poll(
        async () => {
          const after = await listDevices(page.request, {
            q: `ou:="${target?.orgUnitPath ?? ''}"`,
            limit: '500',
          });
          const inTarget = new Set(after.devices.map((device) => device.deviceId));
          return moved.filter((id) => inTarget.has(id)).length;
        },
        { timeout: 15_000 },
      )
      .toBe(30);
  });

  test('a resized column keeps its width after a reload, density sets the row height, the header stays on top', async ({
    page,
  }) => {
    await openFleet(page);
    const grid = page.getByRole('grid', { name: 'Devices' });
    const handle = grid.getByRole('separator', { name: 'Resize Model' });
    const header = grid
      .getByRole('columnheader')
      .filter({ has: page.getByRole('separator', { name: 'Resize Model' }) });
    const start = Number(await handle.getAttribute('aria-valuenow'));
    const widthOf = async () => (await header.boundingBox())?.width ?? 0;
    expect(Math.round(await widthOf())).toBe(start);

    // Keyboard: 10 px a press, 40 with Shift.
    await handle.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Shift+ArrowRight');
    await expect(handle).toHaveAttribute('aria-valuenow', String(start + 60));
    // Drag: the edge follows the pointer.
    const box = await handle.boundingBox();
    if (!box) throw new Error('the resize handle is not on screen');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 45, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    const resized = start + 105;
    await expect(handle).toHaveAttribute('aria-valuenow', String(resized));
    expect(Math.round(await widthOf())).toBe(resized);
    const cell = grid
      .getByTestId('fleet-row')
      .first()
      .getByRole('gridcell')
      .nth(await headerIndex());
    expect(Math.round((await cell.boundingBox())?.width ?? 0)).toBe(resized);

    // The width is this browser's preference: a reload and the same link opened again keep it.
    await page.reload();
    await expect(grid.getByTestId('fleet-row').first()).toBeVisible({ timeout: 20_000 });
    await expect(handle).toHaveAttribute('aria-valuenow', String(resized));
    await openFleet(page, '?sort=model');
    await expect(handle).toHaveAttribute('aria-valuenow', String(resized));
    expect(Math.round(await widthOf())).toBe(resized);

    // Density: comfortable rows are taller than compact ones.
    const rowHeight = async () => (await grid.getByTestId('fleet-row').first().boundingBox())?.height ?? 0;
    await openFleet(page, '?density=compact');
    const compact = await rowHeight();
    await openFleet(page, '?density=comfortable');
    const comfortable = await rowHeight();
    expect(compact).toBeGreaterThan(0);
    expect(comfortable).toBeGreaterThan(compact);

    // Scrolled far down, the header row stays at the top of the grid.
    const headerRow = grid.getByRole('row').first();
    const gridTop = (await grid.boundingBox())?.y ?? 0;
    const headerTop = async () => (await headerRow.boundingBox())?.y ?? Number.NaN;
    expect(Math.abs((await headerTop()) - gridTop)).toBeLessThanOrEqual(2);
    await grid.evaluate((element) => {
      element.scrollTop = 3_000;
    });
    await expect(grid.locator('#fleet-row-0')).toHaveCount(0);
    await expect(header).toBeInViewport();
    expect(Math.abs((await headerTop()) - gridTop)).toBeLessThanOrEqual(2);

    async function headerIndex(): Promise<number> {
      // Rows have a cell under every header (the checkbox column included), in the same order.
      return grid
        .getByRole('columnheader')
        .evaluateAll((cells) => cells.findIndex((cell) => cell.querySelector('[aria-label="Resize Model"]')));
    }
  });

  test('on a 1920 px screen the table uses the width of the window', async ({ page }) => {
    await page.setViewportSize({ width: 1920, height: 1080 });
    await openFleet(page);
    const grid = page.getByRole('grid', { name: 'Devices' });
    await expect(grid).toBeVisible();
    expect((await grid.boundingBox())?.width).toBeGreaterThan(1500);
    await screenshot(page, 'fleet-1920');
    // Other pages keep their reading width.
    await page.goto('/settings/team');
    const main = await page.getByRole('main').boundingBox();
    expect(main?.width).toBeLessThanOrEqual(1440);
  });

  test('the default columns fit a 1440 px window, added ones are a sideways scroll away, a phone shows three', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await openFleet(page);
    const grid = page.getByRole('grid', { name: 'Devices' });
    const sideways = () => grid.evaluate((element) => element.scrollWidth - element.clientWidth);
    expect(await sideways()).toBeLessThanOrEqual(0);
    await expect(grid.getByRole('columnheader')).toHaveText([
      '',
      'Serial number',
      'Status',
      'Model',
      'Organizational unit',
      'User',
      'Last sync',
    ]);
    await screenshotSizes(page, 'fleet-default-columns');
    // Two more columns: past the window's edge, one scroll away, each header's sort arrow in view.
    await openFleet(
      page,
      `?cols=${[...DEFAULT_COLUMNS, 'aueDate', 'annotatedAssetId'].join(',')}&sort=aueDate`,
    );
    expect(await sideways()).toBeGreaterThan(0);
    await grid.evaluate((element) => {
      element.scrollLeft = element.scrollWidth;
    });
    const aue = grid.getByRole('columnheader', { name: 'Auto-update expiration' });
    await expect(aue).toHaveAttribute('aria-sort', 'ascending');
    for (const header of [aue, grid.getByRole('columnheader', { name: 'Asset ID' })]) {
      const arrow = header.locator('svg');
      await expect(arrow).toBeInViewport({ ratio: 1 });
      expect(Number(await arrow.evaluate((icon) => getComputedStyle(icon).opacity))).toBeGreaterThan(0.4);
    }
    await screenshot(page, 'fleet-more-columns-1440');

    // A phone: serial, status and user, whatever the view's columns, with no sideways scroll.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(grid.getByRole('columnheader')).toHaveText(['', 'Serial', 'Status', 'User']);
    expect(await sideways()).toBeLessThanOrEqual(0);
    await expect(page.getByRole('button', { name: /^Columns/ })).toHaveCount(0);
    await screenshot(page, 'fleet-phone-columns-390');
    // The settings tabs scroll to the active one.
    await page.goto('/settings/api-tokens');
    const tabs = page.getByRole('navigation', { name: 'Settings sections' });
    await expect(tabs.getByRole('link', { name: 'API tokens' })).toHaveAttribute('aria-current', 'page');
    // Wholly within the tab bar sideways (its underline overlaps the bar's bottom border by a pixel).
    const within = await tabs.evaluate((bar) => {
      const link = bar.querySelector('[aria-current="page"]')?.getBoundingClientRect();
      const box = bar.getBoundingClientRect();
      return link !== undefined && link.left >= box.left && link.right <= box.right;
    });
    expect(within).toBe(true);
    expect(await tabs.evaluate((bar) => bar.scrollLeft)).toBeGreaterThan(0);
    await screenshot(page, 'settings-tabs-390');
  });

  test('screenshots: light, dark and a narrow width', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await openFleet(page, '?q=status%3AACTIVE');
    await expect(page.getByTestId('fleet-facets')).toBeVisible();
    // Model names read in full beside their counts (typical names run past 30 characters).
    const models = page.getByTestId('fleet-facets').getByRole('region', { name: 'Model' });
    await models.getByRole('button', { name: /^Show [\d,]+ more$/ }).click();
    await expectWholeLabels(models.getByRole('button', { name: /\d$/ }), 'span');
    await screenshot(page, 'fleet-light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await openFleet(page, '?q=status%3AACTIVE&density=comfortable');
    await expect(page.locator('html')).toHaveClass(/dark/);
    await screenshot(page, 'fleet-dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 390, height: 844 });
    await openFleet(page);
    await expect(page.getByTestId('fleet-match-count')).toHaveText('300 devices');
    await screenshot(page, 'fleet-narrow');
  });
});
