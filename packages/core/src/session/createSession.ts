import type { StoreApi } from 'zustand/vanilla';
import { login, resendSms, verifySms as verifySmsCode } from '../auth/authClient.js';
import type { AccessTokens } from '../contract/auth.js';
import type { UserData } from '../contract/user.js';
import { serviceBaseUrl } from '../config/serviceUrls.js';
import type { Settings } from '../config/types.js';
import { createHttpClient, type HttpClient } from '../http/createHttpClient.js';
import { createRealtime, type Realtime } from '../realtime/createRealtime.js';
import { resumeCookieSession } from './cookieResume.js';
import { browserOrigin, browserSessionStorage } from './browserContext.js';
import { createLazyUserManager } from './lazyUserManager.js';
import { createOidcFlows, type OidcUserManager, type SignInRedirectOptions } from './oidcFlows.js';
import { createSessionCore, credentialsOf, SESSION_RENEW_INTERVAL_MS } from './sessionCore.js';
import type { KeyValueStorage, PasswordSignInResult, SessionSnapshot, SessionState, SmsStep, Timers } from './types.js';
import { defaultUserStorage } from './userStorage.js';

export interface SessionOptions {
  settings: Settings;
  fetch?: typeof fetch;
  /** Where user data is persisted; default localStorage when present. null: nowhere. */
  storage?: KeyValueStorage | null;
  timers?: Timers;
  /** The realtime database; default one made from settings.firebase on first use. false: none. */
  realtime?: Realtime | false;
  /** The identity-provider client; default a UserManager in browsers. false: none (Node, CLI). */
  oidc?: OidcUserManager | false;
  /** Page origin for the OIDC callback URLs; default location.origin. */
  origin?: string;
  renewIntervalMs?: number;
  requestTimeoutMs?: number;
  /** Failures of background renewals that do not end the session (network down, 5xx). */
  onBackgroundError?: (error: unknown) => void;
}

export interface Session {
  readonly settings: Settings;
  /** Calls services with this session's tokens. */
  readonly http: HttpClient;
  /** zustand vanilla store of the snapshot (widgets subscribe to it). */
  readonly store: StoreApi<SessionSnapshot>;
  readonly state: SessionState;
  readonly user: UserData | null;
  readonly uid: string | null;
  /** The realtime database, or null when disabled. */
  readonly realtime: Realtime | null;
  onChange(listener: (snapshot: SessionSnapshot, previous: SessionSnapshot) => void): () => void;
  /** The bearer token of a service; throws 'Failed to find access token for service …'. */
  tokenFor(service: string): string;
  accessTokens(): AccessTokens | null;
  /**
   * Leaves 'loading': a silent sign-in at the provider in browsers (unless silent is false), else or
   * failing that the auth server's cookie session (POST /session/renew); signed-out when both fail.
   */
  start(options?: { silent?: boolean }): Promise<SessionState>;
  signInRedirect(options?: SignInRedirectOptions): Promise<void>;
  completeSignIn(url?: string): Promise<string | undefined>;
  completeSilentSignIn(url?: string): Promise<void>;
  signInSilent(): Promise<boolean>;
  signInWithPassword(piscadaId: string, password: string): Promise<PasswordSignInResult>;
  verifySms(uid: string, code: string): Promise<UserData>;
  /** "Send again" on the SMS step; rejects with a 429 HttpError (retryAfterSeconds) within 30 s of the last code. */
  resendSms(step: SmsStep): Promise<{ phoneHint: string | null }>;
  /** For a host page that holds tokens itself. */
  useAccessTokens(
    tokens: AccessTokens,
    options?: { user?: UserData; customToken?: string; expiresAt?: number },
  ): Promise<void>;
  renew(): Promise<void>;
  refreshUser(): Promise<UserData | null>;
  /** Backend logout, local reset, then the provider's end-session (force: even without a stored provider user). */
  signOut(options?: { force?: boolean }): Promise<void>;
  dispose(): Promise<void>;
}

const realTimers: Timers = {
  setInterval: (callback, ms) => setInterval(callback, ms),
  clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
};

export function createSession(options: SessionOptions): Session {
  const { settings } = options;
  let tokensSource: () => AccessTokens | null = () => null;
  const http = createHttpClient({
    baseUrlFor: (service) =>
      service === 'auth' ? settings.authServerUrl : service === 'login' ? settings.loginServerUrl : serviceBaseUrl(settings.services, service),
    accessTokens: () => tokensSource(),
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.requestTimeoutMs !== undefined ? { timeoutMs: options.requestTimeoutMs } : {}),
  });

  let realtime: Realtime | null = options.realtime === false ? null : (options.realtime ?? null);
  const ownsRealtime = options.realtime === undefined;
  const realtimeFor = () => {
    if (!realtime && ownsRealtime) realtime = createRealtime(settings.firebase);
    return realtime;
  };

  const core = createSessionCore({
    http,
    storage: options.storage === undefined ? defaultUserStorage() : options.storage,
    timers: options.timers ?? realTimers,
    realtime: realtimeFor,
    renewIntervalMs: options.renewIntervalMs ?? SESSION_RENEW_INTERVAL_MS,
    onBackgroundError: options.onBackgroundError ?? (() => undefined),
  });
  tokensSource = core.accessTokens;

  let userManager: OidcUserManager | null = options.oidc === false ? null : (options.oidc ?? null);
  const oidcAvailable = () => {
    if (userManager || options.oidc === false) return userManager;
    const store = browserSessionStorage();
    const origin = options.origin ?? browserOrigin();
    if (!store || !origin) return null;
    userManager = createLazyUserManager({ loginServerUrl: settings.loginServerUrl, clientId: settings.clientId, origin, store });
    return userManager;
  };
  const requireUserManager = () => {
    const found = oidcAvailable();
    if (!found) throw new Error('Identity-provider sign-in needs a browser (or an injected UserManager)');
    return found;
  };
  const oidc = createOidcFlows(core, http, requireUserManager);

  async function passwordStep<T>(step: () => Promise<T>): Promise<T> {
    try {
      return await step();
    } catch (error) {
      core.settle('sign-in-failed');
      throw error;
    }
  }

  return {
    settings,
    http,
    store: core.store,
    get state() {
      return core.store.getState().state;
    },
    get user() {
      return core.store.getState().user;
    },
    get uid() {
      return core.store.getState().uid;
    },
    get realtime() {
      return realtimeFor();
    },
    onChange: (listener) => core.store.subscribe(listener),
    tokenFor: core.tokenFor,
    accessTokens: core.accessTokens,

    async start({ silent = true } = {}) {
      if (core.store.getState().state !== 'loading') return core.store.getState().state;
      const startedAt = core.generation();
      // The provider first (its sessions keep the session monitor), then the backend cookie a
      // password sign-in left; only when both fail is the user signed out.
      const triesProvider = silent && oidcAvailable() !== null;
      if (triesProvider && (await oidc.trySignInSilent())) return core.store.getState().state;
      if (startedAt === core.generation() && core.store.getState().state === 'loading') {
        await resumeCookieSession(core, http, {
          startedAt,
          wantsCustomToken: realtimeFor() !== null,
          failureReason: triesProvider ? 'silent-sign-in-failed' : 'no-session',
        });
      }
      return core.store.getState().state;
    },
    signInRedirect: oidc.signInRedirect,
    completeSignIn: oidc.completeSignIn,
    completeSilentSignIn: oidc.completeSilentSignIn,
    signInSilent: oidc.signInSilent,

    signInWithPassword: (piscadaId, password) =>
      passwordStep(async () => {
        const startedAt = core.generation();
        const answer = await login(http, { piscadaId, password });
        if (answer.requireSmsValidation) {
          return { smsRequired: true as const, uid: answer.uid, phoneHint: answer.phoneHint ?? null, resendTicket: answer.resendTicket ?? null };
        }
        await core.establish(credentialsOf(answer), startedAt);
        return { smsRequired: false as const, user: answer.user };
      }),

    verifySms: (uid, code) =>
      passwordStep(async () => {
        const startedAt = core.generation();
        const answer = await verifySmsCode(http, { uid, smsToken: code });
        await core.establish(credentialsOf(answer), startedAt);
        return answer.user;
      }),

    async resendSms(step) {
      if (!step.resendTicket) throw new Error('This cloud cannot send a new SMS code; sign in again');
      const answer = await resendSms(http, { uid: step.uid, resendTicket: step.resendTicket });
      return { phoneHint: answer.phoneHint };
    },

    async useAccessTokens(tokens, pushed = {}) {
      await core.establish(
        {
          accessTokens: tokens,
          expiresAt: pushed.expiresAt ?? null,
          user: pushed.user ?? null,
          customToken: pushed.customToken ?? null,
          renewable: false,
        },
        core.generation(),
      );
    },

    renew: core.renew,
    refreshUser: core.refreshUser,

    async signOut({ force = false } = {}) {
      await core.signOut({ reason: 'user' });
      if (oidcAvailable()) await oidc.signOutAtProvider(force);
    },

    async dispose() {
      core.stopRenewal();
      oidc.stop();
      if (ownsRealtime) await realtime?.dispose();
    },
  };
}
