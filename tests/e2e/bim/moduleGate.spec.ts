import { expect, test } from '@playwright/test';
import { demoUsers } from '../../../packages/server/src/seed/demoUsers.js';
import { signInAs } from '../savedSignIn.js';

/** /bim needs module access `bim`: a user without it is told so on the page, and has no BIM menu entry. */
test('a user without the bim module is told the page needs it', async ({ page }) => {
  await signInAs(page, '/bim', demoUsers.user.email, demoUsers.user.password);
  await expect(page).toHaveURL(/\/bim$/, { timeout: 20_000 });
  await expect(page.getByTestId('no-access')).toBeVisible();
  await expect(page.getByTestId('menu-sites')).toBeVisible();
  await expect(page.getByTestId('menu-bim')).toHaveCount(0);
  await expect(page.locator('.varde-bim-mapper')).toHaveCount(0);
});
