import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';
import { matchStoredLanguage } from '../storedLanguage.js';

/** Steps the shell suites share: the provider's sign-in form, the menu as a list, axe-core. */

export async function signInAtProvider(page: Page, email: string, password: string): Promise<void> {
  await expect(page).toHaveURL(/\/cloud\/login\/v2\//);
  await matchStoredLanguage(page, email, password);
  await page.locator('#email').fill(email);
  await page.locator('#password').fill(password);
  await page.locator('button[type=submit]').first().click();
}

/** The side menu's entries (test ids without the `menu-` prefix), top to bottom. */
export async function menuIds(page: Page): Promise<string[]> {
  const menu = page.getByTestId('side-menu');
  await expect(menu).toBeVisible();
  const ids = await menu.locator('[data-testid^="menu-"]').evaluateAll((nodes) =>
    nodes.map((node) => node.getAttribute('data-testid')!.slice('menu-'.length)),
  );
  return ids;
}

/**
 * axe-core on the shell of the current page (header, drawer, menus, landmarks, document): the serious
 * and critical violations (none expected). The page inside <main> belongs to its module, whose own
 * suite checks it, so its content is left out here.
 */
export async function seriousA11yViolations(page: Page): Promise<{ id: string; impact: string; targets: string[] }[]> {
  // Evaluated by the test driver, not a <script> tag: the portal's CSP refuses inline scripts.
  await page.evaluate(readFileSync(fileURLToPath(import.meta.resolve('axe-core/axe.min.js')), 'utf8'));
  return page.evaluate(async () => {
    type Result = { violations: { id: string; impact: string; nodes: { target: string[] }[] }[] };
    const axe = (window as unknown as { axe: { run(context: unknown): Promise<Result> } }).axe;
    const result = await axe.run({ exclude: [['#main-content > *']] });
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({ id: violation.id, impact: violation.impact, targets: violation.nodes.flatMap((node) => node.target) }));
  });
}

export { useLanguage } from '../storedLanguage.js';
