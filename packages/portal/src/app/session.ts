import { createSession, isLoopbackHost, resolveSettings, type Session } from '@varde/core';

const { origin, hostname, pathname } = window.location;

/**
 * The portal's one session, for the page's own location (reference cloud on loopback, production elsewhere).
 * On a loopback host the page's own host stands in for the brand domain, so /nordlys/... shows the brand
 * in development and tests exactly as https://partner.varde.cloud/nordlys/... does in production.
 */
export const session: Session = createSession({
  settings: resolveSettings(
    { origin, hostname, pathname },
    isLoopbackHost(hostname) ? { brandDomain: hostname } : {},
  ),
});
