import { i18n } from '../i18n/i18n.js';
import type { UserManager } from 'oidc-client-ts';
import { login } from '../auth/authClient.js';
import type { HttpClient } from '../http/createHttpClient.js';
import { credentialsOf, type SessionCore } from './sessionCore.js';

/** The parts of oidc-client-ts's UserManager the session uses (a real UserManager fits). */
export type OidcUserManager = Pick<
  UserManager,
  | 'signinRedirect'
  | 'signinRedirectCallback'
  | 'signinSilent'
  | 'signinSilentCallback'
  | 'signoutRedirect'
  | 'removeUser'
  | 'getUser'
  | 'stopSilentRenew'
> & { events: Pick<UserManager['events'], 'addUserSignedOut'> };

export interface SignInRedirectOptions {
  /** 'login' forces the credentials form; 'none' fails instead of showing it. */
  prompt?: 'login' | 'none';
  /** Where to go after the callback; returned by completeSignIn. */
  redirect?: string;
}

/** The round-tripped OIDC state: only the redirect target. */
interface RedirectState {
  redirect?: string;
}

/**
 * Browser sign-in through the identity provider. The ID token is exchanged with POST {auth}/login
 * {idToken} for the custom token, service tokens and user data, which the core then adopts.
 */
export function createOidcFlows(core: SessionCore, http: HttpClient, userManager: () => OidcUserManager) {
  let redirecting = false;
  let watching: OidcUserManager | null = null;

  /** The provider reports the user signed out (session monitor): end the local session too. */
  function watchProvider(manager: OidcUserManager) {
    if (watching === manager) return;
    watching = manager;
    manager.events.addUserSignedOut(() => {
      if (core.store.getState().state !== 'signed-in') return;
      void core.signOut({ reason: 'provider' }).then(() => manager.removeUser().catch(() => undefined));
    });
  }

  function manager(): OidcUserManager {
    const found = userManager();
    watchProvider(found);
    return found;
  }

  async function exchange(idToken: string | undefined, startedAt: number): Promise<void> {
    if (!idToken) throw new Error('The identity provider returned no ID token');
    const answer = await login(http, { idToken });
    if (answer.requireSmsValidation) throw new Error('The identity provider sign-in was not complete (SMS step)');
    await core.establish(credentialsOf(answer), startedAt);
  }

  async function trySignInSilent(): Promise<boolean> {
    const startedAt = core.generation();
    const oidc = manager();
    try {
      const user = await oidc.signinSilent();
      await exchange(user?.id_token, startedAt);
      return true;
    } catch {
      await oidc.removeUser().catch(() => undefined);
      return false;
    }
  }

  return {
    async signInRedirect(options: SignInRedirectOptions = {}): Promise<void> {
      if (redirecting) throw new Error('Login redirect already initialized');
      redirecting = true;
      const state: RedirectState = options.redirect ? { redirect: options.redirect } : {};
      try {
        // The provider's pages speak the portal's language (its code `se` is Swedish, `sv` in BCP 47).
        const uiLocales = { no: 'nb', en: 'en', se: 'sv' }[i18n.language] ?? 'nb';
        await manager().signinRedirect({ ...(options.prompt ? { prompt: options.prompt } : {}), state, ui_locales: uiLocales });
      } catch (error) {
        redirecting = false;
        throw error;
      }
    },

    /** On /login/callback: finishes the code flow and signs in; resolves to the saved redirect. */
    async completeSignIn(url?: string): Promise<string | undefined> {
      const startedAt = core.generation();
      try {
        const user = await manager().signinRedirectCallback(url);
        await exchange(user.id_token, startedAt);
        return (user.state as RedirectState | undefined)?.redirect;
      } catch (error) {
        if (core.store.getState().state !== 'signed-in') await core.signOut({ reason: 'sign-in-failed' });
        throw error;
      } finally {
        redirecting = false;
      }
    },

    /** On /login/silent-callback (inside the hidden frame). */
    async completeSilentSignIn(url?: string): Promise<void> {
      await manager().signinSilentCallback(url);
    },

    /** Startup: a sign-in without showing anything. False (and signed out) when it fails. */
    async signInSilent(): Promise<boolean> {
      const startedAt = core.generation();
      if (await trySignInSilent()) return true;
      if (startedAt === core.generation()) await core.signOut({ reason: 'silent-sign-in-failed' });
      return false;
    },

    /** Like signInSilent, but a failure leaves the state alone (startup then tries the cookie session). */
    trySignInSilent,

    /**
     * After the local sign-out: end the provider session too when there is one to end (or when
     * forced: the provider may still hold a session the tab no longer knows of); else just forget
     * the stored provider user.
     */
    async signOutAtProvider(force: boolean): Promise<void> {
      const oidc = manager();
      const user = await oidc.getUser().catch(() => null);
      if (!force && !user) {
        await oidc.removeUser().catch(() => undefined);
        return;
      }
      await oidc.signoutRedirect(user?.id_token ? { id_token_hint: user.id_token } : {});
    },

    stop() {
      watching?.stopSilentRenew();
    },
  };
}

export type OidcFlows = ReturnType<typeof createOidcFlows>;
