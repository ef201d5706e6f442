import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { demoUsers } from '../../packages/server/src/seed/demoUsers.js';
import { matchStoredLanguage } from './storedLanguage.js';

/**
 * Signing in once per role, the way Playwright's authentication guide does it: the `sign-in` project
 * (signIn.setup.ts) signs every demo role in through the provider's form and saves what the browser then
 * holds; a test starts from a fresh context given that state instead of signing in again (the provider's
 * page, the callback's second portal boot). Every test keeps its own context, page and data.
 *
 * What carries a sign-in: the provider's and the auth server's cookies, and the provider's user, which the
 * portal keeps in sessionStorage; Playwright's storage state leaves sessionStorage out, so the saved file
 * holds it beside the storage state and an init script puts it back before the first page loads. The
 * portal's own storage is not changed for the tests' sake. localStorage (the UI language a test asks for,
 * storedLanguage.ts) is left out; the portal starts each page with a silent sign-in from the cookies.
 *
 * Which helper: signInAs(page, path, …) opens a page signed in; the suites' signInAtProvider (after a
 * page.goto to a protected page) finishes from the saved sign-in too when it can. A test that ends or
 * changes a session, or tests the sign-in itself, signs in with signInWithForm and says why.
 */

/** What a saved sign-in holds: Playwright's storage state plus the origin's sessionStorage. */
interface SavedSignIn {
  state: Awaited<ReturnType<BrowserContext['storageState']>>;
  sessionStorage: Record<string, string>;
}

const port = Number(process.env.VARDE_E2E_PORT ?? 8199);
/** Outside test-results/ (a run started meanwhile empties it), one folder per port (runs side by side). */
const folder = join(tmpdir(), 'varde-e2e-sign-ins', String(port));
const PROVIDER_PAGE = /\/cloud\/login\/v2\//;
/** The provider's pages, the callback and /login: the page has not signed in while it is on one of them. */
const SIGNING_IN = /\/cloud\/login\/v2\/|\/login\/callback|\/login\?/;
/** The answers that mean the portal has signed in (tokens exchanged, or its cookie session renewed). */
const SIGNED_IN_BY = /\/cloud\/auth\/(login|session\/renew)$/;

/** The demo roles the setup signs in (the SMS user's code goes to the outbox: tests sign it in themselves). */
export const savedRoles = Object.entries(demoUsers)
  .filter(([, user]) => !('smsPhone' in user))
  .map(([role, user]) => ({ role, email: user.email, password: user.password }));

function fileOf(email: string): string {
  return join(folder, `${email.replace(/[^\w.@-]/g, '_')}.json`);
}

/** The suite's cloud (the config's baseURL); a test may give a context a cloud of its own. */
function suiteOrigin(): string {
  return new URL(String(test.info().project.use.baseURL ?? `http://localhost:${port}`)).origin;
}

/** Saves what the page's context holds now (after a sign-in through the provider) for `email`. */
export async function saveSignIn(page: Page, email: string): Promise<void> {
  const saved: SavedSignIn = {
    state: await page.context().storageState(),
    sessionStorage: await page.evaluate(() => ({ ...window.sessionStorage })),
  };
  saved.state.origins = saved.state.origins.map((origin) => ({ ...origin, localStorage: [] }));
  mkdirSync(folder, { recursive: true });
  const temporary = `${fileOf(email)}.${process.pid}`;
  writeFileSync(temporary, JSON.stringify(saved));
  renameSync(temporary, fileOf(email)); // whole or not at all for a reader in another worker
}

function savedFor(email: string): SavedSignIn | null {
  const file = fileOf(email);
  if (!existsSync(file)) return null;
  return JSON.parse(readFileSync(file, 'utf8')) as SavedSignIn;
}

/** Saves the page's sign-in when it is a demo role's on the suite's cloud. */
async function saveIfShared(page: Page, email: string): Promise<void> {
  if (new URL(page.url()).origin === suiteOrigin() && savedRoles.some((role) => role.email === email)) await saveSignIn(page, email);
}

/** Which way a test signed in, in the report (Playwright's JSON report lists a test's annotations). */
function noteSignIn(how: string): void {
  test.info().annotations.push({ type: 'sign-in', description: how });
}

/** Fills the provider's form (the page is on it) and waits until the page is past the sign-in. */
export async function signInWithForm(page: Page, email: string, password: string): Promise<void> {
  await expect(page).toHaveURL(PROVIDER_PAGE, { timeout: 20_000 });
  await matchStoredLanguage(page, email, password);
  await page.locator('#email').fill(email);
  await page.locator('#password').fill(password);
  await page.locator('button[type=submit]').first().click();
}

/** The page leaves the provider, /login and the callback (for the page it asked for, or a landing page). */
async function untilSignedIn(page: Page): Promise<void> {
  // Three documents load in turn (the provider's form post, /login/callback, the page): seen taking over
  // the assertions' 5 s with two browser runs at once on 2 cores.
  await expect(page).not.toHaveURL(SIGNING_IN, { timeout: 20_000 });
}

/**
 * Opens `path` with the saved sign-in put into the page's context. True when the page signed in with it;
 * false when it was sent to the provider's form instead (a test ended the account's sessions, or the
 * context has a cloud of its own), where the caller signs in.
 */
async function openFromSaved(page: Page, path: string, email: string, password: string, saved: SavedSignIn): Promise<boolean> {
  // The account's stored language, as a sign-in through the form sets it (storedLanguage.ts).
  await matchStoredLanguage(page, email, password);
  await page.context().addCookies(saved.state.cookies);
  const restore = await page.addInitScript(
    ({ entries, at }) => {
      if (window.location.origin !== at) return;
      for (const [key, value] of Object.entries(entries)) {
        if (window.sessionStorage.getItem(key) === null) window.sessionStorage.setItem(key, value);
      }
    },
    { entries: saved.sessionStorage, at: suiteOrigin() },
  );
  try {
    // Signed in: the provider's tokens exchanged (POST /login), or, when the provider's session is gone,
    // the auth server's cookie session renewed (POST /session/renew, the portal's fallback).
    const exchanged = page.waitForResponse((answer) => SIGNED_IN_BY.test(answer.url()) && answer.request().method() === 'POST', { timeout: 20_000 });
    await page.goto(path);
    const landed = await Promise.race([
      page.waitForURL(PROVIDER_PAGE, { timeout: 20_000 }).then(() => 'provider' as const, () => 'timeout' as const),
      exchanged.then((answer) => (answer.ok() ? ('signed-in' as const) : ('provider' as const)), () => 'timeout' as const),
    ]);
    if (landed === 'provider') {
      noteSignIn('saved, not held here: through the form');
      return false;
    }
    // Seen in the JSON report: a sign-in path this helper does not know costs every such test 20 s.
    noteSignIn(landed === 'timeout' ? 'saved, with no sign-in answer within 20 s' : 'saved');
  } finally {
    await restore.dispose().catch(() => undefined);
  }
  await untilSignedIn(page);
  return true;
}

/**
 * Opens `path` signed in as `email`: from the role's saved sign-in when there is one, else (a user the
 * setup does not sign in, another cloud, or a saved sign-in that no longer holds) through the provider's
 * form, saving the new sign-in for later tests. Returns once the page is past the sign-in (on `path`, or
 * where the portal sends the user from it).
 */
export async function signInAs(page: Page, path: string, email: string, password: string): Promise<void> {
  const saved = page.url() === 'about:blank' ? savedFor(email) : null;
  if (saved && (await openFromSaved(page, path, email, password, saved))) return;
  if (!PROVIDER_PAGE.test(page.url())) await page.goto(path);
  if (!saved) noteSignIn('through the form');
  await signInWithForm(page, email, password);
  await untilSignedIn(page);
  await saveIfShared(page, email);
}

/**
 * After `page.goto(protected page)` has reached the provider's form, as the suites have long signed in:
 * goes back to that page signed in from the role's saved sign-in, else signs in on the form. The page it
 * returns to is the one the portal saved for after the sign-in (the OIDC state in sessionStorage).
 */
export async function finishSignIn(page: Page, email: string, password: string): Promise<void> {
  await expect(page).toHaveURL(PROVIDER_PAGE, { timeout: 20_000 });
  const saved = new URL(page.url()).origin === suiteOrigin() ? savedFor(email) : null;
  const target = saved ? await redirectAfterSignIn(page) : null;
  if (saved && target && (await openFromSaved(page, target, email, password, saved))) return;
  if (!saved || !target) noteSignIn('through the form');
  if (!PROVIDER_PAGE.test(page.url())) await expect(page).toHaveURL(PROVIDER_PAGE, { timeout: 20_000 });
  await signInWithForm(page, email, password);
  await saveAfterForm(page, email);
}

/** Saves the form's sign-in once the page is past it, without holding the test up when it never gets there. */
async function saveAfterForm(page: Page, email: string): Promise<void> {
  if (new URL(page.url()).origin !== suiteOrigin() || !savedRoles.some((role) => role.email === email)) return;
  try {
    await page.waitForURL((url) => !SIGNING_IN.test(url.href), { timeout: 20_000 });
  } catch {
    return; // the test's own assertions say what went wrong
  }
  await saveIfShared(page, email);
}

/** The address the portal goes to after the sign-in it started (oidc-client-ts keeps the state in sessionStorage). */
function redirectAfterSignIn(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    for (const key of Object.keys(window.sessionStorage)) {
      if (!key.startsWith('varde.oidc.') || key.startsWith('varde.oidc.user:')) continue;
      try {
        const state = JSON.parse(window.sessionStorage.getItem(key) ?? 'null') as { data?: { redirect?: unknown } } | null;
        if (typeof state?.data?.redirect === 'string') return state.data.redirect;
      } catch {
        // not a sign-in state
      }
    }
    return null;
  });
}
