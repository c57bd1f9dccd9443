import type { Page } from '@playwright/test';
import { expect, primaryNav, routeChunkUrl, screenshot, test } from './fixtures.ts';
import { SIGNED_OUT } from './identity-helpers.ts';

const GOOGLEBOT =
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Googlebot/2.1; +http://www.google.com/bot.html) Chrome/126.0.6478.126 Safari/537.36';

/** Chromium logs the document's own 404 status; the server sends it on purpose for unknown paths. */
const DOCUMENT_404 = /^Failed to load resource: the server responded with a status of 404 \(Not Found\)$/;

/** Serves a route chunk whose Component throws while rendering, without touching product code. */
async function breakDashboardChunk(page: Page): Promise<void> {
  await page.route(`**${routeChunkUrl('src/app/routes/dashboard.tsx')}`, (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: "export function Component() { throw new Error('Fleet summary exploded while rendering'); }",
    }),
  );
}

test.describe('route validation and unknown paths', () => {
  test('an invitation link cut short says so in plain words, and asks the server nothing', async ({
    page,
  }) => {
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/invitations/')) asked.push(request.url());
    });
    // Invitation tokens are 43 characters; a mail client that wrapped the line kept 30 (or 3).
    for (const token of ['Ab3_-'.repeat(6), 'abc']) {
      await page.goto(`/invitations/accept?token=${token}`);
      await expect(
        page.getByText(
          'This invitation link is incomplete — open the full link from the email, or ask an admin to send a new invitation.',
        ),
      ).toBeVisible();
      await expect(page.getByText(/request is invalid|expected string/i)).toHaveCount(0);
      // A link that cannot work offers no (greyed-out) button to accept it.
      await expect(page.getByRole('button', { name: 'Accept invitation' })).toHaveCount(0);
    }
    expect(asked).toEqual([]);
  });

  test('signed in, an invalid device ID is the app\'s 404 inside the shell: "Page Not Found: <path>" once', async ({
    page,
    consoleGuard,
  }) => {
    consoleGuard.allow(DOCUMENT_404);
    const response = await page.goto('/devices/chromebook/bad!id?tab=timeline');
    expect(response?.status()).toBe(404);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'No device has this ID' })).toBeVisible();
    await expect(
      main.getByText('Page Not Found: /devices/chromebook/bad!id?tab=timeline', { exact: true }),
    ).toBeVisible();
    await expect(main.getByText(/“bad!id” is not a device ID/)).toBeVisible();
    await expect(main.getByLabel('Status 404')).toBeVisible();
    // Inside the shell: navigation stays, no full-screen error page, the title said once.
    await expect(primaryNav(page)).toBeVisible();
    await expect(page.locator('[data-error-variant]')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page.getByText('Page Not Found', { exact: true })).toHaveCount(0);
    await expect(page).toHaveTitle('Page Not Found · Fleetdeck');
    await page.setViewportSize({ width: 1440, height: 900 });
    await screenshot(page, 'device-id-404-signed-in');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('button', { name: 'Open navigation' })).toBeVisible();
    await screenshot(page, 'device-id-404-signed-in-phone');
    await page.setViewportSize({ width: 1280, height: 800 });

    await main.getByRole('link', { name: 'Fleet status' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Fleet status' })).toBeVisible();
  });

  test('validation also applies to client-side navigation and uses the path as requested', async ({
    page,
  }) => {
    await page.goto('/devices/fleetStatus');
    await expect(page.getByRole('heading', { level: 1, name: 'Fleet status' })).toBeVisible();
    const tooLong = 'x'.repeat(129);
    // Back/forward style navigation: the router reads the URL the browser reports.
    await page.evaluate((path) => {
      window.history.pushState(null, '', path);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, `/devices/chromebook/${tooLong}`);
    await expect(
      page.getByText(`Page Not Found: /devices/chromebook/${tooLong}`, { exact: true }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'No device has this ID' })).toBeVisible();
    await expect(primaryNav(page)).toBeVisible();
  });

  test('an unmatched path is a non-fatal "Page not found" inside the shell', async ({
    page,
    consoleGuard,
  }) => {
    consoleGuard.allow(DOCUMENT_404);
    const response = await page.goto('/reports/quarterly');
    expect(response?.status()).toBe(404);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(main.getByText('/reports/quarterly')).toBeVisible();
    await expect(main.getByLabel('Status 404')).toBeVisible();
    await expect(page.locator('[data-error-variant]')).toHaveCount(0);
    await screenshot(page, 'page-not-found-in-shell');

    // The shell still works.
    await primaryNav(page).getByRole('link', { name: 'Policy debugger' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Policy debugger' })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  });
});

test.describe('signed out', () => {
  test.use({ storageState: SIGNED_OUT });

  test('an invalid device ID is "Page Not Found: <path>" with its query, before any sign-in', async ({
    page,
    consoleGuard,
  }) => {
    consoleGuard.allow(DOCUMENT_404);
    const response = await page.goto('/devices/chromebook/bad!id?tab=timeline');
    expect(response?.status()).toBe(404);
    await expect(page).toHaveURL(/\/devices\/chromebook\/bad!id\?tab=timeline$/);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
    await expect(
      main.getByText('Page Not Found: /devices/chromebook/bad!id?tab=timeline', { exact: true }),
    ).toBeVisible();
    await expect(main.getByLabel('Status code 404')).toHaveText('Error 404');
    await expect(page.getByRole('button', { name: 'Sign in with Google' })).toHaveCount(0);
    await screenshot(page, 'device-id-404-signed-out');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'device-id-404-signed-out-phone');
  });

  test('a cut-short invitation link says so before asking to sign in', async ({ page }) => {
    await page.goto(`/invitations/accept?token=${'Ab3_-'.repeat(2)}`);
    await expect(page).toHaveURL(/\/login\?next=/);
    await expect(
      page.getByText(
        'This invitation link is incomplete — open the full link from the email, or ask an admin to send a new invitation.',
      ),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sign in to accept your invitation' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Sign in with Google' })).toHaveCount(0);
    await screenshot(page, 'invitation-cut-signed-out');
    await page.getByRole('link', { name: 'Sign in to Fleetdeck without the invitation' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to Fleetdeck' })).toBeVisible();
  });

  test('an unknown path shows the signed-out shell and offers sign-in, not the app menu', async ({
    page,
    consoleGuard,
  }) => {
    consoleGuard.allow(DOCUMENT_404);
    const response = await page.goto('/reports/quarterly');
    expect(response?.status()).toBe(404);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(primaryNav(page)).toHaveCount(0);
    await expect(main.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
    await expect(main.getByRole('link', { name: 'Sign in' })).toBeVisible();
    await screenshot(page, 'page-not-found-signed-out');
  });
});

test.describe('render errors', () => {
  test('a person sees the generic error page titled Internal Server Error', async ({
    page,
    consoleGuard,
  }) => {
    consoleGuard.allow(/Fleet summary exploded while rendering/, /this page hit an error/);
    await breakDashboardChunk(page);
    const report = page.waitForRequest((request) => request.url().endsWith('/api/client-errors'));
    await page.goto('/dashboard');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Internal Server Error' })).toBeVisible();
    await expect(main.getByLabel('Status code 500')).toHaveText('Error 500');
    await expect(main.getByText('Fleet summary exploded while rendering', { exact: true })).toBeVisible();
    await expect(main.getByText(/Reloading usually fixes it/)).toBeVisible();
    await expect(main.getByRole('button', { name: 'Reload page' })).toBeVisible();
    await expect(page.locator('[data-error-variant="generic"]')).toBeVisible();
    await expect(primaryNav(page)).toHaveCount(0);
    expect((await report).postDataJSON()).toMatchObject({
      message: 'Error: Fleet summary exploded while rendering',
    });
    await screenshot(page, 'error-page-500');
  });

  test.describe('for a crawler', () => {
    test.use({ userAgent: GOOGLEBOT });

    test('the error is only logged: console.error and POST /api/client-errors; the shell stays', async ({
      page,
      consoleGuard,
    }) => {
      consoleGuard.allow(/Fleet summary exploded while rendering/, /this page hit an error/);
      await breakDashboardChunk(page);
      const reported = page.waitForResponse((response) => response.url().endsWith('/api/client-errors'));
      await page.goto('/dashboard');
      const response = await reported;
      expect(response.status()).toBe(202);
      const body = response.request().postDataJSON() as Record<string, unknown>;
      expect(body).toMatchObject({
        message: 'Error: Fleet summary exploded while rendering',
        path: '/dashboard',
        userAgent: GOOGLEBOT,
      });
      expect(body.stack).toEqual(expect.stringContaining('Fleet summary exploded while rendering'));

      await expect(primaryNav(page)).toBeVisible();
      await expect(page.getByRole('main')).toBeEmpty();
      await expect(page.locator('[data-error-variant]')).toHaveCount(0);
      await expect(page.getByText('Internal Server Error')).toHaveCount(0);
      expect(consoleGuard.errors.some((text) => text.includes('this page hit an error'))).toBe(true);

      // Other pages still render for the crawler.
      await primaryNav(page).getByRole('link', { name: 'Fleet status' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Fleet status' })).toBeVisible();
    });

    test('a crawler still gets the 404 page for an invalid device ID', async ({ page, consoleGuard }) => {
      consoleGuard.allow(DOCUMENT_404);
      await page.goto('/devices/chromebook/not%20valid');
      await expect(page.getByRole('heading', { level: 1, name: 'No device has this ID' })).toBeVisible();
      await expect(
        page.getByText('Page Not Found: /devices/chromebook/not%20valid', { exact: true }),
      ).toBeVisible();
    });
  });
});
