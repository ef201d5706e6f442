import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { chooseBuilding, DEMO_BUILDING_NAME, signInToBim } from './helpers.js';

/**
 * Issue 14: no BIM client secret in a browser bundle. The viewers get their BIM token from the signed-in
 * session (POST /cloud/graph/bim-service/token), and neither the built bundles nor any script the BIM
 * page loads carries a client secret: the old public demo value, or any literal assigned to a secret.
 */
const OLD_DEMO_SECRET = 'varde-bim-demo-secret';
const SECRET_LITERAL = /client_?secret["']?\s*[:=]\s*["'`][^"'`]+["'`]/i;
const root = fileURLToPath(new URL('../../../', import.meta.url));

function scriptsUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return scriptsUnder(path);
    return /\.(m?js|html)$/.test(name) ? [path] : [];
  });
}

function secretIn(text: string): string | null {
  if (text.includes(OLD_DEMO_SECRET)) return OLD_DEMO_SECRET;
  return SECRET_LITERAL.exec(text)?.[0] ?? null;
}

test('the built portal and widget bundles hold no BIM client secret', () => {
  const files = ['packages/portal/dist', 'packages/widgets/dist'].flatMap((dir) => scriptsUnder(join(root, dir)));
  expect(files.length).toBeGreaterThan(10);
  const found = files.map((file) => ({ file, secret: secretIn(readFileSync(file, 'utf8')) })).filter((entry) => entry.secret);
  expect(found).toEqual([]);
});

test('the BIM viewers get their token from the session, and no script they load holds a secret', async ({ page }) => {
  const scripts: { url: string; secret: string | null }[] = [];
  const tokenRequests: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/cloud/bim/oauth2/token' || url.pathname === '/cloud/graph/bim-service/token') tokenRequests.push(url.pathname);
  });
  page.on('response', async (response) => {
    if (!/javascript/.test(response.headers()['content-type'] ?? '')) return;
    scripts.push({ url: response.url(), secret: secretIn(await response.text().catch(() => '')) });
  });
  await signInToBim(page);
  await chooseBuilding(page, DEMO_BUILDING_NAME);
  await expect(page.locator('[data-viewer="viewer3d"]')).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });
  expect(tokenRequests).toContain('/cloud/graph/bim-service/token');
  expect(tokenRequests).not.toContain('/cloud/bim/oauth2/token');
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((script) => script.secret)).toEqual([]);
});
