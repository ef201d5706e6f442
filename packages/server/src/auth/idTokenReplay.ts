import type { Db } from '../storage/db.js';
import { touched } from '../storage/executeResults.js';
import { hashSecret } from './secrets.js';

/**
 * An OIDC ID token is exchanged for a session once: a copied token (browser history, logs) cannot start
 * another. A used one is remembered until it expires (after that it is refused anyway). Resolves false
 * when this token was used before. The insert itself decides (ON CONFLICT), so two exchanges of one
 * token at once cannot both win.
 */
export async function useIdTokenOnce(db: Db, idToken: string, expiresAt: number, now: number): Promise<boolean> {
  await db.deleteFrom('used_id_tokens').where('expires_at', '<=', now).execute();
  const inserted = await db
    .insertInto('used_id_tokens')
    .values({ hash: hashSecret(idToken), expires_at: expiresAt })
    .onConflict((oc) => oc.column('hash').doNothing())
    .executeTakeFirst();
  return touched(inserted) === 1;
}
