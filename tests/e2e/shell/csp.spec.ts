import { expect, test, type Page } from '@playwright/test';
import { demoUsers } from '../../../packages/server/src/seed/demoUsers.js';
import { matchStoredLanguage, useLanguage } from '../storedLanguage.js';

/**
 * Issue 14: the portal sends a Content-Security-Policy without inline script and works under it.
 * Signs in and visits pages that use what a strict policy would break (monaco's workers, web-ifc's
 * wasm, Leaflet's tiles, Shoelace's styles, the dashboards' controller frame): any CSP violation the
 * browser reports fails the test.
 */
const admin = demoUsers.admin;

function recordViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(message.text())) violations.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => {
    if (/Content Security Policy/i.test(error.message)) violations.push(`error: ${error.message}`);
  });
  return violations;
}

test('the portal has a CSP without inline script and every page works under it', async ({ page }) => {
  const violations = recordViolations(page);
  await useLanguage(page, 'en');
  await page.addInitScript(() => {
    // The policy's own report, also from workers and frames the console may not show.
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });

  const first = await page.goto('/sites');
  const csp = first!.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(csp).toContain("frame-ancestors 'none'");

  // Signs in itself: the sign-in pages are under the policy too.
  await expect(page).toHaveURL(/\/cloud\/login\/v2\//);
  await matchStoredLanguage(page, admin.email, admin.password);
  await page.locator('#email').fill(admin.email);
  await page.locator('#password').fill(admin.password);
  await page.locator('button[type=submit]').first().click();
  await expect(page).toHaveURL(/\/sites$/);
  await expect(page.locator('main')).toContainText(/\w/, { timeout: 15_000 });

  for (const path of ['/alarms', '/alarms/map', '/administrate', '/dashboards', '/ml-explorer']) {
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await page.waitForLoadState('networkidle');
  }

  await page.goto('/cloud-functions');
  await page.locator('[data-function="hello"], [data-name="hello"], li:has-text("hello")').first().click();
  await expect(page.locator('.monaco-editor')).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('.monaco-editor .view-lines [class*="mtk"]').first()).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/csp/cloud-functions.png' });

  await page.goto('/bim');
  await page.locator('[data-building]').first().click();
  await expect(page.locator('[data-viewer="viewer3d"]')).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });
  // web-ifc compiles its wasm and parses the models: 'wasm-unsafe-eval' at work.
  await page.locator('[data-action="load-all"]').click();
  await expect(page.locator('[data-bim-viewer="viewer3d"]')).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
  await expect(page.locator('[data-model][data-loading="false"][data-visibility="VISIBLE"]')).toHaveCount(2, { timeout: 30_000 });
  await page.screenshot({ path: 'test-results/screens/csp/bim.png' });

  expect(violations).toEqual([]);
});
