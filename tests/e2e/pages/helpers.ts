import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, request, test, type Page } from '@playwright/test';
import { finishSignIn } from '../savedSignIn.js';

/** Shared steps of the page suites: the outbox, the provider's sign-in form, the UI language. */

export async function outboxMessages(page: Page, channel: 'sms' | 'email', to: string) {
  const answer = await page.request.get(`/cloud/outbox/messages?channel=${channel}&to=${encodeURIComponent(to)}`);
  expect(answer.ok()).toBe(true);
  const { data } = (await answer.json()) as { data: { body: string; createdAt: number; id: number }[] };
  return [...data].sort((a, b) => b.id - a.id);
}

export const SIGN_IN_CODE = /(?:code|kode|kod): (\d{6})/i;

export async function latestSmsCode(page: Page, phone: string): Promise<string> {
  // The newest sign-in code (the same phone also gets rule notifications), in any language.
  const code = (await outboxMessages(page, 'sms', phone)).map((message) => message.body.match(SIGN_IN_CODE)?.[1]).find(Boolean);
  if (!code) throw new Error(`no SMS code for ${phone} in the outbox`);
  return code;
}

/** The id of the newest e-mail to `email` (0 when none), to tell a new one apart. */
export async function newestEmailId(page: Page, email: string): Promise<number> {
  return (await outboxMessages(page, 'email', email))[0]?.id ?? 0;
}

/** The reset link of an e-mail to `email` newer than `afterId`. */
export async function resetLinkSince(page: Page, email: string, afterId: number): Promise<string> {
  const newest = (await outboxMessages(page, 'email', email))[0];
  expect(newest && newest.id > afterId).toBe(true);
  const link = newest!.body.match(/https?:\/\/\S+\/reset-password#\S+/)?.[0];
  if (!link) throw new Error(`no reset link in the e-mail to ${email}`);
  return link;
}

/**
 * After `page.goto(a protected page)` has reached the identity provider's form (the portal's /login sends
 * the browser there): signs in, from the role's saved sign-in when there is one (../savedSignIn.ts), else
 * on the form.
 */
export async function signInAtProvider(page: Page, email: string, password: string): Promise<void> {
  await finishSignIn(page, email, password);
}

/** Always on the provider's form: for tests of the sign-in itself and tests that end or change a session. */
export { signInWithForm } from '../savedSignIn.js';

export { matchStoredLanguage, useLanguage } from '../storedLanguage.js';

/**
 * Pauses the demo simulation and connects a site, as a system admin, from a request context of its own:
 * the auth server's session cookie must not reach the page's browser context (it would sign the page in).
 * The e2e cloud runs with the simulation off, so it stays paused.
 */
export async function holdSiteOnline(_page: Page, siteUuid: string, admin: { email: string; password: string }) {
  const api = await request.newContext({ baseURL: test.info().project.use.baseURL });
  const login = await api.post('/cloud/auth/login', { data: { piscadaId: admin.email, password: admin.password } });
  expect(login.ok()).toBe(true);
  const { accessTokens } = (await login.json()) as { accessTokens: Record<string, string> };
  const token = Object.entries(accessTokens).find(([host]) => host.startsWith('alarms.'))?.[1];
  const headers = { authorization: `Bearer ${token}` };
  expect((await api.put('/cloud/alarms/simulation', { headers, data: { running: false } })).ok()).toBe(true);
  const connected = await api.post(`/cloud/alarms/simulation/sites/${siteUuid}/connection`, {
    headers,
    data: { webpmpReady: true },
  });
  expect(connected.ok()).toBe(true);
  return async () => {
    await api.dispose();
  };
}

/** axe-core on the current page: no violation of serious or critical impact. */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  // Evaluated by the test driver, not a <script> tag: the portal's CSP refuses inline scripts.
  await page.evaluate(readFileSync(fileURLToPath(import.meta.resolve('axe-core/axe.min.js')), 'utf8'));
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(): Promise<{ violations: { id: string; impact: string; nodes: unknown[] }[] }> } }).axe;
    const result = await axe.run();
    return result.violations.map((violation) => ({ id: violation.id, impact: violation.impact, nodes: violation.nodes.length }));
  });
  expect(violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')).toEqual([]);
}
