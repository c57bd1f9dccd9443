import type { Page, Request } from '@playwright/test';
import { expect, screenshot, test } from './fixtures.ts';

/**
 * The browser's one HTTP client in a real page: a product call is tried 3 times in all on the
 * retryable statuses (seed §9), every attempt with one request id, and a failure that outlives
 * the attempts shows that id as its reference.
 */

const FAILED_RESOURCE = /^Failed to load resource: the server responded with a status of 50\d/;

/**
 * Answers the dashboard's call with `failures` in order, then lets it through (`pass`) or keeps
 * failing with the last one (`repeat`); records the attempts.
 */
async function failDashboard(
  page: Page,
  failures: readonly { status: number; body: string }[],
  then: 'pass' | 'repeat',
): Promise<Request[]> {
  const attempts: Request[] = [];
  await page.route('**/api/dashboard', async (route) => {
    attempts.push(route.request());
    const failure = failures[attempts.length - 1] ?? (then === 'repeat' ? failures.at(-1) : undefined);
    if (!failure) return route.continue();
    return route.fulfill({ status: failure.status, contentType: 'text/html', body: failure.body });
  });
  return attempts;
}

test('a product call answered 503 twice is sent again with the same request id, and the page loads', async ({
  page,
  consoleGuard,
}) => {
  consoleGuard.allow(FAILED_RESOURCE);
  const busy = { status: 503, body: 'busy' };
  const attempts = await failDashboard(page, [busy, busy], 'pass');
  await page.goto('/dashboard');
  await expect(page.getByTestId('dashboard-as-of')).toContainText('As of the last sync');
  expect(attempts).toHaveLength(3);
  const ids = await Promise.all(attempts.map((request) => request.headerValue('x-request-id')));
  expect(ids[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  expect(new Set(ids).size).toBe(1);
});

test('a call that keeps failing stops after 3 attempts and shows the reference the server would log', async ({
  page,
  consoleGuard,
}) => {
  consoleGuard.allow(FAILED_RESOURCE);
  const attempts = await failDashboard(page, [{ status: 502, body: '<html>Bad gateway</html>' }], 'repeat');
  await page.goto('/dashboard');
  const main = page.getByRole('main');
  await expect(main.getByText("Fleetdeck's server had a problem. Try again in a moment.")).toBeVisible();
  expect(attempts).toHaveLength(3);
  const id = await attempts[0]?.headerValue('x-request-id');
  await expect(main.getByText(id ?? 'no id', { exact: true })).toBeVisible();
  await expect(main.getByRole('button', { name: 'Copy reference' })).toBeVisible();
  await page.setViewportSize({ width: 1440, height: 900 });
  await screenshot(page, 'dashboard-error-reference');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'dashboard-error-reference-phone');
  // No 4th attempt from the page's query layer on top of the client's 3.
  await page.waitForTimeout(1_500);
  expect(attempts).toHaveLength(3);
});

test('a refusal (4xx) is not sent again', async ({ page, consoleGuard }) => {
  consoleGuard.allow(/status of 403/);
  const attempts: Request[] = [];
  await page.route('**/api/dashboard', (route) => {
    attempts.push(route.request());
    return route.fulfill({
      status: 403,
      contentType: 'application/json',
      body: JSON.stringify({
        error: 'forbidden',
        message: 'Your role cannot see the dashboard.',
        status: 403,
      }),
    });
  });
  await page.goto('/dashboard');
  await expect(page.getByText('Your role cannot see the dashboard.')).toBeVisible();
  await page.waitForTimeout(1_000);
  expect(attempts).toHaveLength(1);
  // A refusal is the member's to act on: no reference to send anyone.
  await expect(page.getByText('Reference', { exact: true })).toHaveCount(0);
});
