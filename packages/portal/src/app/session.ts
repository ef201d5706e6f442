import { createSession, resolveSettings, setSharedSession, BRAND_DOMAIN, type Session } from '@varde/core';

const { origin, hostname, pathname } = window.location;
const page = { origin, hostname, pathname, cookie: document.cookie };

/**
 * The domain whose first path segment may name a custom brand. On the reference cloud (loopback or any
 * address it serves the portal on) the page's own host stands in for it, so /nordlys/... shows the brand
 * in development and tests exactly as https://partner.varde.cloud/nordlys/... does in production.
 */
export const brandDomain = resolveSettings(page).local ? hostname : BRAND_DOMAIN;

/** The portal's one session, for the page's own location (the reference cloud where it served the page, production elsewhere). */
export const session: Session = createSession({
  settings: resolveSettings(page, { brandDomain }),
});

// Widgets read the page's shared session from core: in the portal it is this one, from the start, so
// no widget ever renders without it.
setSharedSession(session);
