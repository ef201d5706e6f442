import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  chooseUserLanguage,
  createSession,
  followUserLanguage,
  getUser,
  i18n,
  localSettings,
  requestResetPassword,
  setLanguage,
  type Language,
  type Session,
} from './support.js';
import { demoUsers, latestSmsCode, outbox, startCloud, type Cloud } from './helpers/cloud.js';
import { memoryStorage } from './helpers/fakes.js';

/**
 * Issue 26, item 5: one language per user. What the UI shows after sign-in is the account's stored
 * language; choosing one stores it; the user's mails and SMS come in the same language. Per language.
 */
let cloud: Cloud;
const sessions: Session[] = [];
const stops: (() => void)[] = [];

beforeAll(async () => {
  cloud = await startCloud();
});
afterEach(async () => {
  stops.splice(0).forEach((stop) => stop());
  await Promise.all(sessions.splice(0).map((session) => session.dispose()));
  await setLanguage('no');
});
afterAll(async () => {
  await cloud.close();
});

async function signedIn(user: { email: string; password: string }): Promise<Session> {
  const session = createSession({ settings: localSettings(cloud.url), storage: memoryStorage(), oidc: false });
  sessions.push(session);
  await session.start({ silent: false });
  const first = await session.signInWithPassword(user.email, user.password);
  if (first.smsRequired) await session.verifySms(first.uid, await latestSmsCode(cloud, demoUsers.sms.smsPhone));
  return session;
}

/** The UI as the portal runs it: core's i18n follows the session's user. */
function follow(session: Session): Language[] {
  const shown: Language[] = [];
  stops.push(followUserLanguage(session, async (language) => {
    shown.push(language);
    await setLanguage(language);
  }));
  return shown;
}

const RESET_SUBJECT: Record<Language, RegExp> = { no: /Nytt passord/, en: /Reset your Varde password/, se: /Nytt lösenord/ };

describe.each(['no', 'en', 'se'] as const)('stored language %s', (language) => {
  it('is what the UI shows after sign-in, and what the reset mail is written in', async () => {
    const own = await signedIn(demoUsers.user);
    await chooseUserLanguage(own, language, () => undefined); // stored, nothing shown
    await own.dispose();

    const session = await signedIn(demoUsers.user);
    const shown = follow(session);
    expect(session.user?.language).toBe(language);
    await expect.poll(() => i18n.language).toBe(language);
    expect(shown).toEqual([language]);

    await requestResetPassword(session.http, demoUsers.user.email);
    const newest = (await outbox(cloud, { channel: 'email', to: demoUsers.user.email }))[0] as { subject?: string; body: string };
    expect(newest.subject).toMatch(RESET_SUBJECT[language]);
  });
});

describe('choosing a language', () => {
  it('shows it at once and stores it on the account; a new sign-in shows it, and the SMS code comes in it', async () => {
    const session = await signedIn(demoUsers.sms);
    const shown = follow(session);
    expect(shown).toEqual(['no']); // the demo seed's
    await chooseUserLanguage(session, 'se', async (language) => void (await setLanguage(language)));
    expect(i18n.language).toBe('se');
    expect((await getUser(session.http, session.uid!)).language).toBe('se');
    expect(session.user?.language).toBe('se');

    const next = await signedIn(demoUsers.sms); // its code went by SMS, in the stored language
    expect((await outbox(cloud, { channel: 'sms', to: demoUsers.sms.smsPhone }))[0]!.body).toMatch(/inloggningskod/);
    expect(next.user?.language).toBe('se');
    await chooseUserLanguage(next, 'no', () => undefined);
  });

  it('puts the stored language back on screen when storing fails, and says so', async () => {
    let offline = false; // the network drops between sign-in and the choice
    const session = createSession({
      settings: localSettings(cloud.url),
      storage: memoryStorage(),
      oidc: false,
      fetch: (input, init) => (offline ? Promise.reject(new TypeError('Failed to fetch')) : fetch(input, init)),
    });
    sessions.push(session);
    await session.start({ silent: false });
    await session.signInWithPassword(demoUsers.viewer.email, demoUsers.viewer.password);
    follow(session);
    await expect.poll(() => i18n.language).toBe('no');
    offline = true;
    await expect(chooseUserLanguage(session, 'en', async (language) => void (await setLanguage(language)))).rejects.toThrow();
    expect(i18n.language).toBe('no');
    offline = false;
    expect((await getUser(session.http, session.uid!)).language).toBe('no');
  });

  it('signed out, only shows the language (there is no account to store it on)', async () => {
    const session = createSession({ settings: localSettings(cloud.url), storage: memoryStorage(), oidc: false });
    sessions.push(session);
    await session.start({ silent: false });
    const shown: Language[] = [];
    await chooseUserLanguage(session, 'en', (language) => void shown.push(language));
    expect(shown).toEqual(['en']);
  });
});
