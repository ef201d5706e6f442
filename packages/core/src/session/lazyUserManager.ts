import type { OidcSettingsInput } from './oidc.js';
import type { OidcUserManager } from './oidcFlows.js';

type UserManager = Awaited<ReturnType<typeof import('./oidc.js')['createUserManager']>>;
type SignedOutListener = Parameters<OidcUserManager['events']['addUserSignedOut']>[0];

/**
 * The identity provider's client (oidc-client-ts), loaded when a sign-in through the provider first
 * needs it: a host page whose users sign in with a password never downloads it. Every call waits for
 * it; a sign-out listener added before it loaded is attached once it has.
 */
export function createLazyUserManager(input: OidcSettingsInput): OidcUserManager {
  let loaded: UserManager | null = null;
  const listeners: SignedOutListener[] = [];
  let loading: Promise<UserManager> | null = null;
  const real = (): Promise<UserManager> =>
    (loading ??= import('./oidc.js').then(({ createUserManager }) => {
      loaded = createUserManager(input);
      for (const listener of listeners) loaded.events.addUserSignedOut(listener);
      return loaded;
    }));

  return {
    signinRedirect: async (args) => (await real()).signinRedirect(args),
    signinRedirectCallback: async (url) => (await real()).signinRedirectCallback(url),
    signinSilent: async (args) => (await real()).signinSilent(args),
    signinSilentCallback: async (url) => (await real()).signinSilentCallback(url),
    signoutRedirect: async (args) => (await real()).signoutRedirect(args),
    removeUser: async () => (await real()).removeUser(),
    getUser: async () => (await real()).getUser(),
    stopSilentRenew: () => loaded?.stopSilentRenew(),
    events: {
      addUserSignedOut(listener) {
        listeners.push(listener);
        return loaded ? loaded.events.addUserSignedOut(listener) : () => void listeners.splice(listeners.indexOf(listener), 1);
      },
    },
  };
}
