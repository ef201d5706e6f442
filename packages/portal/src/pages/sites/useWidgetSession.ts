import { setSharedSession, sharedSession } from '@varde/core';
import { session } from '../../app/session.js';

/**
 * Widgets read the page's shared session from core; the portal's is the one. Set when the pages
 * load (the route table imports them at start), so no widget ever renders without it.
 */
if (sharedSession() !== session) setSharedSession(session);

/** For pages that compose widgets: makes sure the shared session is the portal's (a no-op normally). */
export function useWidgetSession(): void {
  if (sharedSession() !== session) setSharedSession(session);
}

/**
 * Inside the mobile app, sites open in the same window. The app's web view exposes its login-hook
 * handlers (Android: `window.Android`, iOS: `window.webkit.messageHandlers`): their presence says so.
 */
export function insideMobileApp(): boolean {
  const w = window as unknown as { Android?: unknown; webkit?: { messageHandlers?: unknown } };
  return Boolean(w.Android || w.webkit?.messageHandlers);
}
