import { setSharedSession, sharedSession } from '@varde/core';
import { session } from '../../app/session.js';

/** Widgets read the page's shared session from core: the users pages make sure it is the portal's. */
export function useSharedPortalSession(): void {
  if (sharedSession() !== session) setSharedSession(session);
}
