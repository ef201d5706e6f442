import { request, test, type Page } from '@playwright/test';
import { demoUsers } from '../../packages/server/src/seed/demoUsers.js';

/**
 * The portal speaks the signed-in user's stored language (issue 26, item 5), and the suites share one
 * cloud: a test that wants a language makes it the user's stored one before signing in, and every
 * sign-in puts back the demo seed's (Norwegian) unless the test asked otherwise, so no test sees the
 * language an earlier one chose.
 */
type Language = 'no' | 'en' | 'se';

const wanted = new WeakMap<Page, Language>();

/** The language the test wants: on the signed-out pages (the device's choice) and, after sign-in, stored on the account. */
export async function useLanguage(page: Page, language: Language): Promise<void> {
  wanted.set(page, language);
  // Only the first load: a choice made later in the test lasts, as on a real device.
  await page.addInitScript((code) => {
    if (!window.localStorage.getItem('varde.language')) window.localStorage.setItem('varde.language', code);
  }, language);
}

/** Only the account's stored language (the device keeps its own, Norwegian by default). */
export function useStoredLanguage(page: Page, language: Language): void {
  wanted.set(page, language);
}

const SEED_LANGUAGE: Language = 'no';
const demoEmails = new Set<string>(Object.values(demoUsers).map((user) => user.email));
const smsEmails = new Set<string>(Object.values(demoUsers).filter((user) => 'smsPhone' in user).map((user) => user.email));

/** Before a sign-in as `email`: its stored language is the one the test wants (or the seed's, for demo users). */
export async function matchStoredLanguage(page: Page, email: string, password: string): Promise<void> {
  const language = wanted.get(page) ?? (demoEmails.has(email) ? SEED_LANGUAGE : null);
  if (!language) return;
  // A context of its own: the API sign-in's cookie must not reach the page.
  const api = await request.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const signIn = async (user: { email: string; password: string }) => {
      const answer = await api.post('/cloud/auth/login', { data: { piscadaId: user.email, password: user.password } });
      if (!answer.ok()) throw new Error(`API sign-in as ${user.email}: ${answer.status()}`);
      const body = (await answer.json()) as { uid: string; accessTokens: Record<string, string> };
      const token = Object.entries(body.accessTokens).find(([host]) => host.startsWith('users.'))?.[1];
      return { uid: body.uid, headers: { authorization: `Bearer ${token}` } };
    };
    let uid: string;
    let headers: Record<string, string>;
    if (smsEmails.has(email)) {
      // A sign-in as the SMS user would send a code: their administrator sets it instead.
      ({ headers } = await signIn(demoUsers.admin));
      const found = await api.get(`/cloud/users/users?email=${encodeURIComponent(email)}`, { headers });
      uid = ((await found.json()) as { data: { uid: string }[] }).data[0]!.uid;
    } else {
      ({ uid, headers } = await signIn({ email, password }));
    }
    const patch = await api.patch(`/cloud/users/users/${uid}`, { data: { language }, headers });
    if (!patch.ok()) throw new Error(`could not store ${language} for ${email}: ${patch.status()} ${await patch.text()}`);
    await api.post('/cloud/auth/session/logout'); // by the context's cookie: that session ends
  } finally {
    await api.dispose();
  }
}
