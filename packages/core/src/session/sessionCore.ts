import { createStore, type StoreApi } from 'zustand/vanilla';
import { logout, renewSession, userInfo } from '../auth/authClient.js';
import type { AccessTokens, SignedIn } from '../contract/auth.js';
import type { UserData } from '../contract/user.js';
import { findAccessToken } from '../http/accessTokens.js';
import type { HttpClient } from '../http/createHttpClient.js';
import { HttpError } from '../http/HttpError.js';
import type { Realtime } from '../realtime/createRealtime.js';
import type { KeyValueStorage, SessionSnapshot, SignOutReason, Timers } from './types.js';
import { forgetStoredUser, readStoredUser, storeUser } from './userStorage.js';

/** Spec: POST {auth}/session/renew every 3,600,000 ms. */
export const SESSION_RENEW_INTERVAL_MS = 3_600_000;

export interface CoreDeps {
  http: HttpClient;
  storage: KeyValueStorage | null;
  timers: Timers;
  realtime: () => Realtime | null;
  renewIntervalMs: number;
  /** Failures of background work (renewal) that do not end the session. */
  onBackgroundError: (error: unknown) => void;
}

/** What a sign-in hands the session: service tokens, user, and a realtime custom token if any. */
export interface Credentials {
  accessTokens: AccessTokens;
  expiresAt: number | null;
  user: UserData | null;
  customToken: string | null;
  /** Whether POST /session/renew can renew these (a cookie session or an auth-service token). */
  renewable: boolean;
}

export function credentialsOf(answer: SignedIn): Credentials {
  return { accessTokens: answer.accessTokens, expiresAt: answer.expiresAt, user: answer.user, customToken: answer.token, renewable: true };
}

/**
 * The session's state machine without the identity-provider parts: tokens in memory, user data in
 * the store and local storage, the hourly renewal, and sign-out. Every sign-in captures the
 * `generation`; a sign-out bumps it, so a sign-in that finishes after a sign-out is discarded.
 */
export function createSessionCore(deps: CoreDeps) {
  const storedUser = readStoredUser(deps.storage);
  const store: StoreApi<SessionSnapshot> = createStore<SessionSnapshot>()(() => ({
    state: 'loading',
    user: storedUser,
    uid: storedUser?.uid ?? null,
    expiresAt: null,
    tokensVersion: 0,
    signOutReason: null,
  }));
  let tokens: AccessTokens | null = null;
  let generation = 0;
  let renewHandle: unknown = null;

  const stopRenewal = () => {
    if (renewHandle !== null) deps.timers.clearInterval(renewHandle);
    renewHandle = null;
  };
  const startRenewal = () => {
    stopRenewal();
    renewHandle = deps.timers.setInterval(() => {
      renew().catch(deps.onBackgroundError);
    }, deps.renewIntervalMs);
  };

  /** Makes `credentials` the session's, unless a sign-out came first. */
  async function establish(credentials: Credentials, startedAt: number): Promise<void> {
    const realtime = deps.realtime();
    if (realtime && credentials.customToken) {
      try {
        await realtime.signIn(credentials.customToken);
      } catch (error) {
        if (startedAt === generation) await signOut({ reason: 'sign-in-failed' });
        throw new Error('Failed to get firebase login token', { cause: error });
      }
    }
    if (startedAt !== generation) {
      await realtime?.signOut().catch(() => undefined);
      throw new Error('Sign-in was overtaken by a sign-out');
    }
    tokens = credentials.accessTokens;
    const user = credentials.user ?? store.getState().user;
    if (credentials.user) storeUser(deps.storage, credentials.user);
    store.setState((previous) => ({
      state: 'signed-in',
      user,
      uid: user?.uid ?? null,
      expiresAt: credentials.expiresAt,
      tokensVersion: previous.tokensVersion + 1,
      signOutReason: null,
    }));
    if (credentials.renewable) startRenewal();
    else stopRenewal();
  }

  /** Local sign-out: backend logout (when the user asked), tokens, realtime, stored user. */
  async function signOut({ reason }: { reason: SignOutReason }): Promise<void> {
    const wasSignedIn = store.getState().state === 'signed-in';
    generation += 1;
    stopRenewal();
    // The backend logout is idempotent; a browser may hold the cookie even before 'signed-in'.
    // After the provider's sign-out too: else start() would resume the cookie session on reload.
    if (reason === 'user' || reason === 'provider') await logout(deps.http).catch(() => undefined);
    tokens = null;
    await deps.realtime()?.signOut().catch(() => undefined);
    forgetStoredUser(deps.storage);
    store.setState((previous) => ({
      state: 'signed-out',
      user: null,
      uid: null,
      expiresAt: null,
      tokensVersion: previous.tokensVersion + (wasSignedIn ? 1 : 0),
      signOutReason: reason,
    }));
  }

  /** POST /session/renew: fresh tokens; a 401 ends the session. */
  async function renew(): Promise<void> {
    const startedAt = generation;
    try {
      const answer = await renewSession(deps.http);
      if (startedAt !== generation) return;
      tokens = answer.accessTokens;
      store.setState((previous) => ({ expiresAt: answer.expiresAt, tokensVersion: previous.tokensVersion + 1 }));
    } catch (error) {
      if (error instanceof HttpError && error.status === 401) {
        if (startedAt === generation) await signOut({ reason: 'session-expired' });
        return;
      }
      throw error;
    }
  }

  /** POST /session/userinfo: fresh user data; a 4xx ends the session (answers null). */
  async function refreshUser(): Promise<UserData | null> {
    const startedAt = generation;
    try {
      const user = await userInfo(deps.http);
      if (startedAt !== generation) return null;
      storeUser(deps.storage, user);
      store.setState({ user, uid: user.uid });
      return user;
    } catch (error) {
      if (error instanceof HttpError && error.status >= 400 && error.status < 500) {
        if (startedAt === generation) await signOut({ reason: 'user-refresh-failed' });
        return null;
      }
      throw error;
    }
  }

  return {
    store,
    establish,
    signOut,
    renew,
    refreshUser,
    stopRenewal,
    generation: () => generation,
    accessTokens: () => tokens,
    tokenFor: (service: string) => findAccessToken(tokens, service),
    /** Leaves 'loading' for 'signed-out' (nothing to resume). */
    settle(reason: SignOutReason) {
      if (store.getState().state !== 'loading') return;
      forgetStoredUser(deps.storage);
      store.setState({ state: 'signed-out', user: null, uid: null, signOutReason: reason });
    },
  };
}

export type SessionCore = ReturnType<typeof createSessionCore>;
