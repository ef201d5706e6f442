import { AsyncLocalStorage } from 'node:async_hooks';
import type Provider from 'oidc-provider';
import { PORTAL_CALLBACK_PATHS, PORTAL_CLIENT_ID, PORTAL_POST_LOGOUT_PATHS } from './portalClient.js';

/**
 * The cloud serves the portal on every address it answers: localhost, 127.0.0.1, a LAN address, the
 * public URL. The portal's callback pages on the address a provider request came in on are therefore
 * the portal's own, registered or not. Only that one origin is added: a page elsewhere is still
 * refused, and the address is the one the user's browser asked for (behind a TLS proxy, the
 * X-Forwarded-* the provider trusts), so nobody can make it redirect a code to another host.
 */
const requestOrigin = new AsyncLocalStorage<string>();

/** The origin of the provider request being handled (undefined outside one). */
export function currentRequestOrigin(): string | undefined {
  return requestOrigin.getStore();
}

function onRequestOrigin(value: string, paths: readonly string[]): boolean {
  const origin = requestOrigin.getStore();
  if (!origin) return false;
  return paths.some((path) => value === `${origin}${path}`);
}

export function acceptPortalOnRequestOrigin(provider: Provider): void {
  provider.use((ctx, next) => requestOrigin.run(ctx.origin, next));
  const client = provider.Client.prototype;
  const registeredRedirect = client.redirectUriAllowed;
  const registeredPostLogout = client.postLogoutRedirectUriAllowed;
  client.redirectUriAllowed = function redirectUriAllowed(value: string) {
    return registeredRedirect.call(this, value) || (this.clientId === PORTAL_CLIENT_ID && onRequestOrigin(value, PORTAL_CALLBACK_PATHS));
  };
  client.postLogoutRedirectUriAllowed = function postLogoutRedirectUriAllowed(value: string) {
    return registeredPostLogout.call(this, value) || (this.clientId === PORTAL_CLIENT_ID && onRequestOrigin(value, PORTAL_POST_LOGOUT_PATHS));
  };
}
