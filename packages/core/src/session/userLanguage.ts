import type { Language } from '../config/types.js';
import { updateUser } from '../users/usersClient.js';
import type { Session } from './createSession.js';

/** Puts a language on screen (core's i18n, the page's lang, the device's remembered choice). */
export type ApplyLanguage = (language: Language) => unknown;

/**
 * One language per user: while a user is known (signed in, or resuming with their stored data), the UI
 * speaks the language stored on their account, which is also the language of their e-mails and SMS.
 * Calls `apply` now and whenever the user or their stored language changes; returns the unsubscribe.
 */
export function followUserLanguage(session: Pick<Session, 'store'>, apply: ApplyLanguage): () => void {
  let applied: string | null = null;
  const follow = () => {
    const { state, user } = session.store.getState();
    if (state === 'signed-out' || !user) {
      applied = null; // the next user's language applies even when it is the same code
      return;
    }
    const key = `${user.uid}:${user.language}`;
    if (key === applied) return;
    applied = key;
    void apply(user.language);
  };
  follow();
  return session.store.subscribe(follow);
}

/**
 * The user chooses a language (account menu or account page): shown at once and, when signed in, stored
 * on the account, so both places and the messages agree. If storing fails the stored language is shown
 * again and the error is thrown for the caller to report.
 */
export async function chooseUserLanguage(session: Session, language: Language, apply: ApplyLanguage): Promise<void> {
  await apply(language);
  const user = session.store.getState().state === 'signed-in' ? session.user : null;
  if (!user || user.language === language) return;
  try {
    await updateUser(session.http, user.uid, { language });
  } catch (error) {
    await apply(user.language);
    throw error;
  }
  // The session's user data (and so followUserLanguage) learns the new stored language.
  await session.refreshUser().catch(() => undefined);
}
