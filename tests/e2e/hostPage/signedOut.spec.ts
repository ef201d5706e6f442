import { expect, test } from '@playwright/test';
import { demoUsers } from '../../../packages/server/src/seed/demoUsers.js';

/**
 * Issue 26, item 6: a host page whose visitor has not signed in shows a sign-in prompt in each element
 * (not "Laster…" or "Kobler til anleggene…" for ever); the prompt opens the page's <varde-session> form.
 * A site's name on the reference cloud leads through the cloud's path proxy (the portal's controller view),
 * not to the site's own host name, which does not resolve there.
 */
const admin = demoUsers.admin;

// These example pages are written in English (`<html lang="en">`): signed out, the elements speak it too.
for (const [name, tag, text] of [
  ['site-list', 'varde-site-list', 'Sign in to see your sites.'],
  ['alarm-table', 'varde-alarm-table', 'Sign in to see the alarms of your sites.'],
] as const) {
  test(`${tag} signed out: a sign-in prompt that opens the session's form`, async ({ page }) => {
    await page.goto(`/examples/${name}/`);
    const prompt = page.locator(`${tag} [part="signed-out"]`);
    await expect(prompt).toContainText(text, { timeout: 10_000 });
    await prompt.locator('[part="sign-in-request"]').click();
    const session = page.locator('varde-session');
    await expect(session.locator('[part="username-input"]')).toBeVisible();
    await session.locator('[part="username-input"] input').fill(admin.email);
    await session.locator('[part="password-input"] input').fill(admin.password);
    await session.locator('[part="submit-button"]').click();
    await expect(prompt).toHaveCount(0, { timeout: 15_000 });
  });
}

test('a site name on the site-list host page opens the controller through the path proxy', async ({ page }) => {
  await page.goto('/examples/site-list/');
  await page.locator('varde-site-list [part="sign-in-request"]').click();
  const session = page.locator('varde-session');
  await session.locator('[part="username-input"] input').fill(admin.email);
  await session.locator('[part="password-input"] input').fill(admin.password);
  await session.locator('[part="submit-button"]').click();
  const link = page.locator('varde-site-list [data-testid="site-row"] a[href]').first();
  await expect(link).toBeVisible({ timeout: 15_000 });
  const href = new URL((await link.getAttribute('href'))!);
  expect(href.origin).toBe(new URL(page.url()).origin);
  expect(href.pathname).toBe('/dashboards');
  expect(href.searchParams.get('site')).toMatch(/^[0-9a-f-]{36}$/);
});
