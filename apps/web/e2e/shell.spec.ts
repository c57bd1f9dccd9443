import { expect, primaryNav, screenshot, test } from './fixtures.ts';
import { SIGNED_OUT } from './identity-helpers.ts';

test.describe('app shell, signed out', () => {
  test.use({ storageState: SIGNED_OUT });

  test('landing explains Fleetdeck and leads to sign-in', async ({ page }) => {
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Your Chromebook fleet, clear and fast.' }),
    ).toBeVisible();
    await expect(page).toHaveTitle('Fleetdeck · Chromebook fleet console');
    await expect(page.getByText('Exact serial search')).toBeVisible();
    await screenshot(page, 'landing');
    await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeEnabled();
    await expect(page.getByRole('tab', { name: 'Email code' })).toBeVisible();
    await expect(page).toHaveTitle('Sign in · Fleetdeck');
  });

  test('guarded pages send a signed-out visitor to sign-in and back', async ({ page }) => {
    await page.goto('/devices/chromebook/abc-123?tab=history');
    await expect(page).toHaveURL(/\/login\?next=%2Fdevices%2Fchromebook%2Fabc-123%3Ftab%3Dhistory$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to Fleetdeck' })).toBeVisible();
  });
});

test.describe('app shell', () => {
  test('a signed-in user gets the dashboard link on the landing page', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('main').getByRole('link', { name: 'Go to the dashboard' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  });

  test('primary navigation loads each page as its own chunk, without reloading', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await page.evaluate(() => {
      (window as unknown as { fleetdeckMarker: boolean }).fleetdeckMarker = true;
    });
    const nav = primaryNav(page);
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');

    const chunk = page.waitForRequest((request) => /\/assets\/fleet-status-[\w-]+\.js$/.test(request.url()));
    await nav.getByRole('link', { name: 'Fleet status' }).click();
    await chunk;
    await expect(page.getByRole('heading', { level: 1, name: 'Fleet status' })).toBeVisible();
    await expect(page).toHaveURL(/\/devices\/fleetStatus$/);
    await expect(nav.getByRole('link', { name: 'Fleet status' })).toHaveAttribute('aria-current', 'page');

    await nav.getByRole('link', { name: 'Policy debugger' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Policy debugger' })).toBeVisible();
    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Settings' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expect(page).toHaveURL(/\/settings\/team$/);
    await page
      .getByRole('navigation', { name: 'Settings sections' })
      .getByRole('link', { name: 'Audit log' })
      .click();
    await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible();
    // Each action reads in words, its id kept beside it for people who search logs.
    const completed = page.getByRole('cell', { name: 'Setup completed onboarding.completed' }).first();
    await expect(completed).toBeVisible();
    await expect(completed).toHaveAttribute('title', 'onboarding.completed');
    await expect(page).toHaveTitle('Settings · Fleetdeck');
    // The log narrows to a kind of action and a member, kept in the address to share.
    await page.getByLabel('What', { exact: true }).selectOption({ label: 'Sync' });
    await expect(page).toHaveURL(/\/settings\/audit\?category=sync$/);
    await expect(page.getByRole('cell', { name: 'onboarding.completed' })).toHaveCount(0);
    await page.getByLabel('What', { exact: true }).selectOption({ label: 'Setup and Google connection' });
    await expect(page.getByRole('cell', { name: 'onboarding.completed' }).first()).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Organization' }).first()).toBeVisible();
    const who = page.getByLabel('Who', { exact: true });
    await expect(who.locator('option', { hasText: 'it-director@' })).toHaveCount(1);
    await who.selectOption(
      (await who.locator('option', { hasText: 'it-director@' }).getAttribute('value')) ?? '',
    );
    await expect(page).toHaveURL(/category=setup&who=/);
    await expect(page.getByRole('cell', { name: 'onboarding.completed' }).first()).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL(/\/settings\/audit$/);

    expect(
      await page.evaluate(() => (window as unknown as { fleetdeckMarker?: boolean }).fleetdeckMarker),
    ).toBe(true);
  });

  test('onboarding of a set-up organization says so and leads to the dashboard', async ({ page }) => {
    await page.goto('/onboarding');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Set up Fleetdeck for your organization' }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Connect your Google Workspace' })).toBeVisible();
    await expect(page.getByText(/is set up\. You can go to the dashboard\./)).toBeVisible();
    await page.getByRole('button', { name: 'Go to the dashboard' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  });

  test('onboarding after Google access was lost says so and offers Reconnect Google at once', async ({
    page,
  }) => {
    // The organization's grant revoked at Google, as the server then reports it (not onboarded).
    await page.route('**/api/onboarding/status', async (route) => {
      const response = await route.fetch();
      const status = (await response.json()) as { google: Record<string, unknown> | null };
      await route.fulfill({
        response,
        json: {
          ...status,
          onboarded: false,
          step: 'signed_in',
          google: { ...status.google, status: 'needs_reconsent' },
        },
      });
    });
    await page.goto('/onboarding');
    await expect(page.getByTestId('google-access-lost')).toContainText(
      'Fleetdeck lost access to Google Workspace for',
    );
    await expect(page.getByTestId('google-access-lost')).toContainText(
      'Your settings, team and devices are kept. Choose Reconnect Google',
    );
    await expect(page.getByRole('button', { name: 'Reconnect Google' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Connect Google Workspace' })).toBeVisible();
  });

  test('a viewer on onboarding after Google access was lost is told who reconnects, with no button', async ({
    page,
  }) => {
    // The same lost grant, seen by a member whose role may not manage settings.
    await page.route('**/api/onboarding/status', async (route) => {
      const response = await route.fetch();
      const status = (await response.json()) as {
        google: Record<string, unknown> | null;
        organization: Record<string, unknown> | null;
      };
      await route.fulfill({
        response,
        json: {
          ...status,
          onboarded: false,
          step: 'signed_in',
          organization: { ...status.organization, role: 'viewer' },
          google: { ...status.google, status: 'needs_reconsent', missingScopes: [] },
        },
      });
    });
    await page.goto('/onboarding');
    await expect(page.getByTestId('google-access-lost')).toContainText(
      'Ask an owner of your organization to reconnect Google.',
    );
    await expect(page.getByTestId('connect-not-allowed')).toContainText(
      'Only an owner of your organization connects or reconnects Google Workspace.',
    );
    await expect(page.getByRole('button', { name: /Reconnect Google/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Connect Google Workspace' })).toHaveCount(0);
  });

  test('the device page shows the validated device ID', async ({ page, consoleGuard }) => {
    // A well-formed id that is no device of this organization: the API answers 404, which Chromium logs.
    consoleGuard.allow(/status of 404/);
    const response = await page.goto('/devices/chromebook/5fc7a3b1-90aa_42');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Chromebook' })).toBeVisible();
    await expect(page.getByTestId('device-id')).toHaveText('5fc7a3b1-90aa_42');
    await expect(primaryNav(page).getByRole('link', { name: 'Fleet status' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.getByText('Device not found in this organization')).toBeVisible();
  });

  test('light and dark screenshots of the shell', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/devices/fleetStatus');
    await expect(page.getByRole('heading', { level: 1, name: 'Fleet status' })).toBeVisible();
    await expect(page.locator('html')).not.toHaveClass(/dark/);
    await screenshot(page, 'shell-light');

    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await screenshot(page, 'shell-dark');
  });

  test('the theme choice persists across reloads and beats the system setting', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/dashboard');
    await expect(page.locator('html')).not.toHaveClass(/dark/);
    await page.getByRole('button', { name: /Change theme/ }).click();
    await page.getByRole('menuitemradio', { name: 'Dark' }).click();
    await expect(page.locator('html')).toHaveClass(/dark/);
    expect(await page.evaluate(() => localStorage.getItem('fleetdeck:theme'))).toBe('dark');

    await page.reload();
    await expect(page.locator('html')).toHaveClass(/dark/);
    // Applied by /theme-init.js before the app's script runs: no light flash.
    const darkBeforeApp = await page.evaluate(() => document.documentElement.classList.contains('dark'));
    expect(darkBeforeApp).toBe(true);

    await page.getByRole('button', { name: /Change theme/ }).click();
    await page.getByRole('menuitemradio', { name: 'System' }).click();
    await expect(page.locator('html')).not.toHaveClass(/dark/);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveClass(/dark/);
  });

  test("the top bar's menus are not in the first load, and open when pressed before their code arrives", async ({
    page,
  }) => {
    // Hold each menu's code for a second and count who asks for it.
    const asked: string[] = [];
    await page.route(/\/assets\/(theme|account)-menu-panel-[\w-]+\.js$/, async (route) => {
      asked.push(route.request().url());
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await route.continue();
    });
    // No idle time for the browser: the menus' code waits for a press.
    await page.addInitScript(() => {
      Object.defineProperty(window, 'requestIdleCallback', { value: () => 0 });
      Object.defineProperty(window, 'cancelIdleCallback', { value: () => undefined });
    });
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    expect(asked).toEqual([]);

    // A keyboard press before the code is here opens the menu once it is, with the focus in it.
    const theme = page.getByRole('button', { name: /Change theme/ });
    await expect(theme).toHaveAttribute('aria-haspopup', 'menu');
    await theme.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menu')).toBeVisible();
    await expect(page.getByRole('menuitemradio', { name: 'Dark' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toBeHidden();
    await expect(page.getByRole('button', { name: /Change theme/ })).toBeFocused();

    // A click does the same for the account menu.
    await page.getByRole('button', { name: /^Account:/ }).click();
    await expect(page.getByRole('menuitem', { name: 'Sign out of this device' })).toBeVisible();
    expect(asked).toHaveLength(2);
  });

  test('at 390 px the navigation collapses into a menu that works', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/dashboard');
    await expect(primaryNav(page)).toBeHidden();
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const sheet = page.getByRole('dialog');
    await expect(sheet).toBeVisible();
    await screenshot(page, 'shell-mobile-nav');
    await sheet.getByRole('link', { name: 'Policy debugger' }).click();
    await expect(sheet).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Policy debugger' })).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'shell-mobile');
  });
});
