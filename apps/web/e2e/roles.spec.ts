import { expectAccessible } from './accessibility.ts';
import { expect, screenshot, test } from './fixtures.ts';
import {
  demoAccount,
  freshEmail,
  joinOrganization,
  latestMail,
  SIGNED_OUT,
  signInWithEmailCode,
  signInWithGoogle,
} from './identity-helpers.ts';

test.use({ storageState: SIGNED_OUT });

/** Chromium logs the refused calls this journey makes on purpose. */
const REFUSED = /^Failed to load resource: the server responded with a status of 403 \(Forbidden\)$/;

test('an admin invites a viewer by email; the viewer sees no admin actions and the API refuses them', async ({
  page,
  request,
  consoleGuard,
}) => {
  test.setTimeout(150_000);
  consoleGuard.allow(REFUSED, /status of 400 \(Bad Request\)$/);
  const admin = await demoAccount(request, 'primary-admin');
  const viewerEmail = freshEmail('librarian');

  // The admin asks for access as onboarding offers it; the owner makes them an admin.
  await signInWithGoogle(page, admin.email);
  await joinOrganization(page, admin.email, { role: 'admin' });

  await page.goto('/settings/team');
  await expect(page.getByRole('heading', { name: 'Team members and roles' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByRole('cell', { name: admin.email })).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(viewerEmail);
  await page.getByLabel('Role', { exact: true }).selectOption('viewer');
  // A unit the organization does not have is refused before anyone is limited to nothing.
  await page.getByLabel('Units (optional)').fill('/Schools');
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByRole('alert')).toContainText(
    'Your organization has no organizational unit /Schools',
  );
  await page.getByLabel('Units (optional)').fill('/Adams Elementary School');
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${viewerEmail}.`)).toBeVisible();
  const pending = page.getByRole('list', { name: 'Pending invitations' });
  await expect(pending).toContainText(viewerEmail);
  await expect(pending).toContainText('Viewer of /Adams Elementary School');
  // Every role an admin may give can be limited to units (only owners cannot, and admins do not make owners).
  await page.getByLabel('Role', { exact: true }).selectOption('technician');
  await expect(page.getByLabel('Units (optional)')).toBeVisible();
  await expect(page.getByLabel('Role', { exact: true }).locator('option[value="owner"]')).toHaveCount(0);
  await pending.scrollIntoViewIfNeeded();
  await screenshot(page, 'settings-team');
  await page.getByRole('button', { name: `Account: ${admin.name}` }).click();
  await page.getByRole('menuitem', { name: 'Sign out of this device' }).click();
  await expect(page).toHaveURL(/\/$/);

  // The emailed link, opened signed out, asks for the invited address (maybe not a Google account).
  const invitation = await latestMail(request, viewerEmail, /You are invited/);
  expect(invitation.link).toMatch(/\/invitations\/accept\?token=/);
  await page.goto(invitation.link ?? '');
  await expect(page).toHaveURL(/\/login\?next=%2Finvitations%2Faccept/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Sign in to accept your invitation' }),
  ).toBeVisible();
  await expect(page.getByText('Use the address the invitation was sent to')).toBeVisible();
  await expectAccessible(page, 'sign in to accept an invitation');

  // The viewer signs in with an email code and lands back on the invitation to accept it.
  await signInWithEmailCode(page, request, viewerEmail);
  await expect(page).toHaveURL(/\/invitations\/accept\?token=/);
  // The page says what the link joins, and who asked, before anything is accepted.
  await expect(page.getByTestId('invitation-summary')).toContainText(
    `${admin.name} (${admin.email}) invited you to join`,
  );
  await expect(page.getByTestId('invitation-summary')).toContainText(
    'as a viewer, seeing /Adams Elementary School and below.',
  );
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Join .+ on Fleetdeck$/);
  await expectAccessible(page, 'invitation to accept');
  await page.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(page.getByText(/^You joined .+ as a viewer\.$/)).toBeVisible();
  await page.getByRole('link', { name: 'Go to the dashboard' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  // No admin actions in the UI...
  await page.goto('/settings/team');
  await expect(page.getByText('Your role does not include seeing the team.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send invitation' })).toHaveCount(0);
  await page.goto('/settings/audit');
  await expect(page.getByText('Only owners and admins read the audit log.')).toBeVisible();
  await page.goto('/settings/google');
  await expect(page.getByRole('heading', { name: 'Google Workspace connection' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reconnect Google' })).toHaveCount(0);
  await expectAccessible(page, 'Google connection, as a viewer');
  // Signed in by email code only: that method is listed, not an empty box.
  await page.goto('/settings/security');
  const methods = page.getByRole('list', { name: 'Linked identities' });
  await expect(methods.getByRole('listitem')).toHaveCount(1);
  await expect(methods.getByRole('listitem')).toContainText('Email code');
  await expect(methods.getByRole('listitem')).toContainText(`to ${viewerEmail}, always available`);
  await expect(page.getByRole('button', { name: 'Link Google account' })).toBeVisible();
  await expectAccessible(page, 'sign-in and security, as a viewer');
  // The sync page: the history is readable, but no sync can be started and the schedule is locked.
  await page.goto('/settings/sync');
  await expect(
    page.getByRole('table', { name: 'Sync runs' }).getByTestId('sync-run-row').first(),
  ).toBeVisible();
  await expect(page.getByText('Owners, admins and technicians can start a sync.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sync now' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Full sync' })).toHaveCount(0);
  await expect(page.getByLabel('Sync every (minutes)')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Save schedule' })).toHaveCount(0);
  await page.getByRole('button', { name: /^Account: / }).click();
  await expect(page.getByTestId('account-organization')).toContainText('Viewer');
  await page.keyboard.press('Escape');

  // ...and the API answers 403 when called from the page anyway.
  const statuses = await page.evaluate(async () => {
    const invite = await fetch('/api/organization/invitations', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'someone@example.org', role: 'admin', ouScope: [] }),
    });
    const members = await fetch('/api/organization/members');
    const audit = await fetch('/api/audit');
    const sync = await fetch('/api/sync/runs', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ kind: 'incremental' }),
    });
    // Connecting Google Workspace again would replace the organization's grant.
    const reconnect = await fetch('/api/onboarding/connect', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({}),
    });
    return [invite.status, members.status, audit.status, sync.status, reconnect.status];
  });
  expect(statuses).toEqual([403, 403, 403, 403, 403]);
});
