import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { demoUsers } from '../../../packages/server/src/seed/demoUsers.js';
import { signInAs } from '../savedSignIn.js';

/** Steps shared by the sites, alarms and search suites: signing in, and driving the simulated world as a system admin. */

/** Opens `path` signed in as `email`, from the role's saved sign-in (../savedSignIn.ts) when there is one. */
export async function signIn(page: Page, path: string, email: string, password: string): Promise<void> {
  await signInAs(page, path, email, password);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[/]/g, '\\/')}$`), { timeout: 20_000 });
}

/** Which attempt of this test runs: 0 the first time, then 1, 2, … for each retry or repeat. */
export function attemptIndex(): number {
  const { retry, repeatEachIndex } = test.info();
  return repeatEachIndex * 2 + retry;
}

/**
 * A suffix that tells this attempt's data from an earlier attempt's: '' the first time, `-2`, `-3` … after.
 * The cloud keeps what a failed attempt raised, so a retry that reused its names would meet it.
 */
export function attemptSuffix(): string {
  return attemptIndex() === 0 ? '' : `-${attemptIndex() + 1}`;
}

/** The reference cloud's simulation controls, as the demo's system admin (bearer of the alarms service). */
export async function adminControls(request: APIRequestContext) {
  const admin = demoUsers.systemAdmin;
  const login = await request.post('/cloud/auth/login', { data: { piscadaId: admin.email, password: admin.password } });
  expect(login.ok()).toBe(true);
  const { accessTokens } = (await login.json()) as { accessTokens: Record<string, string> };
  const token = (service: string) => Object.entries(accessTokens).find(([host]) => host.startsWith(`${service}.`))![1];
  const headers = { authorization: `Bearer ${token('alarms')}` };
  return {
    async pause(): Promise<void> {
      expect((await request.put('/cloud/alarms/simulation', { headers, data: { running: false } })).ok()).toBe(true);
    },
    /** Runs simulation steps now (each writes the online sites' live values, and may raise or clear alarms). */
    async step(steps = 1): Promise<void> {
      expect((await request.post('/cloud/alarms/simulation/step', { headers, data: { steps } })).ok()).toBe(true);
    },
    async raise(body: { siteUuid: string; alarmGroup: string; tagName: string; text?: string; value?: string }): Promise<{ id: string }> {
      const answer = await request.post('/cloud/alarms/simulation/alarms', { headers, data: body });
      expect(answer.status()).toBe(201);
      return ((await answer.json()) as { data: { id: string } }).data;
    },
    async connect(siteUuid: string, webpmpReady: boolean | null): Promise<void> {
      expect((await request.post(`/cloud/alarms/simulation/sites/${siteUuid}/connection`, { headers, data: { webpmpReady } })).ok()).toBe(true);
    },
    async createSite(body: { name: string; webpmpReady?: boolean | null; grantTo?: string[] }): Promise<{ uuid: string; hostname: string }> {
      const answer = await request.post('/cloud/alarms/simulation/sites', { headers, data: body });
      expect(answer.status()).toBe(201);
      return ((await answer.json()) as { data: { uuid: string; hostname: string } }).data;
    },
    /** The user's sites in list order: all of them, or one page. */
    async sitesOf(email: string, password: string, page?: { offset: number; limit: number }): Promise<{ uuid: string; name: string; webpmpReady: boolean | null }[]> {
      const user = await request.post('/cloud/auth/login', { data: { piscadaId: email, password } });
      const tokens = ((await user.json()) as { accessTokens: Record<string, string> }).accessTokens;
      const bearer = Object.entries(tokens).find(([host]) => host.startsWith('controllers-api.'))![1];
      const answer = await request.get('/cloud/controllers-api/controllers', { headers: { authorization: `Bearer ${bearer}` }, ...(page ? { params: page } : {}) });
      return ((await answer.json()) as { data: { uuid: string; name: string; webpmpReady: boolean | null }[] }).data;
    },
  };
}

/** Fails the test if any script dialog opens (an injected `onerror=alert(1)` would). */
export function failOnDialog(page: Page): void {
  page.on('dialog', (dialog) => {
    void dialog.dismiss();
    throw new Error(`unexpected dialog: ${dialog.message()}`);
  });
}
