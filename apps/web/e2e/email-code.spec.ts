import { expect, screenshotSizes, test } from './fixtures.ts';
import { freshEmail, latestMail, SIGNED_OUT } from './identity-helpers.ts';

test.use({ storageState: SIGNED_OUT });

test.describe('sign-in by email', () => {
  test('the forms check their input with the exact messages', async ({ page, consoleGuard }) => {
    // Chromium logs the refused sign-in below.
    consoleGuard.allow(/^Failed to load resource: the server responded with a status of 401/);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Email me a code' }).click();
    await expect(page.getByRole('alert')).toHaveText('You must provide either an email or phone number.');

    await page.getByRole('tab', { name: 'Password' }).click();
    await page.getByLabel('Email', { exact: true }).fill('it@example.org');
    await page.getByRole('button', { name: 'Sign in with password' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'You must provide either an email or phone number and a password',
    );

    // A server refusal is shown as it is.
    await page.getByRole('textbox', { name: 'Password' }).fill('not the right password');
    await page.getByRole('button', { name: 'Sign in with password' }).click();
    await expect(page.getByRole('alert')).toContainText(/invalid/i);
  });

  test('an email one-time code signs a new user in (send, resend, verify)', async ({ page, request }) => {
    const email = freshEmail('technician');
    await page.goto('/login?next=%2Fsettings%2Fsecurity');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Email me a code' }).click();
    await expect(page.getByText(`We sent a 6-digit code to ${email}.`)).toBeVisible();
    const first = await latestMail(request, email, /sign-in code/);

    await page.getByRole('button', { name: 'Resend code' }).click();
    await expect(page.getByText(`We sent a new code to ${email}.`)).toBeVisible();
    let code = '';
    await expect
      .poll(async () => {
        const response = await request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`);
        const { messages } = (await response.json()) as { messages: { text: string }[] };
        code = /(\d{6})/.exec(messages[0]?.text ?? '')?.[1] ?? '';
        return messages.length;
      })
      .toBe(2);
    expect(first.text).toMatch(/Your code is \d{6}/);

    await page.getByRole('textbox', { name: 'Code' }).fill('12');
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('Enter the 6-digit code from the email.');
    await page.getByRole('textbox', { name: 'Code' }).fill(code);
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    // A new user belongs to no organization yet: the guard sends them to onboarding, which says
    // what went wrong (no organization to ask, no Google Workspace to set up) and the ways on.
    await expect(page).toHaveURL(/\/onboarding$/);
    await expect(page.getByRole('button', { name: /^Account: / })).toContainText(email);
    await expect(page.getByRole('heading', { level: 1, name: 'No organization found' })).toBeVisible();
    await expect(page.getByTestId('no-organization')).toContainText(
      'ask an owner of your organization for an invitation',
    );
    await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Setup steps' })).toHaveCount(0);
    await screenshotSizes(page, 'no-organization');
  });
});
