import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';
import { finishSignIn } from '../savedSignIn.js';

/** Steps the shell suites share: the provider's sign-in form, the menu as a list, axe-core. */

/**
 * After `page.goto(a protected page)` has reached the provider's form: signs in, from the role's saved
 * sign-in when there is one (../savedSignIn.ts), else on the form.
 */
export async function signInAtProvider(page: Page, email: string, password: string): Promise<void> {
  await finishSignIn(page, email, password);
}

/** Always on the provider's form: for tests of the sign-in itself and tests that end or change a session. */
export { signInWithForm } from '../savedSignIn.js';

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
