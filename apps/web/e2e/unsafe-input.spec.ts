import { expect, screenshot, test } from './fixtures.ts';

/**
 * A NUL or another control character typed or pasted into a form is refused in the page, before
 * anything is sent, with the field and why (the server would answer 400 with the same rule).
 */

test('a device note holding NUL is not sent: the form names the field and the character', async ({
  page,
}) => {
  await page.goto('/dashboard');
  const params = new URLSearchParams({ q: 'status:ACTIVE', sort: 'lastSync', dir: 'desc', limit: '5' });
  const response = await page.request.get(`/api/devices?${params.toString()}&count=none`);
  expect(response.ok(), await response.text()).toBe(true);
  const { devices } = (await response.json()) as { devices: { deviceId: string }[] };
  // Only looked at, never saved: any device of the fleet will do.
  const deviceId = devices.at(-1)?.deviceId ?? '';
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PATCH' && request.url().includes('/api/devices/')) sent.push(request.url());
  });
  await page.goto(`/devices/chromebook/${deviceId}`);
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const form = page.getByRole('form', { name: 'Edit asset details' });
  const notes = form.getByLabel('Notes');
  await notes.fill('Screen cracked\u0000 spare charger issued');
  // Marked as it is typed, before any save.
  await expect(notes).toHaveAttribute('aria-invalid', 'true');
  await form.getByRole('button', { name: 'Save' }).click();
  const alert = form.getByRole('alert');
  await expect(alert).toHaveText(
    'Notes contains a control character (U+0000) at position 14, which Fleetdeck cannot store or send to Google. Remove it (it often comes with a copy and paste), then try again.',
  );
  await expect(notes).toBeFocused();
  await page.setViewportSize({ width: 1440, height: 900 });
  await alert.scrollIntoViewIfNeeded();
  await screenshot(page, 'unsafe-note-refused');
  await page.setViewportSize({ width: 390, height: 844 });
  await alert.scrollIntoViewIfNeeded();
  await screenshot(page, 'unsafe-note-refused-phone');
  expect(sent).toEqual([]);

  // Once the character is gone the message goes, and the note saves.
  await notes.fill('Screen cracked, spare charger issued');
  await expect(alert).toHaveCount(0);
  await expect(notes).not.toHaveAttribute('aria-invalid');
});

test('a fleet query holding a control character says where, and asks the server nothing with it', async ({
  page,
}) => {
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/devices') && (url.searchParams.get('q') ?? '').includes('\u0001'))
      asked.push(request.url());
  });
  await page.goto('/devices/fleetStatus');
  const search = page.getByRole('combobox', { name: /search/i });
  await search.fill('status:ACTIVE 5CD\u0001');
  await expect(
    page.getByText(/The query contains a control character \(U\+0001\) at position 17/),
  ).toBeVisible();
  await page.setViewportSize({ width: 1440, height: 900 });
  await screenshot(page, 'unsafe-query-refused');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'unsafe-query-refused-phone');
  await page.waitForTimeout(800);
  expect(asked).toEqual([]);
});

test('a pasted list holding NUL is not sent: the dialog names the line’s field and the character', async ({
  page,
}) => {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/api/devices/resolve'))
      sent.push(request.url());
  });
  await page.goto('/devices/fleetStatus');
  await page.getByRole('button', { name: 'Paste a list' }).click();
  const dialog = page.getByRole('dialog', { name: 'Paste a list of devices' });
  const list = dialog.getByLabel('Serial numbers or asset IDs');
  // Tabs and line breaks from a spreadsheet are fine; the NUL is not.
  await list.fill('5CD1234567\tRoom 12\n5CD\u00007654321');
  await expect(list).toHaveAttribute('aria-invalid', 'true');
  await dialog.getByRole('button', { name: 'Find devices' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'Serial numbers or asset IDs contains a control character (U+0000) at position 22, which Fleetdeck cannot store or send to Google. Remove it (it often comes with a copy and paste), then try again.',
  );
  await expect(list).toBeFocused();
  await screenshot(page, 'unsafe-paste-refused');
  expect(sent).toEqual([]);
});
