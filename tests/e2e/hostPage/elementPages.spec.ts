import { expect, test, type Page } from '@playwright/test';
import { DEMO_BUILDING_NAME } from '../../../packages/server/src/bim/ifc/demoBuilding.js';
import { demoSites } from '../../../packages/server/src/seed/demoSites.js';
import { demoUsers } from '../../../packages/server/src/seed/demoUsers.js';

/**
 * Issue 15: a host page for each element of the product's face, plain HTML in examples/ with one
 * script tag (the element and the <varde-session> it signs in with). Each signs in through the
 * session element and the element works; what it loads comes compressed.
 */
const admin = demoUsers.admin;

async function openAndSignIn(page: Page, name: string, tag: string): Promise<string[]> {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const encodings: string[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/widgets/') && response.url().endsWith('.js')) encodings.push(response.headers()['content-encoding'] ?? 'none');
  });
  await page.goto(`/examples/${name}/`);
  expect(await page.locator('script[src]').evaluateAll((scripts) => scripts.map((s) => s.getAttribute('src')))).toEqual([`/widgets/${tag}.js`]);
  const session = page.locator('varde-session');
  await session.locator('[part="sign-in-button"]').click();
  await session.locator('[part="username-input"] input').fill(admin.email);
  await session.locator('[part="password-input"] input').fill(admin.password);
  await session.locator('[part="submit-button"]').click();
  // The page's language, or the one a user chose in account settings (an earlier test may have).
  await expect(session.locator('[part="user-name"]')).toHaveText(new RegExp(`^(Logget inn som|Signed in as|Inloggad som) ${admin.name}$`));
  return [...errors, ...encodings.filter((encoding) => encoding !== 'br').map((encoding) => `uncompressed widget script (${encoding})`)];
}

test('site list: the signed-in user\'s sites', async ({ page }) => {
  const problems = await openAndSignIn(page, 'site-list', 'varde-site-list');
  await expect(page.locator('varde-site-list [data-testid="site-row"]').first()).toBeVisible({ timeout: 15_000 });
  expect(await page.locator('varde-site-list [data-testid="site-row"]').count()).toBeGreaterThan(3);
  await page.screenshot({ path: 'test-results/screens/host-site-list.png', fullPage: true });
  expect(problems).toEqual([]);
});

test('alarm table: alarms of the connected sites', async ({ page }) => {
  const problems = await openAndSignIn(page, 'alarm-table', 'varde-alarm-table');
  await expect(page.locator('varde-alarm-table [part="row"][data-alarm-id]').first()).toBeVisible({ timeout: 20_000 });
  await page.screenshot({ path: 'test-results/screens/host-alarm-table.png', fullPage: true });
  expect(problems).toEqual([]);
});

test('rule editor: a site\'s rules, a new rule saved', async ({ page }) => {
  const site = demoSites()[12]!;
  const problems = await openAndSignIn(page, 'rule-editor', 'varde-rule-editor');
  const group = page.locator(`varde-rule-editor [data-site="${site.uuid}"]`);
  await group.locator('[data-action="expand"]').click();
  // The button is disabled until the site's rules have loaded: a click before then opens nothing. Playwright
  // takes a custom element for enabled whatever it holds, so the wait is for Shoelace's reflected attribute.
  await expect(group.locator('[data-action="new-rule"]')).not.toHaveAttribute('disabled');
  await group.locator('[data-action="new-rule"]').click();
  const dialog = page.locator('varde-rule-editor [data-dialog="rule"]');
  await expect(dialog).toBeVisible();
  await dialog.locator('[data-input="name"]').fill('Driftsleder e-post');
  await dialog.locator('[data-user]').first().click();
  await dialog.locator('[data-channel="mail"]').check();
  const ruleId = (await dialog.locator('[data-field="rule-id"]').textContent())!.trim();
  await dialog.locator('[data-action="save"]').click();
  await expect(group.locator(`[data-rule="${ruleId}"] [data-rule-name]`)).toHaveText('Driftsleder e-post');
  await page.screenshot({ path: 'test-results/screens/host-rule-editor.png', fullPage: true });
  expect(problems).toEqual([]);
});

test('BIM mapper: the buildings, one opened', async ({ page }) => {
  const problems = await openAndSignIn(page, 'bim-mapper', 'varde-bim-mapper');
  const building = page.locator(`varde-bim-mapper [data-building="${DEMO_BUILDING_NAME}"]`);
  await building.click();
  await expect(building).toHaveAttribute('aria-current', 'true');
  await expect(page.locator('varde-bim-mapper [data-connection]').first()).toBeVisible({ timeout: 15_000 });
  await page.screenshot({ path: 'test-results/screens/host-bim-mapper.png', fullPage: true });
  expect(problems).toEqual([]);
});
