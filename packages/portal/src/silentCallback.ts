/**
 * Entry of /login/silent-callback (dist/login/silent-callback.html), the hidden frame of a silent
 * sign-in: it only hands the provider's answer to the portal window that opened it, so it loads
 * oidc-client-ts (cached from the parent) instead of the whole portal. The portal's route of the same
 * path stays for servers that answer every path with index.html.
 */
import { UserManager } from 'oidc-client-ts';

// The callback reads nothing of these settings but the origin it posts to (this page's own).
const manager = new UserManager({
  authority: window.location.origin,
  client_id: 'silent-callback',
  redirect_uri: window.location.href,
  automaticSilentRenew: false,
});
void manager.signinSilentCallback(window.location.href).catch(() => undefined);
