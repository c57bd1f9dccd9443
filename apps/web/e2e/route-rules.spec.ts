import { expect, routeChunkUrl, screenshotSizes, test } from './fixtures.ts';

const HELP_URL = 'https://support.google.com/chrome/a/answer/1289314';

test.describe('route rules', () => {
  test('a direct load of /devices redirects to /devices/fleetStatus', async ({ page }) => {
    const response = await page.goto('/devices?q=status%3AACTIVE');
    expect(page.url()).toMatch(/\/devices\/fleetStatus\?q=status%3AACTIVE$/);
    expect(response?.request().redirectedFrom()?.url()).toMatch(/\/devices\?q=status%3AACTIVE$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Fleet status' })).toBeVisible();
  });

  test('a link to /devices redirects in the app, without a page load', async ({ page, consoleGuard }) => {
    // abc123 is no device of this organization: the API answers 404, which Chromium logs.
    consoleGuard.allow(/status of 404/);
    await page.goto('/devices/chromebook/abc123');
    await expect(page.getByTestId('device-id')).toHaveText('abc123');
    let documentLoads = 0;
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documentLoads += 1;
    });
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Devices' }).click();
    await expect(page).toHaveURL(/\/devices\/fleetStatus$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Fleet status' })).toBeVisible();
    expect(documentLoads).toBe(0);
  });

  test("Help opens Fleetdeck's own help, offline too; its link to Google's guide is an external rule, followed by a full page load", async ({
    page,
    context,
    consoleGuard,
  }) => {
    // Offline, the app's own background calls (a new build, live updates) fail; the help does not.
    consoleGuard.allow(/^Failed to load resource: net::ERR_INTERNET_DISCONNECTED$/);
    await page.route(`${HELP_URL}*`, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><title>Chrome Enterprise help</title><h1>Help</h1>',
      }),
    );
    // The app fetches its help page once it is idle.
    const helpChunk = page.waitForResponse((response) =>
      response.url().endsWith(routeChunkUrl('src/app/routes/help.tsx')),
    );
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await helpChunk;
    await page.waitForLoadState('networkidle');
    // The help is part of the app: with the network gone, Help still opens it, in the app.
    let documentLoads = 0;
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documentLoads += 1;
    });
    await context.setOffline(true);
    await page.getByRole('link', { name: 'Help' }).click();
    await expect(page).toHaveURL(/\/help$/);
    const help = page.getByRole('main');
    await expect(help.getByRole('heading', { level: 1, name: 'Fleetdeck help' })).toBeVisible();
    for (const section of [
      'Finding devices: the query language',
      'Using the keyboard',
      'Who can do what: roles',
      'What the dashboard’s figures mean',
    ])
      await expect(help.getByRole('heading', { level: 2, name: section })).toBeVisible();
    await expect(help.getByRole('cell', { name: 'stale:', exact: true })).toBeVisible();
    await expect(help.getByRole('table', { name: 'What each role may do' })).toBeVisible();
    await expect(help.getByTestId('help-tile').filter({ hasText: 'No sync for 90 days' })).toContainText(
      'candidates to find or deprovision',
    );
    expect(documentLoads).toBe(0);
    await context.setOffline(false);
    await screenshotSizes(page, 'help');
    await help.getByRole('link', { name: 'Who can do what: roles' }).click();
    await expect(help.getByRole('heading', { level: 2, name: 'Who can do what: roles' })).toBeInViewport();

    // Google's guide, one link further: a route rule to an external address, a full page load.
    const helpLoad = page.waitForRequest(
      (request) => request.url() === HELP_URL && request.isNavigationRequest(),
    );
    await help.getByRole('link', { name: 'Chrome Enterprise help' }).click();
    await helpLoad;
    await expect(page).toHaveURL(HELP_URL);
    await expect(page).toHaveTitle('Chrome Enterprise help');
    // A full page load leaves history behind: Back returns to Fleetdeck.
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: 'Fleetdeck help' })).toBeVisible();
  });

  // Chromium does not let a test intercept the target of a server redirect, so the direct
  // load of an external rule is checked at the HTTP level.
  test('the server applies the same rules to direct loads', async ({ request }) => {
    const help = await request.get('/help/chrome-enterprise', { maxRedirects: 0 });
    expect(help.status()).toBe(302);
    expect(help.headers().location).toBe(HELP_URL);
    const fleet = await request.get('/fleet', { maxRedirects: 0 });
    expect(fleet.status()).toBe(301);
    expect(fleet.headers().location).toBe('/devices/fleetStatus');
  });

  test("rules come from the build's route-rule manifest, and a tampered script target is refused", async ({
    page,
    consoleGuard,
  }) => {
    consoleGuard.allow(/^Failed to load resource: the server responded with a status of 404/);
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await page.route('**/builds/meta/*.json', async (route) => {
      const response = await route.fetch();
      const meta = (await response.json()) as { routeRules: unknown[] };
      meta.routeRules.push(
        { path: '/old-inventory', redirect: '/devices/fleetStatus', statusCode: 301 },
        { path: '/evil', redirect: ' JaVa\tScRiPt:alert(document.domain)', statusCode: 302 },
      );
      await route.fulfill({ response, json: meta });
    });
    const metaLoaded = page.waitForResponse((response) => /\/builds\/meta\/\w+\.json$/.test(response.url()));
    await page.goto('/dashboard');
    await metaLoaded;
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

    const navigateLikeBackForward = (path: string) =>
      page.evaluate((target) => {
        window.history.pushState(null, '', target);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, path);

    await navigateLikeBackForward('/old-inventory');
    await expect(page).toHaveURL(/\/devices\/fleetStatus$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Fleet status' })).toBeVisible();

    let dialogs = 0;
    page.on('dialog', (dialog) => {
      dialogs += 1;
      void dialog.dismiss();
    });
    await navigateLikeBackForward('/evil');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    expect(page.url()).toMatch(/\/evil$/);
    expect(dialogs).toBe(0);
    expect(
      warnings.some((text) =>
        /ignored the route rule for \/evil\. Refused to navigate .*"javascript:"/.test(text),
      ),
    ).toBe(true);
  });
});
