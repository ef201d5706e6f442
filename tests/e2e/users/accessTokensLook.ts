import { expect, type Page } from '@playwright/test';
import { seriousViolationsOnPage, sidewaysOverflow } from '../look/axeHelpers.js';

/**
 * Issue 34's pages in the light and the dark scheme at the current width: no serious or critical axe
 * violation, no sideways scrolling, and a screenshot of each (test-results/screens/<name>-<scheme>-<width>.png).
 */
export async function expectLooksRight(page: Page, name: string): Promise<void> {
  const width = page.viewportSize()!.width;
  const problems: string[] = [];
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator('html')).toHaveAttribute('data-scheme', scheme);
    // Let transitions settle before axe measures colours.
    await page.waitForTimeout(300);
    for (const violation of await seriousViolationsOnPage(page)) {
      problems.push(`${name} ${scheme} ${width}: ${violation.id} (${violation.impact}) ${violation.targets.join(' ')} ${violation.summary ?? ''}`);
    }
    const overflow = await sidewaysOverflow(page);
    if (overflow > 0) problems.push(`${name} ${scheme} ${width}: the page scrolls sideways by ${overflow} px`);
    await page.screenshot({ path: `test-results/screens/${name}-${scheme}-${width}.png`, fullPage: true });
  }
  await page.emulateMedia({ colorScheme: 'light' });
  expect(problems, problems.join('\n')).toEqual([]);
}

/** What the page keeps in the browser's storage, as one string (a token must never be in it). */
export function browserStorage(page: Page): Promise<string> {
  return page.evaluate(() => JSON.stringify({ local: { ...window.localStorage }, session: { ...window.sessionStorage } }));
}
