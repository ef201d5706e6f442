import type { SessionSnapshot } from '@varde/core';
import type { PortalRoute } from './routes.js';

export type GuardDecision =
  | { kind: 'render' }
  /** The session is still starting: show a loading state. */
  | { kind: 'wait' }
  /** No session or no stored user data: to /login with the current address (prompt as given). */
  | { kind: 'login'; prompt?: 'none' | 'login' }
  /** A module gate said no. */
  | { kind: 'redirect'; to: string };

/**
 * Route guard and module gate (core-shell §6). A module gate sends to /sites, except the sites gate
 * itself, which sends to /account-settings (a page every signed-in user may see, so no loop).
 */
export function guardRoute(route: PortalRoute, snapshot: Pick<SessionSnapshot, 'state' | 'user' | 'signOutReason'>): GuardDecision {
  if (!route.needsLogin) return { kind: 'render' };
  if (snapshot.state === 'loading') return { kind: 'wait' };
  if (snapshot.state === 'signed-out' || !snapshot.user) {
    const prompt = loginPromptAfter(snapshot.signOutReason);
    return prompt ? { kind: 'login', prompt } : { kind: 'login' };
  }
  if (route.module && snapshot.user.moduleAccesses[route.module] !== true) {
    return { kind: 'redirect', to: route.module === 'sites' ? '/account-settings' : '/sites' };
  }
  return { kind: 'render' };
}

/**
 * Which prompt the next sign-in gets: `none` when the provider said the user signed out (spec);
 * `login` when the backend ended the session (renew 401, user refresh 4xx), so the provider asks for
 * the password again instead of silently handing the same expired session back.
 */
export function loginPromptAfter(reason: SessionSnapshot['signOutReason']): 'none' | 'login' | undefined {
  if (reason === 'provider') return 'none';
  if (reason === 'session-expired' || reason === 'user-refresh-failed') return 'login';
  return undefined;
}
