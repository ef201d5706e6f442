export { createSession, type Session, type SessionOptions } from './createSession.js';
export { SESSION_RENEW_INTERVAL_MS, type Credentials } from './sessionCore.js';
export type { OidcUserManager, SignInRedirectOptions } from './oidcFlows.js';
// oidc.ts (oidc-client-ts) is loaded on first use (lazyUserManager.ts); re-exporting it here would load it with core.
export type { OidcSettingsInput } from './oidc.js';
export { USER_STORAGE_KEY } from './userStorage.js';
export type {
  SessionState,
  SessionSnapshot,
  SignOutReason,
  KeyValueStorage,
  Timers,
  PasswordSignInResult,
} from './types.js';
export { sharedSessionStore, setSharedSession, sharedSession } from './sharedSession.js';
export {
  createInactivityMonitor,
  INACTIVITY_LIMIT_MS,
  INACTIVITY_CHECK_MS,
  type InactivityMonitor,
  type InactivityMonitorOptions,
} from './inactivityMonitor.js';
