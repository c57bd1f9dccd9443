import { expect, screenshot, test } from './fixtures.ts';
import { demoAccount, joinOrganization, SIGNED_OUT, signInWithGoogle, totpCode } from './identity-helpers.ts';

test.use({ storageState: SIGNED_OUT });

/**
 * The help-desk account (the owner lets it into the organization set up by identity.setup.ts) enrols an authenticator app in
 * settings, signs out, and is stopped at the challenge after the next Google sign-in.
 */
test('a user with TOTP passes the challenge after Google sign-in before any guarded route', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const owner = await demoAccount(request, 'primary-technician');
  await signInWithGoogle(page, owner.email);
  await joinOrganization(page, owner.email, { role: 'technician' });

  await page.goto('/settings/security');
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
  const enabled = page.waitForResponse('**/api/identity/two-factor/enable');
  await page.getByRole('button', { name: 'Set up authenticator app' }).click();
  const { totpURI, backupCodes } = (await (await enabled).json()) as {
    totpURI: string;
    backupCodes: string[];
  };
  const secret = new URL(totpURI).searchParams.get('secret') ?? '';
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  await expect(page.getByTestId('totp-secret')).toHaveText(secret);
  await expect(page.getByRole('list', { name: 'Backup codes' }).getByRole('listitem')).toHaveCount(
    backupCodes.length,
  );
  await screenshot(page, 'totp-enrol');
  const enrolStep = Math.floor(Date.now() / 30_000);
  await page.getByLabel('3. Code from the app').fill(totpCode(secret));
  await page.getByRole('button', { name: 'Verify and turn on' }).click();
  await expect(page.getByText('Two-step verification is on for your account.')).toBeVisible();

  await page.getByRole('button', { name: `Account: ${owner.name}` }).click();
  await page.getByRole('menuitem', { name: 'Sign out of this device' }).click();
  await expect(page).toHaveURL(/\/$/);

  await signInWithGoogle(page, owner.email);
  await expect(page).toHaveURL(/\/login\?step=second-factor/);
  await expect(page.getByRole('heading', { level: 1, name: 'Two-step verification' })).toBeVisible();
  // Guarded routes stay closed until the factor is passed.
  await page.goto('/devices/fleetStatus');
  await expect(page).toHaveURL(/\/login\?step=second-factor&next=%2Fdevices%2FfleetStatus$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Two-step verification' })).toBeVisible();
  await screenshot(page, 'second-factor-challenge');

  // Lost phone: the backup-code mode says what to enter, and the way back is one click.
  await page.getByRole('button', { name: 'Use a backup code' }).click();
  await expect(page.getByText('Enter one of the backup codes you kept when you set it up')).toBeVisible();
  await expect(page.getByText('Enter the code your authenticator app shows')).toHaveCount(0);
  await page.getByRole('button', { name: 'Use your authenticator app' }).click();
  await page.getByLabel('Authentication code').fill('12345');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toHaveText('Enter the 6-digit code from your authenticator app.');

  // A fresh code: the enrolment's code may not be used twice.
  const wait = (enrolStep + 1) * 30_000 - Date.now();
  if (wait > 0) await page.waitForTimeout(wait + 250);
  await page.getByLabel('Authentication code').fill(totpCode(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  // The deep link taken before the challenge is where the member lands.
  await expect(page).toHaveURL(/\/devices\/fleetStatus$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Two-step verification' })).toHaveCount(0);
});
