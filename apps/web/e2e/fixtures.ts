import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { expectAccessible } from './accessibility.ts';

/**
 * Shared journey fixtures. Every test fails on a console error or uncaught exception it did
 * not declare with `allowConsoleErrors(...)`, which includes CSP violations ("Refused to ...").
 */
export interface ConsoleGuard {
  /** Declare console errors this test expects (matched against the message text). */
  allow(...patterns: RegExp[]): void;
  /** Errors seen so far, for assertions. */
  readonly errors: string[];
}

export const test = base.extend<{ consoleGuard: ConsoleGuard }>({
  // Every test is its own client address (the e2e server trusts X-Forwarded-For, like one behind a
  // proxy), so the identity rate limits (3 sign-ins per 10 s per address) count per test.
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  extraHTTPHeaders: async ({}, use, testInfo) => {
    const digest = createHash('sha256').update(`${testInfo.testId}:${testInfo.repeatEachIndex}`).digest();
    const address = `10.${digest[0] ?? 0}.${digest[1] ?? 0}.${((digest[2] ?? 0) % 254) + 1}`;
    await use({ 'X-Forwarded-For': address });
  },
  consoleGuard: [
    async ({ page }, use) => {
      const allowed: RegExp[] = [];
      const errors: string[] = [];
      const unexpected: string[] = [];
      const record = (text: string) => {
        errors.push(text);
        if (!allowed.some((pattern) => pattern.test(text))) unexpected.push(text);
      };
      page.on('console', (message) => {
        if (message.type() === 'error') record(message.text());
      });
      page.on('pageerror', (error) => record(`Uncaught: ${error.message}`));
      await use({ allow: (...patterns) => allowed.push(...patterns), errors });
      // Errors arrive asynchronously; re-check patterns added late in the test.
      const stillUnexpected = unexpected.filter((text) => !allowed.some((pattern) => pattern.test(text)));
      expect(stillUnexpected, 'unexpected console errors or CSP violations').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

const distDir = join(import.meta.dirname, '..', 'dist');

interface ManifestChunk {
  file: string;
  src?: string;
}

/** The built file of a route module, e.g. `src/app/routes/dashboard.tsx` → `/assets/dashboard-abc.js`. */
export function routeChunkUrl(src: string): string {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const chunk = manifest[src];
  if (!chunk) throw new Error(`${src} is not in the Vite manifest; run npm run build`);
  return `/${chunk.file}`;
}

/** The build this dist was made by, as written to builds/latest.json. */
export function builtLatest(): { id: string; timestamp: number } {
  return JSON.parse(readFileSync(join(distDir, 'builds', 'latest.json'), 'utf8')) as {
    id: string;
    timestamp: number;
  };
}

export function distFile(...parts: string[]): string {
  return readFileSync(join(distDir, ...parts), 'utf8');
}

/**
 * Saves a screenshot where the report and reviewers look for them, after checking what it shows
 * with axe-core (accessibility.ts): every page and dialog a journey looks at is checked too.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  await expectAccessible(page, name);
  await page.screenshot({
    path: join(import.meta.dirname, '..', 'test-results', 'screenshots', `${name}.png`),
    fullPage: false,
  });
}

const SCREEN_SIZES = [
  ['1440', { width: 1440, height: 900 }],
  ['390', { width: 390, height: 844 }],
] as const;

/**
 * Screenshots `<name>-1440` and `<name>-390` at the desktop and phone sizes the reviews look at
 * (`focus` scrolled into view at each), then the page's own size again.
 */
export async function screenshotSizes(page: Page, name: string, focus?: Locator): Promise<void> {
  const own = page.viewportSize();
  for (const [suffix, size] of SCREEN_SIZES) {
    await page.setViewportSize(size);
    await focus?.scrollIntoViewIfNeeded();
    await screenshot(page, `${name}-${suffix}`);
  }
  if (own) await page.setViewportSize(own);
}

/**
 * Presses Tab (Shift+Tab with `back`) until `target` has the focus, at most `max` times: how many
 * presses it took. Fails when it is not reached, so a journey proves the keyboard gets there.
 */
export async function tabTo(page: Page, target: Locator, { max = 40, back = false } = {}): Promise<number> {
  for (let presses = 1; presses <= max; presses += 1) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false))
      return presses;
  }
  throw new Error(`${target.toString()} was not reached in ${max} presses of ${back ? 'Shift+Tab' : 'Tab'}`);
}

/** The app shell's primary navigation (visible at desktop widths). */
export function primaryNav(page: Page) {
  return page.getByRole('navigation', { name: 'Primary' });
}

/**
 * Each label (the first `selector` inside each item) shows its whole text: nothing cut short or
 * hidden, at least one label is a long model name, and no item grows past three lines.
 */
export async function expectWholeLabels(items: Locator, selector: string): Promise<void> {
  await expect(items.first()).toBeVisible();
  const labels = await items.evaluateAll(
    (elements, first) =>
      elements.map((element) => {
        const label = element.querySelector(first) as HTMLElement;
        return {
          text: label.textContent,
          cut: label.scrollWidth > label.clientWidth + 1 || label.scrollHeight > label.clientHeight + 1,
          ellipsis: getComputedStyle(label).textOverflow === 'ellipsis',
          height: element.getBoundingClientRect().height,
        };
      }),
    selector,
  );
  expect(labels.some((label) => label.text.length >= 28)).toBe(true);
  expect(labels.filter((label) => label.cut || label.ellipsis)).toEqual([]);
  // Wrapped to at most three lines: the list stays a list.
  expect(labels.filter((label) => label.height > 72)).toEqual([]);
}
