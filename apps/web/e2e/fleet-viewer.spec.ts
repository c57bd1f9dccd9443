import { expect, test } from './fixtures.ts';
import { freshEmail, latestMail, SIGNED_OUT, signInWithEmailCode } from './identity-helpers.ts';

/**
 * A viewer reads the fleet table (search, counts, export) but gets no selection and no bulk
 * actions: the page follows the same role matrix the server enforces.
 */
test('a viewer reads the fleet table without selection or bulk actions', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  const viewerEmail = freshEmail('fleet-viewer');
  // The owner invites the viewer (whole organization, no OU scope).
  await page.goto('/settings/team');
  await page.getByLabel('Email', { exact: true }).fill(viewerEmail);
  await page.getByLabel('Role', { exact: true }).selectOption('viewer');
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${viewerEmail}.`)).toBeVisible();

  // The viewer signs in in a browser of their own and accepts.
  const context = await browser.newContext({
    storageState: SIGNED_OUT,
    baseURL: testInfo.project.use.baseURL,
    viewport: { width: 1280, height: 800 },
    extraHTTPHeaders: { 'X-Forwarded-For': '10.250.1.7' },
  });
  const viewer = await context.newPage();
  const errors: string[] = [];
  viewer.on('pageerror', (error) => errors.push(error.message));
  await signInWithEmailCode(viewer, request, viewerEmail);
  await expect(viewer).toHaveURL(/\/onboarding$/);
  const invitation = await latestMail(request, viewerEmail, /You are invited/);
  await viewer.goto(invitation.link ?? '');
  await viewer.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(viewer.getByText(/^You joined .+ as a viewer\.$/)).toBeVisible();

  await viewer.goto('/devices/fleetStatus?q=status%3AACTIVE');
  const grid = viewer.getByRole('grid', { name: 'Devices' });
  await expect(grid.getByTestId('fleet-row').first()).toBeVisible({ timeout: 20_000 });
  await expect(viewer.getByTestId('fleet-match-count')).toHaveText(/^\d[\d,]* devices$/);
  await expect(grid).not.toHaveAttribute('aria-multiselectable', 'true');
  await expect(grid.getByRole('checkbox')).toHaveCount(0);
  // Space selects nothing; no selection bar and no actions appear.
  await grid.focus();
  await viewer.keyboard.press('Space');
  await expect(viewer.getByTestId('fleet-selection')).toHaveCount(0);
  await expect(viewer.getByRole('button', { name: 'Actions' })).toHaveCount(0);
  // Reading stays possible: the export link and the paste report.
  await expect(viewer.getByRole('link', { name: 'Export CSV' })).toBeVisible();
  await viewer.getByRole('button', { name: 'Paste a list' }).click();
  const dialog = viewer.getByRole('dialog', { name: 'Paste a list of devices' });
  await dialog.getByLabel('Serial numbers or asset IDs').fill('NO-SUCH-SERIAL');
  await dialog.getByRole('button', { name: 'Find devices' }).click();
  await expect(dialog.getByTestId('paste-line')).toHaveAttribute('data-match-count', '0');
  await expect(dialog.getByRole('button', { name: /^Select / })).toHaveCount(0);
  expect(errors).toEqual([]);
  await context.close();
});
