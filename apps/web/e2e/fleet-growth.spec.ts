import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { demoAccount } from './identity-helpers.ts';

/**
 * The fleet table stays live while Google's fleet changes: a sync that both changes a device on
 * screen and adds devices refreshes that row in place and announces the new devices, which stay
 * out of the table (no row moves) until "Show them" lists them. This journey grows the shared
 * fleet, so it runs in its own project after every other journey (playwright.config.ts), whose
 * counts assume the fleet onboarding copied.
 */
const emulatorOrigin = () => `http://127.0.0.1:${process.env.FLEETDECK_E2E_EMULATOR_PORT ?? ''}`;
const DEVICE_SCOPE = 'https://www.googleapis.com/auth/admin.directory.device.chromeos';

/** Whether the page has joined its organization's realtime channel (watched from now on). */
function watchChannel(page: Page): () => boolean {
  const frames: string[] = [];
  page.on('websocket', (socket) => {
    if (!socket.url().endsWith('/api/realtime')) return;
    socket.on('framereceived', ({ payload }) => frames.push(String(payload)));
  });
  return () => frames.some((frame) => frame.includes('"phx_reply"') && frame.includes('"org:'));
}

/**
 * Every row of the table in order, read by scrolling the virtualised grid from top to bottom
 * (pages load as it goes); it ends scrolled back to the top.
 */
async function listedDeviceIds(grid: Locator): Promise<string[]> {
  const byIndex = new Map<number, string>();
  const rowCount = Number(await grid.getAttribute('aria-rowcount')) - 1;
  const rowHeight = await grid
    .getByTestId('fleet-row')
    .first()
    .evaluate((row) => row.getBoundingClientRect().height);
  for (let top = 0; ;) {
    await grid.evaluate((element, to) => {
      element.scrollTop = to;
    }, top);
    await expect(grid.getByTestId('fleet-row-placeholder')).toHaveCount(0);
    // The rows at the new place are drawn (a busy machine draws them a frame or two after the scroll).
    const firstInView = Math.min(rowCount - 1, Math.floor(top / rowHeight));
    await expect(grid.locator(`[data-testid="fleet-row"][aria-rowindex="${firstInView + 2}"]`)).toHaveCount(
      1,
    );
    const shown = await grid
      .getByTestId('fleet-row')
      .evaluateAll((rows) =>
        rows.map((row) => [
          Number(row.getAttribute('aria-rowindex')) - 2,
          row.getAttribute('data-device-id') ?? '',
        ]),
      );
    for (const [index, id] of shown) byIndex.set(Number(index), String(id));
    const { height, end } = await grid.evaluate((element) => ({
      height: element.clientHeight,
      end: element.scrollHeight,
    }));
    if (top + height >= end) break;
    top += Math.max(60, height - 60);
  }
  await grid.evaluate((element) => {
    element.scrollTop = 0;
  });
  expect(byIndex.size).toBe(rowCount);
  return Array.from({ length: rowCount }, (_, index) => byIndex.get(index) ?? '');
}

test('a sync that changes a shown device and adds devices refreshes the row in place and lists the new ones on request', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const joined = watchChannel(page);
  await page.goto('/devices/fleetStatus');
  const grid = page.getByRole('grid', { name: 'Devices' });
  const firstRow = grid.locator('[data-testid="fleet-row"][aria-rowindex="2"]');
  await expect(firstRow).toBeVisible();
  const count = page.getByTestId('fleet-match-count');
  await expect(count).toHaveText(/^[\d,]+ devices$/);
  const before = Number((await count.innerText()).replace(/\D/g, ''));
  // Every page is loaded, so a device that joined the fleet would have its place among the rows.
  const listedBefore = await listedDeviceIds(grid);
  expect(listedBefore).toHaveLength(before);
  await expect(grid).toHaveAttribute('aria-rowcount', String(before + 1));
  // The table's channel is joined before Google changes, so the sync's push reaches this page.
  await expect.poll(joined).toBe(true);

  // The first row's device (sorted by serial number) gets a new assigned user at Google.
  const listed = await page.request.get('/api/devices?sort=serialNumber&dir=asc&limit=1&count=none');
  const [shown] = ((await listed.json()) as { devices: { deviceId: string; serialNumber: string }[] })
    .devices;
  expect(shown).toBeDefined();
  await expect(firstRow).toContainText(shown?.serialNumber ?? '');
  await expect(firstRow).toHaveAttribute('data-device-id', shown?.deviceId ?? '');
  // A second tab lists a query that device is about to leave (its new user has that phrase).
  const other = await page.context().newPage();
  const otherJoined = watchChannel(other);
  await other.goto(`/devices/fleetStatus?q=${encodeURIComponent('-user:"Live Update"')}`);
  const otherFirstRow = other
    .getByRole('grid', { name: 'Devices' })
    .locator('[data-testid="fleet-row"][aria-rowindex="2"]');
  await expect(otherFirstRow).toHaveAttribute('data-device-id', shown?.deviceId ?? '');
  await expect.poll(otherJoined).toBe(true);
  const owner = await demoAccount(page.request, 'primary-owner');
  const minted = await page.request.post(`${emulatorOrigin()}/__emulator/oauth/access-tokens`, {
    data: { email: owner.email, scopes: [DEVICE_SCOPE] },
  });
  const { access_token: token } = (await minted.json()) as { access_token: string };
  const user = `Live Update ${Date.now() % 100_000}`;
  const patched = await page.request.patch(
    `${emulatorOrigin()}/admin/directory/v1/customer/my_customer/devices/chromeos/${shown?.deviceId ?? ''}`,
    { headers: { Authorization: `Bearer ${token}` }, data: { annotatedUser: user } },
  );
  expect(patched.status()).toBe(200);
  const enrolled = await page.request.post(`${emulatorOrigin()}/__emulator/devices/enroll`, {
    data: { count: 2 },
  });
  expect(enrolled.status()).toBe(200);
  const { deviceIds: added } = (await enrolled.json()) as { deviceIds: string[] };
  expect(added).toHaveLength(2);

  // Sync now, as the sync page does.
  const started = await page.evaluate(async () => {
    const response = await fetch('/api/sync/runs', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ kind: 'incremental' }),
    });
    return response.status;
  });
  expect([200, 202]).toContain(started);

  // The row on screen shows Google's new value without a reload, where it stood, and the new
  // devices are announced.
  await expect(firstRow).toContainText(user, { timeout: 30_000 });
  await expect(firstRow).toHaveAttribute('data-device-id', shown?.deviceId ?? '');
  await expect(firstRow).not.toHaveAttribute('data-stale', /./);
  const banner = page.getByTestId('fleet-new-devices');
  await expect(banner).toHaveText(/2 new devices were added to the fleet\./);
  // In the other tab the row stays where it was with the new value, muted, with a badge saying why:
  // a short label to the eye, the full sentence as its tooltip and to screen readers.
  await expect(otherFirstRow).toContainText(user);
  await expect(otherFirstRow).toHaveAttribute('data-device-id', shown?.deviceId ?? '');
  await expect(otherFirstRow).toHaveAttribute('data-stale', 'unmatched');
  const staleBadge = otherFirstRow.getByTestId('fleet-row-stale');
  await expect(staleBadge).toBeVisible();
  await expect(staleBadge).toHaveAttribute('title', 'No longer matches the query');
  await expect(staleBadge).toContainText('Left query');
  await expect(staleBadge).toContainText('No longer matches the query');
  // Ticked with another row, the device that left stays selected while its row is shown; once
  // "Show them" lists the fleet again without it, it leaves the selection too.
  const otherSecondRow = other
    .getByRole('grid', { name: 'Devices' })
    .locator('[data-testid="fleet-row"][aria-rowindex="3"]');
  const kept = await otherSecondRow.getAttribute('data-device-id');
  await otherFirstRow.getByRole('checkbox').check();
  await otherSecondRow.getByRole('checkbox').check();
  const otherSelection = other.getByTestId('fleet-selection');
  await expect(otherSelection).toHaveText(/^2 selected/);
  await other.getByTestId('fleet-new-devices').getByRole('button', { name: 'Show them' }).click();
  await expect(otherFirstRow).not.toHaveAttribute('data-device-id', shown?.deviceId ?? '');
  await expect(otherSelection).toHaveText(/^1 selected/);
  await expect(
    other
      .getByRole('grid', { name: 'Devices' })
      .locator(`[data-device-id="${kept ?? ''}"]`)
      .getByRole('checkbox'),
  ).toBeChecked();
  await other.close();
  // Until the admin asks, the new devices stay out of the table and no row moves.
  await expect(grid).toHaveAttribute('aria-rowcount', String(before + 1));
  await expect(count).toHaveText(`${before.toLocaleString('en-US')} devices`);
  const listedAfterSync = await listedDeviceIds(grid);
  expect(listedAfterSync).toEqual(listedBefore);
  expect(listedAfterSync.filter((id) => added.includes(id))).toEqual([]);

  await banner.getByRole('button', { name: 'Show them' }).click();
  await expect(banner).toHaveCount(0);
  await expect(count).toHaveText(`${(before + 2).toLocaleString('en-US')} devices`);
  await expect(grid).toHaveAttribute('aria-rowcount', String(before + 3));
  const listedAfterShow = await listedDeviceIds(grid);
  expect(listedAfterShow.filter((id) => added.includes(id)).toSorted()).toEqual(added.toSorted());
  expect(listedAfterShow).toHaveLength(before + 2);
  await expect(firstRow).toBeVisible();
});
