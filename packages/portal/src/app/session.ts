import { createSession, isLoopbackHost, resolveSettings, setSharedSession, BRAND_DOMAIN, type Session } from '@varde/core';

const { origin, hostname, pathname } = window.location;

/**
 * The domain whose first path segment may name a custom brand. On a loopback host the page's own host
 * stands in for it, so /nordlys/... shows the brand in development and tests exactly as
 * https://partner.varde.cloud/nordlys/... does in production (no test-only switch needed).
 */
export const brandDomain = isLoopbackHost(hostname) ? hostname : BRAND_DOMAIN;

/** The portal's one session, for the page's own location (reference cloud on loopback, production elsewhere). */
export const session: Session = createSession({
  settings: resolveSettings({ origin, hostname, pathname }, { brandDomain }),
});

// Widgets read the page's shared session from core: in the portal it is this one, from the start, so
// no widget ever renders without it.
setSharedSession(session);
