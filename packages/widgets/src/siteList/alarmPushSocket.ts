/**
 * One site's alarm_changed push for the site list, in its own module: the list loads it (and socket.io)
 * with import() once an online site is on screen, so its first paint stays within its weight.
 */
import { connectSiteProxy, type Session } from '@varde/core';

/** Calls `onChange` when an alarm of the site changes and when the socket logs in (again); returns its close. */
export function listenForAlarmChanges(session: Session, siteUuid: string, onChange: () => void): () => void {
  const connection = connectSiteProxy({
    baseUrl: session.settings.services['controller-proxy'],
    siteUuid,
    firebaseToken: async () => (session.realtime ? session.realtime.idToken() : null),
  });
  const stopPush = connection.onAlarmChanged(onChange);
  // Logged in (again, after a reconnect): what changed while it was away is read once.
  const stopState = connection.onStateChange((state) => {
    if (state === 'logged-in') onChange();
  });
  return () => {
    stopPush();
    stopState();
    connection.close();
  };
}
