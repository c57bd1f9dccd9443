import { expect, test } from './fixtures.ts';
import { demoAccount } from './identity-helpers.ts';

/**
 * The fleet table stays live while Google's fleet changes: a sync that both changes a device on
 * screen and adds devices refreshes that row in place and announces the new devices; "Show them"
 * lists them. This journey grows the shared fleet, so it runs in its own project after every other
 * journey (playwright.config.ts), whose counts assume the fleet onboarding copied.
 */
const emulatorOrigin = () => `http://127.0.0.1:${process.env.FLEETDECK_E2E_EMULATOR_PORT ?? ''}`;
const DEVICE_SCOPE = 'https://www.googleapis.com/auth/admin.directory.device.chromeos';

test('a sync that changes a shown device and adds devices refreshes the row and announces them', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const sockets: string[] = [];
  page.on('websocket', (socket) => {
    if (!socket.url().endsWith('/api/realtime')) return;
    socket.on('framereceived', ({ payload }) => sockets.push(String(payload)));
  });
  await page.goto('/devices/fleetStatus');
  const grid = page.getByRole('grid', { name: 'Devices' });
  const firstRow = grid.getByTestId('fleet-row').first();
  await expect(firstRow).toBeVisible();
  const count = page.getByTestId('fleet-match-count');
  await expect(count).toHaveText(/^[\d,]+ devices$/);
  const before = Number((await count.innerText()).replace(/\D/g, ''));
  // The table's channel is joined before Google changes, so the sync's push reaches this page.
  await expect
    .poll(() => sockets.some((frame) => frame.includes('"phx_reply"') && frame.includes('"org:')))
    .toBe(true);

  // The first row's device (sorted by serial number) gets a new assigned user at Google.
  const listed = await page.request.get('/api/devices?sort=serialNumber&dir=asc&limit=1&count=none');
  const [shown] = ((await listed.json()) as { devices: { deviceId: string; serialNumber: string }[] })
    .devices;
  expect(shown).toBeDefined();
  await expect(firstRow).toContainText(shown?.serialNumber ?? '');
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

  // The row on screen shows Google's new value without a reload, and the new devices are announced.
  await expect(firstRow).toContainText(user, { timeout: 30_000 });
  const banner = page.getByTestId('fleet-new-devices');
  await expect(banner).toHaveText(/2 new devices were added to the fleet\./);
  await banner.getByRole('button', { name: 'Show them' }).click();
  await expect(banner).toHaveCount(0);
  await expect(count).toHaveText(`${(before + 2).toLocaleString('en-US')} devices`);
});
