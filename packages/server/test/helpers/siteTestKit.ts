import type { SignedIn } from '@varde/core/contract';
import { demoUsers } from '../../src/seed/demoUsers.js';
import { bearer, call, signIn } from './http.js';
import type { Cloud } from './startCloud.js';

/** Signs in a demo user by key (password, no SMS). */
export function signInDemo(cloud: Cloud, key: keyof typeof demoUsers): Promise<SignedIn> {
  return signIn(cloud, demoUsers[key].email, demoUsers[key].password);
}

/** The caller's token for a service (the key that starts with the service name). */
export function tokenFor(signedIn: SignedIn, service: string): string {
  const key = Object.keys(signedIn.accessTokens).find((host) => host.startsWith(`${service}.`));
  if (!key) throw new Error(`no token for ${service}`);
  return signedIn.accessTokens[key]!;
}

/** GET/POST a service route as the signed-in user. */
export function callAs(cloud: Cloud, signedIn: SignedIn, service: string, path: string, init: { method?: string; json?: unknown } = {}) {
  return call(cloud, `/cloud/${service}${path}`, { ...init, headers: bearer(tokenFor(signedIn, service)) });
}

/** The firebase ID token the portal's realtime sign-in gets for this user (login_firebase takes it). */
export async function firebaseIdToken(cloud: Cloud, signedIn: SignedIn): Promise<string> {
  const answer = await call(cloud, '/identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken?key=k', {
    json: { token: signedIn.token, returnSecureToken: true },
  });
  if (answer.status !== 200) throw new Error(`custom token sign-in failed: ${answer.status}`);
  return answer.body.idToken as string;
}
