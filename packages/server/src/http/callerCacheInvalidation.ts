import type { RealtimeChange } from '../realtime/change.js';
import { isAtOrBelow } from '../realtime/paths.js';
import type { WatchedWrites } from '../storage/tableWrites.js';
import { ACTOR_PROFILE_FIELDS } from '../users/actor.js';
import type { CallerCache } from './callerCache.js';
import { CALLER_PROFILE_FIELDS } from './callerProfile.js';

/**
 * The writes that can make a kept caller wrong: a session ended, an account's role, kind or state
 * changed or the account went, a personal access token revoked. (A new session or token has no entry
 * yet; a renewal only moves a session's end later; a token's last-use stamp changes nothing kept.)
 * PostgreSQL's triggers for varde_caller (migration 330) watch the same.
 */
export const CALLER_TABLE_WRITES: WatchedWrites = {
  sessions: ['delete'],
  accounts: ['update', 'delete'],
  access_tokens: ['delete'],
};

/**
 * The profile fields a kept entry may hold (http/callerProfile.ts, the actor's grant maps of
 * users/actor.ts). A change to any other field of a profile (a manager's adminUsers, a language, a
 * directory's name) leaves every entry as it is.
 */
export const KEPT_PROFILE_FIELDS: ReadonlySet<string> = new Set([...CALLER_PROFILE_FIELDS, ...ACTOR_PROFILE_FIELDS]);

/**
 * Whose kept entries a committed realtime change may make wrong: everyone's (the root or /users itself),
 * one user's (their whole profile, or a field an entry holds), or nobody's (null).
 */
export function profileChangeScope(change: RealtimeChange): 'everyone' | { uid: string } | null {
  if (change.path === '' || change.path === '/users') return 'everyone';
  if (!isAtOrBelow(change.path, '/users')) return null;
  const [, , uid, field] = change.path.split('/');
  if (!uid) return 'everyone';
  if (field === undefined) return { uid };
  return KEPT_PROFILE_FIELDS.has(field) ? { uid } : null;
}

/** Clears `cache` where a realtime change may reach what it keeps (this node's change, or another's once heard). */
export function clearOnProfileChanges(cache: CallerCache, realtime: { onChange(listener: (change: RealtimeChange) => void): () => void }): () => void {
  return realtime.onChange((change) => {
    const scope = profileChangeScope(change);
    if (scope === 'everyone') cache.clear();
    else if (scope) cache.clearUser(scope.uid);
  });
}
