import { expect, screenshot, test } from './fixtures.ts';

/**
 * The sync page: the first sync of onboarding (e2e/identity.setup.ts) is listed with its 300
 * devices; Sync now adds an incremental run that completes; the schedule is editable.
 */
test.describe('settings: sync', () => {
  test('lists the first sync, runs Sync now to completion and saves the schedule', async ({ page }) => {
    test.setTimeout(90_000);
    // The page listens to the organization's realtime channel; record what the socket carries.
    const frames: string[] = [];
    page.on('websocket', (socket) => {
      if (!socket.url().endsWith('/api/realtime')) return;
      socket.on('framereceived', ({ payload }) => frames.push(String(payload)));
    });
    await page.goto('/settings/sync');
    await expect(
      page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name: 'Sync' }),
    ).toHaveAttribute('aria-current', 'page');
    const table = page.getByRole('table', { name: 'Sync runs' });
    const fullRun = table.getByTestId('sync-run-row').filter({ hasText: 'Full' }).last();
    await expect(fullRun).toContainText('Succeeded');
    await expect(fullRun.getByRole('cell').nth(5)).toHaveText('300');
    await expect(fullRun.getByRole('cell').nth(6)).toHaveText('300');

    const rowsBefore = await table.getByTestId('sync-run-row').count();
    const started = page.waitForResponse(
      (response) => response.url().endsWith('/api/sync/runs') && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Sync now' }).click();
    const answer = (await (await started).json()) as { run: { id: string; kind: string }; created: boolean };
    expect(answer.run.kind).toBe('incremental');
    expect(answer.created).toBe(true);
    await expect(table.getByTestId('sync-run-row')).toHaveCount(rowsBefore + 1);
    const current = page.getByTestId('sync-progress');
    await expect(current.getByTestId('sync-phase')).toContainText('Incremental sync');
    await expect(current.getByRole('progressbar', { name: 'Sync progress' })).toHaveAttribute(
      'aria-valuenow',
      '100',
      { timeout: 60_000 },
    );
    // Units counted as the move dialog lists them; the groups the sync lists them in said as groups.
    const tree = (await (await page.request.get('/api/org-units')).json()) as { orgUnits: unknown[] };
    const units = current.getByTestId('sync-org-units');
    await expect(units).toContainText(new Intl.NumberFormat('en-US').format(tree.orgUnits.length));
    await expect(units).toContainText(/listed in \d+ groups?/);
    await current.scrollIntoViewIfNeeded();
    await page.setViewportSize({ width: 1440, height: 900 });
    await screenshot(page, 'settings-sync-progress');
    await page.setViewportSize({ width: 390, height: 844 });
    await current.scrollIntoViewIfNeeded();
    await screenshot(page, 'settings-sync-progress-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
    const newest = table.getByTestId('sync-run-row').first();
    await expect(newest).toContainText('Incremental');
    await expect(newest).toContainText('Succeeded');
    await expect(page.getByRole('button', { name: 'Sync now' })).toBeEnabled();
    // The run's progress was pushed over the realtime channel, not only polled.
    const pushed = frames
      .map((frame) => JSON.parse(frame) as { event: string; payload: { id?: string; status?: string } })
      .filter((frame) => frame.event === 'sync.progress' && frame.payload.id === answer.run.id);
    expect(pushed.map((frame) => frame.payload.status)).toContain('succeeded');
    await table.scrollIntoViewIfNeeded();
    await screenshot(page, 'settings-sync-history');

    // The schedule: bad numbers are refused before the request, good ones are saved.
    const every = page.getByLabel('Sync every (minutes)');
    await every.fill('2');
    await page.getByRole('button', { name: 'Save schedule' }).click();
    await expect(page.getByRole('alert')).toContainText('Sync every 5 to 1440 minutes');
    await every.fill('30');
    const saved = page.waitForResponse(
      (response) => response.url().endsWith('/api/sync/schedule') && response.request().method() === 'PUT',
    );
    await page.getByRole('button', { name: 'Save schedule' }).click();
    expect(((await (await saved).json()) as { intervalMinutes: number }).intervalMinutes).toBe(30);
    await expect(page.getByText('Schedule saved.')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Sync every (minutes)')).toHaveValue('30');
    await screenshot(page, 'settings-sync');
  });
});
