import type { UserData } from '../contract/user.js';

export type SessionState = 'loading' | 'signed-out' | 'signed-in';

/** Why the session last went to signed-out; the portal picks its redirect from it. */
export type SignOutReason =
  /** The user asked (logout). */
  | 'user'
  /** The identity provider reports the user signed out (session monitor): re-login with prompt none. */
  | 'provider'
  /** POST /session/renew answered 401. */
  | 'session-expired'
  /** Refreshing user data answered 4xx. */
  | 'user-refresh-failed'
  /** The startup silent sign-in failed. */
  | 'silent-sign-in-failed'
  /** A sign-in attempt failed half way (e.g. the realtime sign-in). */
  | 'sign-in-failed'
  /** Nothing signed in yet (no stored session to resume). */
  | 'no-session';

/** What the session's zustand store holds. Tokens are deliberately not in it (see tokenFor). */
export interface SessionSnapshot {
  state: SessionState;
  user: UserData | null;
  uid: string | null;
  /** When the current access tokens expire, ms since epoch (null when unknown). */
  expiresAt: number | null;
  /** Bumped whenever the access tokens change, so views can refetch. */
  tokensVersion: number;
  signOutReason: SignOutReason | null;
}

/** The parts of Web Storage the session uses (localStorage in browsers; a Map in tests). */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface Timers {
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

/** The SMS step of a password sign-in: whose code, where it went (masked) and the ticket to ask for another. */
export interface SmsStep {
  uid: string;
  /** `+47 ••••••67`; null when the cloud did not say. */
  phoneHint: string | null;
  /** Null: the cloud offers no "send again" (an older cloud). */
  resendTicket: string | null;
}

export type PasswordSignInResult = ({ smsRequired: true } & SmsStep) | { smsRequired: false; user: UserData };
