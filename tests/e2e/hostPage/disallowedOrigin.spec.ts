import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { demoUsers } from '../../../packages/server/src/seed/demoUsers.js';

/**
 * Issue 38: a host page whose origin the cloud does not allow (no `--allow-origin` for it) is told so in
 * the element, in the user's language, with the option that allows it: not only "Kunne ikke koble til"
 * with the cause in the browser console. The suite's cloud allows only its own origin, http://localhost:P.
 * The integrator's page comes from a server of its own on 127.0.0.1 (a dev server, say), reached as
 * http://127.0.0.1:Q and as http://localhost:Q: two origins, neither of them the cloud's.
 */
const user = demoUsers.user;
let pages: Server;
let port: number;
/** The page's HTML by path; its element module always comes from the suite's cloud. */
const served = new Map<string, string>();

test.beforeAll(async () => {
  pages = createServer((request, response) => {
    const html = served.get(request.url ?? '');
    response.writeHead(html ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' }).end(html ?? 'not found');
  });
  await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
  port = (pages.address() as AddressInfo).port;
});

test.afterAll(async () => {
  await new Promise((resolve) => pages.close(resolve));
});

async function openHostPage(page: Page, pageOrigin: string, path: string, moduleFrom: string, sessionCloud: string): Promise<void> {
  served.set(
    path,
    `<!doctype html><html lang="no"><head><meta charset="utf-8"><title>Integrator page</title>
    <script type="module" src="${moduleFrom}/widgets/varde-site-list.js"></script></head>
    <body><h1>Integrator page at ${pageOrigin}</h1><varde-session cloud="${sessionCloud}"></varde-session><varde-site-list></varde-site-list></body></html>`,
  );
  await page.goto(`${pageOrigin}${path}`);
}

// Signs in itself: the host page's <varde-session> form, on another origin, is what is tested.
async function signIn(page: Page): Promise<void> {
  const session = page.locator('varde-session');
  await session.locator('[part="sign-in-button"]').click();
  await session.locator('[part="username-input"] input').fill(user.email);
  await session.locator('[part="password-input"] input').fill(user.password);
  await session.locator('[part="submit-button"]').click();
}

test('a page on 127.0.0.1 against the cloud on localhost: the element names both origins, CORS and --allow-origin', async ({ page, baseURL }) => {
  const cloud = new URL(baseURL!).origin;
  const pageOrigin = `http://127.0.0.1:${port}`;
  await openHostPage(page, pageOrigin, '/loopback.html', cloud, cloud);
  await signIn(page);
  await expect(page.locator('varde-session [part="error"]')).toHaveText(
    `Opphavet ${pageOrigin} får ikke kalle ${cloud} (CORS): start skyen med --allow-origin ${pageOrigin}.`,
    { timeout: 15_000 },
  );
  await page.screenshot({ path: 'test-results/screens/host-disallowed-origin-loopback.png', fullPage: true });
});

test('a page on another port of the same host: the element names the page origin and --allow-origin', async ({ page, baseURL }) => {
  const cloud = new URL(baseURL!).origin;
  const pageOrigin = `http://localhost:${port}`;
  await openHostPage(page, pageOrigin, '/other.html', cloud, cloud);
  await signIn(page);
  await expect(page.locator('varde-session [part="error"]')).toHaveText(
    `Opphavet ${pageOrigin} får ikke kalle ${cloud} (CORS): start skyen med --allow-origin ${pageOrigin}.`,
    { timeout: 15_000 },
  );
  await page.screenshot({ path: 'test-results/screens/host-disallowed-origin.png', fullPage: true });
});

test('a cloud that does not answer is named, not taken for a refused origin', async ({ page, baseURL }) => {
  const cloud = new URL(baseURL!).origin;
  // Port 9 (discard): nothing listens there, so the connection is refused.
  await openHostPage(page, `http://localhost:${port}`, '/gone.html', cloud, 'http://localhost:9');
  await signIn(page);
  await expect(page.locator('varde-session [part="error"]')).toHaveText('Kunne ikke nå skyen på http://localhost:9.', { timeout: 15_000 });
});
