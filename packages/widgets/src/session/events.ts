import type { SessionState, SignOutReason } from '@varde/core';

/** `varde-session-change`: the shared session signed in or out. No token is ever in an event. */
export interface SessionChangeDetail {
  state: SessionState;
  /** Who is signed in (null when signed out). */
  user: { uid: string; name: string; email: string; role: string } | null;
  /** Why the session is signed out, when it is. */
  reason: SignOutReason | null;
}

declare module '../shared/events.js' {
  interface VardeEventMap {
    'varde-session-change': SessionChangeDetail;
  }
}
