import { createSession, resolveSettings, type Session } from '@varde/core';

/** The portal's one session, for the page's own location (reference cloud on loopback, production elsewhere). */
export const session: Session = createSession({
  settings: resolveSettings({
    origin: window.location.origin,
    hostname: window.location.hostname,
    pathname: window.location.pathname,
  }),
});
