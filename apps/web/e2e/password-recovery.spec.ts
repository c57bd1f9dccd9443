import { expectAccessible } from './accessibility.ts';
import { expect, test } from './fixtures.ts';
import { freshEmail, SIGNED_OUT } from './identity-helpers.ts';

test.use({ storageState: SIGNED_OUT });

test.describe('recovery and refusals on the sign-in page', () => {
  test('forgot password asks for a link; the reset page refuses a bad token clearly', async ({
    page,
    consoleGuard,
  }) => {
    consoleGuard.allow(/^Failed to load resource: the server responded with a status of 400/);
    await page.goto('/login');
    const passwordTab = page.getByRole('tab', { name: 'Password' });
    await passwordTab.click();
    // A mouse click shows no keyboard focus ring; the link lines up with the fields above it.
    await expect(passwordTab).toHaveCSS('outline-style', 'none');
    await expect(page.getByRole('button', { name: 'Forgot password?' })).toHaveCSS('padding-left', '0px');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    // The same link sets a first password for members who sign in with emailed codes.
    await expect(page.getByRole('heading', { name: 'Set or reset your password' })).toBeVisible();
    await expect(page.getByText(/or your first if you have signed in with emailed codes/)).toBeVisible();
    await page.getByRole('button', { name: 'Send link' }).click();
    await expect(page.getByRole('alert')).toHaveText('You must provide either an email or phone number.');
    await page.getByRole('textbox', { name: 'Email' }).fill(freshEmail('forgetful'));
    await page.getByRole('button', { name: 'Send link' }).click();
    await expect(page.getByText('Check your email for a link to choose your password.')).toBeVisible();
    await expectAccessible(page, 'forgot password');

    await page.goto('/reset-password?token=not-a-real-token');
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill('a long new password');
    await page.getByRole('textbox', { name: 'Repeat the new password' }).fill('a long new passwor');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page.getByRole('alert')).toHaveText('The two passwords do not match.');
    await page.getByRole('textbox', { name: 'Repeat the new password' }).fill('a long new password');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page.getByRole('alert')).toContainText(/invalid/i);
    await expectAccessible(page, 'reset password');
  });

  test('cancelling at Google returns to the sign-in page with an explanation', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    await expect(page.getByRole('heading', { name: 'Choose an account' })).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/login\?error=/);
    await expect(page.getByRole('alert')).toContainText('Google sign-in was cancelled.');
    await expectAccessible(page, 'sign-in after a cancelled Google sign-in');
    await expect(page.getByRole('button', { name: /^Account: / })).toHaveCount(0);
  });
});
