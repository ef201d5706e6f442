import { UserManager, WebStorageStateStore, type UserManagerSettings } from 'oidc-client-ts';
import { provideDigestOnInsecurePages } from './insecureContextDigest.js';

/** Session monitor interval (spec: 2000 ms). */
export const CHECK_SESSION_INTERVAL_SECONDS = 2;

export interface OidcSettingsInput {
  loginServerUrl: string;
  clientId: string;
  /** The page origin; callback routes hang off it. */
  origin: string;
  /** Where user and PKCE state are kept; sessionStorage in browsers (never localStorage). */
  store: Storage;
}

/**
 * The identity provider client: code flow with PKCE, scope `openid profile`, authority = login
 * server + `/v2`, silent renew and a session monitor. Both the user and the in-flight sign-in
 * state (PKCE verifier) live in sessionStorage: they die with the tab and never reach localStorage.
 */
export function oidcSettings(input: OidcSettingsInput): UserManagerSettings {
  const origin = input.origin.replace(/\/+$/, '');
  const store = new WebStorageStateStore({ store: input.store, prefix: 'varde.oidc.' });
  return {
    authority: `${input.loginServerUrl.replace(/\/+$/, '')}/v2`,
    client_id: input.clientId,
    redirect_uri: `${origin}/login/callback`,
    silent_redirect_uri: `${origin}/login/silent-callback`,
    post_logout_redirect_uri: `${origin}/`,
    response_type: 'code',
    scope: 'openid profile',
    automaticSilentRenew: true,
    monitorSession: true,
    checkSessionIntervalInSeconds: CHECK_SESSION_INTERVAL_SECONDS,
    userStore: store,
    stateStore: store,
  };
}

export function createUserManager(input: OidcSettingsInput): UserManager {
  provideDigestOnInsecurePages();
  return new UserManager(oidcSettings(input));
}
