import { expect, screenshot, test } from './fixtures.ts';
import { demoAccount } from './identity-helpers.ts';

/**
 * Settings → Audit log names the member who acted on a device (name and email, never "Fleetdeck")
 * and links the target, shown by its serial number, to the device page; the chain verifies.
 */
test('the audit log names the member on a device action and links the device', async ({ page, request }) => {
  test.setTimeout(90_000);
  const owner = await demoAccount(request, 'primary-owner');
  await page.goto('/dashboard');
  const listed = await page.request.get(
    '/api/devices?q=status:ACTIVE&sort=serialNumber&dir=desc&limit=3&count=none',
  );
  expect(listed.ok(), await listed.text()).toBe(true);
  const { devices } = (await listed.json()) as {
    devices: { deviceId: string; serialNumber: string | null }[];
  };
  const device = devices[2];
  if (!device?.serialNumber) throw new Error('the generated fleet has no active device with a serial');

  // The owner edits the device's notes on its page.
  await page.goto(`/devices/chromebook/${device.deviceId}`);
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const form = page.getByRole('form', { name: 'Edit asset details' });
  await form.getByLabel('Notes').fill(`Audited ${Date.now().toString(36)}`);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Asset details saved.')).toBeVisible();

  // The log, narrowed to that action and that serial (as a shared link would).
  await page.goto(`/settings/audit?action=device.annotate&target=${encodeURIComponent(device.serialNumber)}`);
  await expect(page.getByLabel('Target')).toHaveValue(device.serialNumber);
  const row = page.getByRole('row').filter({ hasText: 'Device details edited' }).first();
  await expect(row.getByTestId('audit-who')).toContainText(owner.name);
  await expect(row.getByTestId('audit-who')).toContainText(owner.email);
  await expect(row.getByTestId('audit-who')).not.toContainText('Fleetdeck');
  const link = row.getByTestId('audit-target').getByRole('link', { name: device.serialNumber });
  await expect(link).toHaveAttribute('href', `/devices/chromebook/${device.deviceId}`);
  await expect(row).toContainText('Fields: notes');
  await screenshot(page, 'settings-audit-log');

  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText(/^The log is intact: [\d,]+ entries checked/)).toBeVisible();

  await link.click();
  await expect(page).toHaveURL(`/devices/chromebook/${device.deviceId}`);
  await expect(page.getByRole('heading', { level: 1, name: device.serialNumber })).toBeVisible();
});
