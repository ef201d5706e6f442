/**
 * <varde-session> creates the page's shared session from its attributes. One module-level record
 * of the session it created, so that two renders (or the element's method and its component)
 * never create two sessions for one configuration.
 */
import { createSession, setSharedSession, sharedSession, type Session } from '@varde/core';
import { hasSessionConfig, sessionConfigKey, settingsFromConfig, type SessionConfig } from './sessionConfig.js';

let created: { key: string; session: Session } | null = null;

function pageLocation(): { origin: string; hostname: string; pathname: string; cookie?: string } {
  const { origin, hostname, pathname } = globalThis.location;
  return { origin, hostname, pathname, cookie: globalThis.document?.cookie };
}

/**
 * The session for these attributes: the existing shared session when the attributes say nothing
 * (the portal, or a page that set one itself), else one made from them. A session made here for
 * other attributes is disposed. Throws SessionConfigError for unusable attributes.
 */
export function configureSharedSession(config: SessionConfig): Session {
  const current = sharedSession();
  if (!hasSessionConfig(config) && current) return current;

  const key = sessionConfigKey(config);
  if (created && created.key === key && created.session === current) return created.session;

  const session = createSession({
    settings: settingsFromConfig(config, pageLocation()),
    // A host page signs in with a password (+ SMS) or pushes tokens; the portal's redirect flow
    // needs its /login/callback routes, which a host page does not have.
    oidc: false,
  });
  if (created && created.session === current) void created.session.dispose();
  created = { key, session };
  setSharedSession(session);
  void session.start({ silent: false });
  return session;
}
