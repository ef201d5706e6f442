import type { SessionSnapshot } from '@varde/core';
import type { ModuleKey } from '@varde/core/contract';
import { landingFor, missingModules, needsAdministrator } from './pageAccess.js';
import type { PortalRoute } from './routes.js';

export type GuardDecision =
  | { kind: 'render' }
  /** The session is still starting: show a loading state. */
  | { kind: 'wait' }
  /** No session or no stored user data: to /login with the current address (prompt as given). */
  | { kind: 'login'; prompt?: 'none' | 'login' }
  /** The user lacks module accesses the page needs (pageAccess.ts): the page says which. */
  | { kind: 'blocked'; missing: ModuleKey[]; landing: string }
  /** The page is for administrators (pageAccess.ts, ADMIN_PAGES) and the user is none. */
  | { kind: 'admin-only'; landing: string };

/**
 * Route guard and module gate (core-shell §6), from the one access table (pageAccess.ts). A page the
 * user lacks a module for is not silently left: it says what access it needs, and links to the
 * user's landing page (decision: the spec's silent redirect to /sites confused users).
 */
export function guardRoute(route: PortalRoute, snapshot: Pick<SessionSnapshot, 'state' | 'user' | 'signOutReason'>): GuardDecision {
  if (!route.needsLogin) return { kind: 'render' };
  if (snapshot.state === 'loading') return { kind: 'wait' };
  if (snapshot.state === 'signed-out' || !snapshot.user) {
    const prompt = loginPromptAfter(snapshot.signOutReason);
    return prompt ? { kind: 'login', prompt } : { kind: 'login' };
  }
  const missing = missingModules(snapshot.user, route.path);
  if (missing.length > 0) return { kind: 'blocked', missing, landing: landingFor(snapshot.user) };
  if (needsAdministrator(snapshot.user, route.path)) return { kind: 'admin-only', landing: landingFor(snapshot.user) };
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
