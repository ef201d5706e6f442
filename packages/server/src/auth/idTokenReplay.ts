import type { Db } from '../storage/db.js';
import { hashSecret } from './secrets.js';

/**
 * An OIDC ID token is exchanged for a session once: a copied token (browser history, logs) cannot start
 * another. A used one is remembered until it expires (after that it is refused anyway). Returns false
 * when this token was used before.
 */
export function useIdTokenOnce(db: Db, idToken: string, expiresAt: number, now: number): boolean {
  db.prepare('DELETE FROM used_id_tokens WHERE expires_at <= ?').run(now);
  const inserted = db.prepare('INSERT OR IGNORE INTO used_id_tokens (hash, expires_at) VALUES (?, ?)').run(hashSecret(idToken), expiresAt);
  return inserted.changes === 1;
}
