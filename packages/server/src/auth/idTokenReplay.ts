import type { Db } from '../storage/db.js';
import { hashSecret } from './secrets.js';

/** ID tokens live an hour at most; a used one is remembered that long. */
const REMEMBER_MS = 60 * 60 * 1000;

/**
 * An OIDC ID token is exchanged for a session once: a copied token (browser history, logs) cannot start
 * another. Returns false when this token was used before.
 */
export function useIdTokenOnce(db: Db, idToken: string, now: number): boolean {
  db.prepare('DELETE FROM used_id_tokens WHERE expires_at <= ?').run(now);
  const inserted = db.prepare('INSERT OR IGNORE INTO used_id_tokens (hash, expires_at) VALUES (?, ?)').run(hashSecret(idToken), now + REMEMBER_MS);
  return inserted.changes === 1;
}
