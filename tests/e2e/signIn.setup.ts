import { expect, test } from '@playwright/test';
import { saveSignIn, savedRoles } from './savedSignIn.js';
import { matchStoredLanguage } from './storedLanguage.js';

/**
 * The `sign-in` project, run before the suites: signs each demo role in once through the provider's
 * form and saves what the browser holds then (savedSignIn.ts); tests start from it instead.
 */
for (const { role, email, password } of savedRoles) {
  test(`sign in as ${role}`, async ({ page }) => {
    await page.goto('/account-settings');
    await expect(page).toHaveURL(/\/cloud\/login\/v2\//);
    await matchStoredLanguage(page, email, password);
    await page.locator('#email').fill(email);
    await page.locator('#password').fill(password);
    await page.locator('button[type=submit]').first().click();
    await expect(page).toHaveURL(/\/account-settings$/, { timeout: 20_000 });
    await expect(page.getByTestId('user-name')).not.toBeEmpty();
    await saveSignIn(page, email);
  });
}
