import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

/** Shared steps of the users suites: API sign-in for checks and set-up, Shoelace fields, screenshots. */

export interface ApiLogin {
  uid: string;
  user: { controllers: Record<string, true>; role: string };
  token(service: string): string;
}

/**
 * Signs in through the auth server's API (as a script would), for set-up and direct server checks.
 * Pass the test's own `request` fixture, not `page.request`: the latter shares the browser's cookies,
 * and the auth server's session cookie would sign the page in as this user.
 */
export async function apiLogin(request: APIRequestContext, email: string, password: string): Promise<ApiLogin> {
  const answer = await request.post('/cloud/auth/login', { data: { piscadaId: email, password } });
  expect(answer.ok()).toBe(true);
  const body = (await answer.json()) as { uid: string; user: ApiLogin['user']; accessTokens: Record<string, string> };
  return {
    uid: body.uid,
    user: body.user,
    token: (service) => {
      const token = Object.entries(body.accessTokens).find(([host]) => host.startsWith(`${service}.`))?.[1];
      if (!token) throw new Error(`no ${service} token`);
      return token;
    },
  };
}

/** A site the signed-in user has (stable order). */
export function firstSite(login: ApiLogin): string {
  const site = Object.keys(login.user.controllers).sort()[0];
  if (!site) throw new Error('no site');
  return site;
}

/** Users the API login manages, by e-mail. */
export async function findUser(request: APIRequestContext, login: ApiLogin, email: string) {
  const answer = await request.get(`/cloud/users/users?email=${encodeURIComponent(email)}`, {
    headers: { authorization: `Bearer ${login.token('users')}` },
  });
  expect(answer.ok()).toBe(true);
  const { data } = (await answer.json()) as { data: { uid: string; username: string; role: string; controllers: Record<string, true>; moduleAccesses: Record<string, true> }[] };
  return data[0] ?? null;
}

/** Signs <varde-session> in with the password form of a host page (its own sign-in, tested as such; savedSignIn.ts is the portal's). */
export async function signInOnHostPage(page: Page, email: string, password: string): Promise<void> {
  const session = page.locator('varde-session');
  await session.locator('[part="sign-in-button"]').click();
  await session.locator('[part="username-input"] input').fill(email);
  await session.locator('[part="password-input"] input').fill(password);
  await session.locator('[part="password-input"] input').press('Enter');
  await expect(session.locator('[part="user-name"]')).toBeVisible();
}

/** Picks an option of a Shoelace select by its visible text (opens it, clicks, closes a multi-select). */
export async function chooseOption(select: Locator, text: string): Promise<void> {
  await select.locator('[part~="combobox"]').click();
  await select.getByRole('option', { name: text, exact: true }).click();
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `test-results/screens/users-${name}.png`, fullPage: true });
}
