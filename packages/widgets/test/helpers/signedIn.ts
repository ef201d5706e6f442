/** A shared session signed in against the reference cloud, with the realtime database (status tags, proxy logins). */
import { createSession, localSettings, setSharedSession, type Session } from '@varde/core';
import type { Cloud } from './cloud.js';

export async function signedInSharedSession(cloud: Cloud, user: { email: string; password: string }): Promise<Session> {
  const session = createSession({ settings: localSettings(cloud.url), oidc: false, storage: null, fetch: globalThis.fetch });
  await session.start({ silent: false });
  await session.signInWithPassword(user.email, user.password);
  setSharedSession(session);
  return session;
}
