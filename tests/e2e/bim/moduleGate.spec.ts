import { expect, test } from '@playwright/test';
import { demoUsers } from '../../../packages/server/src/seed/demoUsers.js';

/** /bim needs module access `bim`: a user without it is told so on the page, and has no BIM menu entry. */
test('a user without the bim module is told the page needs it', async ({ page }) => {
  await page.goto('/bim');
  await expect(page).toHaveURL(/\/cloud\/login\/v2\//);
  await page.locator('#email').fill(demoUsers.user.email);
  await page.locator('#password').fill(demoUsers.user.password);
  await page.locator('button[type=submit]').first().click();
  // Three documents load in turn (the provider's form post, /login/callback, the page): seen taking over
  // the assertions' 5 s with two browser runs at once on 2 cores, so as long as cloudControls.signIn allows.
  await expect(page).toHaveURL(/\/bim$/, { timeout: 20_000 });
  await expect(page.getByTestId('no-access')).toBeVisible();
  await expect(page.getByTestId('menu-sites')).toBeVisible();
  await expect(page.getByTestId('menu-bim')).toHaveCount(0);
  await expect(page.locator('.varde-bim-mapper')).toHaveCount(0);
});
