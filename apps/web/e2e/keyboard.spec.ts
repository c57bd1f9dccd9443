import type { Locator, Page } from '@playwright/test';
import { expectAccessible } from './accessibility.ts';
import { expect, primaryNav, screenshotSizes, tabTo, test } from './fixtures.ts';
import { demoAccount, SIGNED_OUT } from './identity-helpers.ts';

/**
 * The keyboard alone, as someone who cannot use a mouse works: sign in with Google, open the
 * fleet, search, skip to the table, select two devices, move them in bulk, then open one and
 * reboot it. Every step is a key press (Tab, Enter, Space, the arrows, "/"), every page and
 * dialog on the way passes axe-core, and focus lands where the next step starts.
 */

test.use({ storageState: SIGNED_OUT, viewport: { width: 1440, height: 900 } });

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Arrow Down through an open menu until `item` has the focus. */
async function arrowTo(page: Page, item: Locator, max = 12): Promise<void> {
  for (let presses = 0; presses < max; presses += 1) {
    if (await item.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('ArrowDown');
  }
  await expect(item).toBeFocused();
}

test('keyboard only: sign in, search, select, move in bulk, and reboot a device', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const owner = await demoAccount(request, 'primary-owner');
  // The unit the fleet journey moves devices into (the last one), so the other journeys' schools keep theirs.
  const orgUnits = async () =>
    ((await (await page.request.get('/api/org-units')).json()) as { orgUnits: { orgUnitPath: string }[] })
      .orgUnits;

  await test.step('sign in with Google', async () => {
    await page.goto('/login');
    await tabTo(page, page.getByRole('button', { name: 'Sign in with Google' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Choose an account' })).toBeVisible();
    await tabTo(page, page.getByRole('button', { name: new RegExp(escaped(owner.email)) }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expectAccessible(page, 'dashboard, signed in by keyboard');
  });

  const target = (await orgUnits()).filter((unit) => unit.orgUnitPath !== '/').at(-1)?.orgUnitPath ?? '';
  expect(target).not.toBe('');
  const grid = page.getByRole('grid', { name: 'Devices' });
  const selection = page.getByTestId('fleet-selection');

  await test.step('search the fleet and skip to the table', async () => {
    await tabTo(page, primaryNav(page).getByRole('link', { name: 'Fleet status' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Fleet status' })).toBeVisible();
    await expect(grid.getByTestId('fleet-row').first()).toBeVisible({ timeout: 20_000 });
    await page.keyboard.press('/');
    const search = page.getByRole('combobox', { name: 'Search devices' });
    await expect(search).toBeFocused();
    // The last devices by serial: the fleet journey moves the first ones at the same time.
    // A valid query runs a moment after the typing stops.
    await page.keyboard.type(`status:ACTIVE -ou:"${target}"`);
    await expect(page).toHaveURL(/q=status%3AACTIVE/);
    await expect(grid).not.toHaveAttribute('aria-busy', 'true');
    // Past the toolbar and the facets: a few presses from the search box.
    expect(
      await tabTo(page, page.getByRole('link', { name: 'Skip to the device table' })),
    ).toBeLessThanOrEqual(3);
    await page.keyboard.press('Enter');
    await expect(grid).toBeFocused();
    await page.keyboard.press('End');
    await expect(grid).toHaveAttribute('aria-activedescendant', /^fleet-row-\d+$/);
    // The last rows load after the jump: Space selects a loaded row, not its placeholder.
    const active = await grid.getAttribute('aria-activedescendant');
    await expect(page.locator(`#${active ?? ''}`)).toHaveAttribute('data-testid', 'fleet-row', {
      timeout: 15_000,
    });
  });

  await test.step('select two devices and move them to another unit', async () => {
    await page.keyboard.press('Space');
    await expect(selection).toContainText('1 selected');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Space');
    await expect(selection).toContainText('2 selected');
    await tabTo(page, selection.getByRole('button', { name: 'Actions' }), { back: true });
    await page.keyboard.press('Enter');
    await arrowTo(page, page.getByRole('menuitem', { name: 'Move to OU…' }));
    await expectAccessible(page, 'bulk actions menu');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Move to an organizational unit' });
    await expect(dialog).toBeVisible();
    await tabTo(page, dialog.getByLabel('Find a unit'));
    await page.keyboard.type(target);
    await tabTo(page, dialog.getByLabel('Move to'));
    await page.keyboard.press('ArrowDown');
    await expect(dialog.getByLabel('Move to')).not.toHaveValue('');
    await tabTo(page, dialog.getByRole('button', { name: 'Preview changes' }));
    await page.keyboard.press('Enter');
    await expect(dialog.getByTestId('bulk-preview-count')).toHaveText('2 will move');
    await screenshotSizes(page, 'keyboard-bulk-move-preview');
    await tabTo(page, dialog.getByRole('button', { name: 'Move 2 devices' }));
    await page.keyboard.press('Enter');
    await expect(dialog.getByTestId('bulk-run-status')).toHaveText(/^Finished/, { timeout: 60_000 });
    await expectAccessible(page, 'bulk move results');
    await tabTo(page, dialog.getByRole('button', { name: 'Done' }));
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(grid).toBeFocused();
  });

  await test.step('open a device and reboot it', async () => {
    await page.keyboard.press('Home');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/devices\/chromebook\//);
    // The device page starts at its heading; Tab goes on to its actions.
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toBeFocused();
    const actions = page.getByRole('button', { name: 'Actions' });
    await tabTo(page, actions);
    await page.keyboard.press('Enter');
    await arrowTo(page, page.getByRole('menuitem', { name: 'Reboot…' }));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: /^Reboot: / });
    await expect(dialog).toBeVisible();
    await expectAccessible(page, 'reboot dialog');
    await tabTo(page, dialog.getByRole('button', { name: 'Reboot', exact: true }));
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(actions).toBeFocused();
    await expect(page.getByTestId('command-row').first()).toContainText('Reboot');
    await screenshotSizes(page, 'keyboard-device-rebooted');
  });
});
