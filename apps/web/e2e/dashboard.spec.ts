import { join } from 'node:path';
import { expectAccessible } from './accessibility.ts';
import { expect, expectWholeLabels, test } from './fixtures.ts';
import type { Page } from '@playwright/test';
import type { DashboardResponse } from '@fleetdeck/shared/dashboard-contract';

/**
 * The dashboard over the generated fleet that onboarding's first sync copied (300 devices):
 * tiles and charts render with real numbers, every number links to the fleet table, and the
 * ghost-device tile opens the table with the same count.
 */

const shots = join(import.meta.dirname, '..', 'test-results', 'screenshots');

async function fullShot(page: Page, name: string): Promise<void> {
  await expectAccessible(page, name);
  await page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
}

function digits(text: string | null): number {
  return Number((text ?? '').replace(/[^0-9]/g, ''));
}

test.describe('dashboard', () => {
  test('renders tiles and charts for the fleet, in light and dark and at mobile width', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page.getByTestId('dashboard-as-of')).toContainText('As of the last sync');
    const health = page.getByRole('list', { name: 'Fleet health' });
    await expect(health.getByRole('link')).toHaveCount(12);
    const statuses = page.getByRole('list', { name: 'Devices by status: legend' }).getByRole('link');
    let total = 0;
    // Each legend link reads "Active 265 devices, 88 %".
    for (const text of await statuses.allInnerTexts())
      total += digits(/([\d,]+)\s*devices/.exec(text)?.[1] ?? '');
    expect(total).toBeGreaterThan(0);
    await expect(page.getByRole('img', { name: 'Devices by status' })).toBeVisible();
    await expect(
      page.getByRole('list', { name: 'Devices by the school year their updates end' }).getByRole('link'),
    ).not.toHaveCount(0);
    await expect(
      page.getByRole('list', { name: 'Devices by ChromeOS major version' }).getByRole('link'),
    ).not.toHaveCount(0);
    await expect(page.getByRole('list', { name: 'Devices by model' }).getByRole('link')).not.toHaveCount(0);
    // Model names read in full (typical ones run past 30 characters), their bars still beside them.
    const models = page.getByRole('list', { name: 'Devices by model' }).getByRole('link');
    await expectWholeLabels(models, 'span');
    for (const width of await models.evaluateAll((links) =>
      links.map((link) => link.querySelector('svg')?.getBoundingClientRect().width ?? 0),
    ))
      expect(width).toBeGreaterThan(40);
    await expect(page.getByTestId('aue-forecast')).toContainText('$');
    await expect(page.getByRole('img', { name: /^Active devices:/ })).toBeVisible();
    // Every chart has its figures in words: the trends as tables (the bars' lists and legends
    // carry theirs already).
    const trendTable = page.getByRole('group').filter({ hasText: 'Show Active devices as a table' });
    await trendTable.getByText('Show Active devices as a table').click();
    const figures = trendTable.getByRole('table', { name: 'Active devices' });
    await expect(figures.getByRole('columnheader')).toHaveText(['Day', 'In service', 'Active in 7 days']);
    await expect(figures.getByRole('row')).not.toHaveCount(1);
    await expect(page.getByTestId('chart-table')).toHaveCount(3);
    // Every link leads to the fleet table.
    for (const href of await health
      .getByRole('link')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')))) {
      expect(href).toMatch(/^\/devices\/fleetStatus\?q=status%3AACTIVE%20/);
    }

    await page.emulateMedia({ colorScheme: 'light' });
    await fullShot(page, 'dashboard-light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await fullShot(page, 'dashboard-dark');
    await page.emulateMedia({ colorScheme: 'light' });

    // The forecast is priced from the organization's costs, editable by an admin.
    const forecast = page.getByTestId('aue-forecast');
    const before = digits(await forecast.textContent());
    await page.getByRole('button', { name: 'Edit costs' }).click();
    const dialog = page.getByRole('dialog', { name: 'Replacement costs' });
    const fallback = dialog.getByLabel('Default cost per device');
    await expect(fallback).not.toHaveValue('');
    const unit = Number(await fallback.inputValue());
    await expectAccessible(page, 'dashboard costs dialog');
    await page.screenshot({ path: join(shots, 'dashboard-costs-dialog.png') });
    await fallback.fill(String(unit * 2));
    await dialog.getByRole('button', { name: 'Save costs' }).click();
    await expect(dialog).toBeHidden();
    await expect.poll(async () => digits(await forecast.textContent())).toBe(before * 2);
    await page.getByRole('button', { name: 'Edit costs' }).click();
    await dialog.getByLabel('Default cost per device').fill(String(unit));
    await dialog.getByRole('button', { name: 'Save costs' }).click();
    await expect.poll(async () => digits(await forecast.textContent())).toBe(before);

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(health).toBeVisible();
    await fullShot(page, 'dashboard-mobile');
  });

  test('the replacement forecast: past-AUE devices in service as a line of their own, every amount to the unit', async ({
    page,
  }) => {
    const view = (await (await page.request.get('/api/dashboard')).json()) as DashboardResponse;
    expect(view.aue.pastDue.count).toBeGreaterThan(0);
    await page.goto('/dashboard');
    const table = page.getByTestId('aue-forecast-table');
    const pastDue = table.getByTestId('aue-forecast-past-due');
    await expect(pastDue).toContainText('Updates already ended');
    await expect(pastDue).toContainText(`before ${view.aue.pastDue.before}, still in service`);
    const count = new Intl.NumberFormat('en-US').format(view.aue.pastDue.count);
    const link = pastDue.getByRole('link', { name: /^[\d,]+ devices past AUE before/ });
    await expect(link).toHaveAccessibleName(`${count} devices past AUE before ${view.aue.pastDue.before}`);
    expect(await link.getAttribute('href')).toContain(encodeURIComponent(view.aue.pastDue.query));
    // One precision: whole currency units with separators, for the total and every line.
    const amounts = [
      (await page.getByTestId('aue-forecast').textContent()) ?? '',
      ...(await table.getByTestId('aue-forecast-cost').allTextContents()),
    ];
    expect(amounts.length).toBeGreaterThan(2);
    for (const amount of amounts) expect(amount).toMatch(/^\$\d{1,3}(,\d{3})*$/);
    expect(digits(amounts[0] ?? '')).toBe(Math.round(view.aue.forecastCents / 100));
    await page.setViewportSize({ width: 1440, height: 900 });
    await table.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(shots, 'dashboard-forecast.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await table.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(shots, 'dashboard-forecast-phone.png') });
    // On a phone the table fits the screen: nothing to scroll sideways, the models under each year.
    expect(
      await table.evaluate((element) => element.scrollWidth <= (element.parentElement?.clientWidth ?? 0)),
    ).toBe(true);
  });

  test('"no sync for 90 days" opens the fleet table with the same count', async ({ page }) => {
    await page.goto('/dashboard');
    const tile = page.getByTestId('tile-ghost90');
    const count = digits(await tile.getByTestId('tile-ghost90-count').textContent());
    expect(await tile.getAttribute('href')).toBe('/devices/fleetStatus?q=status%3AACTIVE%20stale%3A90d');
    await tile.click();
    await expect(page).toHaveURL(/\/devices\/fleetStatus\?q=status%3AACTIVE%20stale%3A90d$/);
    const matches = page.getByTestId('fleet-match-count');
    await expect(matches).toContainText(/\d/, { timeout: 15_000 });
    expect(digits(await matches.textContent())).toBe(count);
  });

  test('every number matches the fleet table for its query', async ({ page }) => {
    const response = await page.request.get('/api/dashboard');
    expect(response.status()).toBe(200);
    const view = (await response.json()) as DashboardResponse;
    const numbers = [
      ...view.tiles,
      ...view.statuses,
      ...view.compliance,
      ...view.battery,
      ...view.models.slice(0, 5),
      ...view.attention.map((a) => ({ key: a.key, query: a.query, count: a.count ?? -1 })),
      ...view.aue.schoolYears.map((y) => ({ key: y.label, query: y.query, count: y.count })),
      ...view.aue.schoolYears.flatMap((y) =>
        y.models.slice(0, 1).map((m) => ({ key: m.model, query: m.query, count: m.count })),
      ),
      ...view.os.versions.slice(0, 4).map((v) => ({ key: String(v.major), query: v.query, count: v.count })),
    ].filter((n): n is { key: string; query: string; count: number } => typeof n.query === 'string');
    expect(numbers.length).toBeGreaterThan(30);
    for (const number of numbers) {
      const params = new URLSearchParams({ q: number.query, count: 'exact', limit: '1' });
      const table = await page.request.get(`/api/devices?${params.toString()}`);
      expect([number.query, table.status()]).toEqual([number.query, 200]);
      const body = (await table.json()) as { total: { value: number } | null };
      expect([number.query, body.total?.value]).toEqual([number.query, number.count]);
    }
  });
});
