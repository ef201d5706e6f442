import type { RealtimeChange } from '../realtime/change.js';
import { isAtOrBelow } from '../realtime/paths.js';
import type { WatchedWrites } from '../storage/tableWrites.js';
import type { CallerCache } from './callerCache.js';

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

/** Whether a committed realtime change may reach a profile (the root, /users or below it). */
export function touchesProfiles(change: RealtimeChange): boolean {
  return change.path === '' || isAtOrBelow(change.path, '/users');
}

/** Clears `cache` on every realtime change that may reach a profile (this node's, or another's once heard). */
export function clearOnProfileChanges(cache: CallerCache, realtime: { onChange(listener: (change: RealtimeChange) => void): () => void }): () => void {
  return realtime.onChange((change) => {
    if (touchesProfiles(change)) cache.clear();
  });
}
