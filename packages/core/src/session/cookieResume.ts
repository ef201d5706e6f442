import { hasCookieSession, renewSession, userInfo } from '../auth/authClient.js';
import { customTokenResponse, type AccessTokens } from '../contract/auth.js';
import { findAccessToken } from '../http/accessTokens.js';
import type { HttpClient } from '../http/createHttpClient.js';
import type { SessionCore } from './sessionCore.js';
import type { SignOutReason } from './types.js';

/**
 * Startup fallback after a password (+ SMS) sign-in: the identity provider knows nothing of that
 * session, but the auth server's session cookie (set by /login or /verifySMS) outlives a page
 * reload. POST /session/renew with the cookie gives fresh tokens; the user data and a realtime
 * custom token follow, and the session is established exactly as a password sign-in does.
 * It asks GET /session first, so a signed-out visitor's start logs no 401 (a browser shows every 4xx
 * on the console). Anything failing leaves 'loading' for 'signed-out' with `failureReason`.
 * `startedAt` is the generation when startup began: a sign-out meanwhile wins.
 */
export async function resumeCookieSession(
  core: SessionCore,
  http: HttpClient,
  options: { startedAt: number; wantsCustomToken: boolean; failureReason: SignOutReason },
): Promise<boolean> {
  const { startedAt } = options;
  try {
    // No tokens in memory yet, so these go by the cookie alone (credentials 'include').
    if (!(await hasCookieSession(http))) throw new Error('No cookie session');
    const renewed = await renewSession(http);
    const user = await userInfo(http);
    const customToken = options.wantsCustomToken ? await fetchCustomToken(http, renewed.accessTokens) : null;
    await core.establish(
      { accessTokens: renewed.accessTokens, expiresAt: renewed.expiresAt, user, customToken, renewable: true },
      startedAt,
    );
    return true;
  } catch {
    // establish signs out itself when the realtime sign-in fails; settle only leaves 'loading'.
    if (startedAt === core.generation()) core.settle(options.failureReason);
    return false;
  }
}

/** GET /customToken with the auth service's bearer from the renewed tokens (not yet the session's). */
async function fetchCustomToken(http: HttpClient, accessTokens: AccessTokens): Promise<string> {
  const answer = await http.request('auth', '/customToken', {
    schema: customTokenResponse,
    auth: false,
    headers: { authorization: `Bearer ${findAccessToken(accessTokens, 'auth')}` },
  });
  return answer.token;
}
