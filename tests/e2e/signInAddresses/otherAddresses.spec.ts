import { chromium, expect, test, type Page } from '@playwright/test';
import { demoUsers, DEMO_PASSWORD } from '../../../packages/server/src/seed/demoUsers.js';
import { chromiumLaunchOptions } from '../../chromiumLaunch.js';

/**
 * Issue 26, item 7: the portal signs in on every address the cloud serves it on, not only the public
 * origin (localhost) its client has registered. 127.0.0.1 is what many type; a LAN name (mapped to the
 * same machine by the browser's resolver) is a page without WebCrypto, as http://192.168.x.y is.
 */
const port = Number(process.env.VARDE_E2E_PORT ?? 8199);

// Signs in itself: the sign-in at each address is what is tested (a saved one is for localhost only).
async function signInAt(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/sites`);
  await expect(page).toHaveURL(new RegExp(`^${origin.replace(/[.]/g, '\\.')}/cloud/login/v2/`), { timeout: 5000 });
  await page.locator('#email').fill(demoUsers.user.email);
  await page.locator('#password').fill(DEMO_PASSWORD);
  await page.locator('button[type=submit]').first().click();
  await expect(page).toHaveURL(`${origin}/sites`);
  await expect(page.getByTestId('site-row').first()).toBeVisible();
}

test('at http://127.0.0.1:<port> the sign-in goes through at once and lands on the sites', async ({ page }) => {
  await signInAt(page, `http://127.0.0.1:${port}`);
});

test('at a LAN address over plain http (a page without WebCrypto) the portal signs in to this cloud, not production', async () => {
  const browser = await chromium.launch({
    ...chromiumLaunchOptions,
    args: [...chromiumLaunchOptions.args, '--host-resolver-rules=MAP varde-lan.test 127.0.0.1'],
  });
  try {
    const page = await browser.newPage();
    const origin = `http://varde-lan.test:${port}`;
    await page.goto(`${origin}/examples/`);
    expect(await page.evaluate(() => window.isSecureContext)).toBe(false);
    // Browsers that hide WebCrypto there (Firefox, Safari) get core's SHA-256; hide it here too, so this tests that path.
    await page.addInitScript(() => Object.defineProperty(window.crypto, 'subtle', { value: undefined, configurable: true }));
    await signInAt(page, origin);
  } finally {
    await browser.close();
  }
});
