import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';

/**
 * axe-core over what a journey shows: every page and dialog a journey screenshots is checked (the
 * screenshot helpers call this first), and journeys call it where they show something they do not
 * screenshot. A serious or critical violation of WCAG 2.0–2.2 A/AA fails the journey, with the
 * rule, what it says and where. Nothing is switched off: a rule that is wrong for Fleetdeck would
 * be disabled here with the reason written beside it.
 */

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const FAILING_IMPACTS = new Set(['serious', 'critical']);

/**
 * What one axe run may take on a loaded two-core machine (a device page with charts: 3-8 s). Each
 * check adds it to the journey's own time limit, so a journey that screenshots six states is not
 * held to the time of one that screenshots none.
 */
const AXE_ALLOWANCE_MS = 10_000;

/** States already checked by this worker: a page with the same open dialogs, theme and width. */
const checked = new Set<string>();

/** Which state of the app the page shows, for not checking one state twice. */
function stateOf(page: Page): Promise<string> {
  return page.evaluate(() => {
    const params = [...new URLSearchParams(window.location.search).keys()].sort().join(',');
    const theme = document.documentElement.classList.contains('dark') ? 'dark' : 'light';
    const width = window.innerWidth < 640 ? 'phone' : window.innerWidth < 1024 ? 'tablet' : 'desktop';
    const open = [
      ...document.querySelectorAll('[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]'),
    ]
      .map(
        (element) =>
          `${element.getAttribute('role') ?? ''}:${element.getAttribute('aria-label') ?? element.textContent.slice(0, 40)}`,
      )
      .join(';');
    return [window.location.origin, window.location.pathname, params, theme, width, open].join('|');
  });
}

/** Why: a page or dialog a keyboard or screen reader user cannot use fails the journey that shows it. */
export async function expectAccessible(page: Page, name: string): Promise<void> {
  const state = await stateOf(page);
  if (checked.has(state)) return;
  checked.add(state);
  test.info().setTimeout(test.info().timeout + AXE_ALLOWANCE_MS);
  // Opening dialogs and menus fade in: colours are measured once they are still (endless
  // animations, a progress bar's, are left running).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const failing = results.violations
    .filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ''))
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      where: violation.nodes
        .slice(0, 5)
        .map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`),
    }));
  expect(failing, `serious or critical accessibility violations on ${name} (${page.url()})`).toEqual([]);
}
