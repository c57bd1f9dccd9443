import { ROUTE_RULES } from '@fleetdeck/shared/route-rules';
import { builtLatest, distFile, expect, routeChunkUrl, screenshot, test } from './fixtures.ts';

test.describe('deployment awareness', () => {
  test('the build writes latest.json and the route-rule manifest, and stamps its id into index.html', async ({
    request,
  }) => {
    const latest = builtLatest();
    expect(latest.id).toMatch(/^[0-9a-f]{12}$/);
    expect(latest.timestamp).toBeGreaterThan(Date.UTC(2024, 0, 1));
    const meta = JSON.parse(distFile('builds', 'meta', `${latest.id}.json`)) as Record<string, unknown>;
    expect(meta).toEqual({
      id: latest.id,
      timestamp: latest.timestamp,
      routeRules: JSON.parse(JSON.stringify(ROUTE_RULES)),
    });
    expect(distFile('index.html')).toContain(`<meta name="fleetdeck-build-id" content="${latest.id}">`);

    const served = await request.get('/builds/latest.json');
    expect(served.status()).toBe(200);
    expect(await served.json()).toEqual(latest);
  });

  test('the app fetches its own route-rule manifest', async ({ page }) => {
    const { id } = builtLatest();
    const metaRequest = page.waitForRequest((request) => request.url().endsWith(`/builds/meta/${id}.json`));
    await page.goto('/');
    await metaRequest;
  });

  test('a new deployment shows a non-blocking "A new version is available" banner with Reload', async ({
    page,
  }) => {
    await page.goto('/devices/fleetStatus');
    await expect(page.getByRole('heading', { level: 1, name: 'Fleet status' })).toBeVisible();
    await expect(page.getByText('A new version is available')).toHaveCount(0);

    await page.route('**/builds/latest.json', (route) =>
      route.fulfill({
        json: { id: 'f00dfeed0001', timestamp: Date.now() },
        headers: { 'cache-control': 'no-cache' },
      }),
    );
    const polled = page.waitForRequest((request) => request.url().endsWith('/builds/latest.json'));
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await polled;
    const banner = page.getByRole('status').filter({ hasText: 'A new version is available' });
    await expect(banner).toBeVisible();
    // Non-blocking: the page underneath stays usable.
    await page.getByRole('navigation', { name: 'Primary' }).getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(banner).toBeVisible();
    await page.mouse.move(0, 400);
    await page.waitForTimeout(250); // let the nav highlight finish its colour transition
    await screenshot(page, 'new-version-banner');

    await page.unroute('**/builds/latest.json');
    const reload = page.waitForEvent('load');
    await banner.getByRole('button', { name: 'Reload' }).click();
    await reload;
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.getByText('A new version is available')).toHaveCount(0);
  });

  test('the same build id on focus shows no banner', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    const polled = page.waitForResponse((response) => response.url().endsWith('/builds/latest.json'));
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    expect((await polled).status()).toBe(200);
    await page.waitForTimeout(300);
    await expect(page.getByText('A new version is available')).toHaveCount(0);
  });

  test.describe('a failed route chunk', () => {
    const CHUNK_ERROR =
      /Failed to load resource: net::ERR_FAILED|Failed to fetch dynamically imported module|this page hit an error/;

    test('reloads the page once, then shows the error page', async ({ page, consoleGuard }) => {
      consoleGuard.allow(CHUNK_ERROR);
      const chunk = routeChunkUrl('src/app/routes/dashboard.tsx');
      let chunkRequests = 0;
      await page.route(`**${chunk}`, (route) => {
        chunkRequests += 1;
        return route.abort('failed');
      });
      const documentLoads: string[] = [];
      page.on('request', (request) => {
        if (request.isNavigationRequest() && request.resourceType() === 'document')
          documentLoads.push(new URL(request.url()).pathname);
      });

      await page.goto('/dashboard');
      const main = page.getByRole('main');
      await expect(
        main.getByRole('heading', { level: 1, name: 'This page could not be loaded' }),
      ).toBeVisible();
      await expect(main.getByLabel('Status code 500')).toBeVisible();
      await expect(
        main.getByText('Part of Fleetdeck failed to download, even after reloading the page.'),
      ).toBeVisible();
      await expect(main.getByRole('button', { name: 'Reload page' })).toBeVisible();
      expect(documentLoads).toEqual(['/dashboard', '/dashboard']);
      expect(chunkRequests).toBe(2);
      const guard = await page.evaluate(() => Number(sessionStorage.getItem('fleetdeck:chunk-reload-at')));
      expect(Date.now() - guard).toBeLessThan(10_000);
    });

    test('during a client navigation, the reload goes to the page the admin was opening', async ({
      page,
      consoleGuard,
    }) => {
      consoleGuard.allow(CHUNK_ERROR);
      await page.goto('/devices/fleetStatus');
      await expect(page.getByRole('heading', { level: 1, name: 'Fleet status' })).toBeVisible();
      const chunk = routeChunkUrl('src/app/routes/debug-policy.tsx');
      let failuresLeft = 1;
      await page.route(`**${chunk}`, (route) => {
        if (failuresLeft-- > 0) return route.abort('failed');
        return route.continue();
      });
      const pageLoad = page.waitForRequest(
        (request) => request.isNavigationRequest() && request.url().endsWith('/debugPolicy'),
      );
      await page
        .getByRole('navigation', { name: 'Primary' })
        .getByRole('link', { name: 'Policy debugger' })
        .click();
      await pageLoad;
      await expect(page.getByRole('heading', { level: 1, name: 'Policy debugger' })).toBeVisible();
    });

    test('inside a page, a failed chunk (the health charts of a device) reloads once onto the same tab', async ({
      page,
      consoleGuard,
    }) => {
      consoleGuard.allow(CHUNK_ERROR);
      const listed = await page.request.get('/api/devices?limit=1&count=none');
      expect(listed.ok(), await listed.text()).toBe(true);
      const { devices } = (await listed.json()) as { devices: { deviceId: string }[] };
      const deviceId = devices[0]?.deviceId;
      if (!deviceId) throw new Error('the generated fleet has no device');
      await page.goto(`/devices/chromebook/${deviceId}`);
      await expect(page.getByRole('heading', { name: 'Hardware' })).toBeVisible();
      const chunk = routeChunkUrl('src/features/device/components/health-charts.tsx');
      let failuresLeft = 1;
      await page.route(`**${chunk}`, (route) =>
        failuresLeft-- > 0 ? route.abort('failed') : route.continue(),
      );
      const reload = page.waitForRequest(
        (request) =>
          request.isNavigationRequest() &&
          request.url().endsWith(`/devices/chromebook/${deviceId}?tab=health`),
      );
      await page.getByRole('tab', { name: 'Health' }).click();
      await reload;
      await expect(page.getByTestId('health-charts')).toBeVisible();
      expect(failuresLeft).toBeLessThan(0);
    });

    test('reloads again once the 10-second guard has expired', async ({ page, consoleGuard }) => {
      consoleGuard.allow(CHUNK_ERROR);
      await page.goto('/');
      await page.evaluate(() =>
        sessionStorage.setItem('fleetdeck:chunk-reload-at', String(Date.now() - 10_001)),
      );
      const chunk = routeChunkUrl('src/app/routes/settings.tsx');
      let failuresLeft = 1;
      await page.route(`**${chunk}`, (route) =>
        failuresLeft-- > 0 ? route.abort('failed') : route.continue(),
      );
      await page.goto('/settings');
      await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
      expect(failuresLeft).toBeLessThan(0);
    });
  });
});
