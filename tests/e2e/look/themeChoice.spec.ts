import { expect, test } from '@playwright/test';
import { demoUsers, DEMO_PASSWORD } from '../../../packages/server/src/seed/demoUsers.js';
import { useLanguage } from '../shell/shellHelpers.js';
import { signInAs } from '../savedSignIn.js';

/**
 * Issue 26: the portal follows the system's colour scheme until the user picks one in the account menu,
 * and the pick survives a reload. Every page in both themes and at both widths (no sideways scroll, axe,
 * alarm rows on a phone) is look/pageFrame.spec.ts's walk.
 */
test('the theme follows the system until chosen in the account menu, and the choice survives a reload', async ({ page }) => {
  await useLanguage(page, 'en');
  await page.emulateMedia({ colorScheme: 'dark' });
  await signInAs(page, '/sites', demoUsers.user.email, DEMO_PASSWORD);
  await expect(page.locator('html')).toHaveAttribute('data-scheme', 'dark');
  // A widget's own ground follows too (Shoelace's dark tokens): the site list's rows are not white.
  await expect(page.getByTestId('site-row').first()).toBeVisible();
  const rowGround = () => page.getByTestId('site-row').first().evaluate((row) => {
    let node: Element | null = row;
    while (node && getComputedStyle(node).backgroundColor === 'rgba(0, 0, 0, 0)') node = node.parentElement;
    return node ? getComputedStyle(node).backgroundColor : '';
  });
  expect(await rowGround()).not.toBe('rgb(255, 255, 255)');

  await page.getByTestId('account-button').click();
  await page.getByTestId('theme-choice').locator('[data-preference="light"]').click();
  await expect(page.locator('html')).toHaveAttribute('data-scheme', 'light');
  await page.reload();
  await expect(page.getByTestId('site-row').first()).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-scheme', 'light');

  await page.getByTestId('account-button').click();
  await expect(page.getByTestId('theme-choice').locator('[data-preference="light"]')).toHaveAttribute('aria-checked', 'true');
  await page.getByTestId('theme-choice').locator('[data-preference="system"]').click();
  await expect(page.locator('html')).toHaveAttribute('data-scheme', 'dark');
});
