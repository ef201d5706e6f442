import type { Db } from '../storage/db.js';

/** Provider models that hold an account's sign-in (oidc-provider stores it as `accountId` in the payload). */
const ACCOUNT_MODELS = ['Session', 'Grant', 'AuthorizationCode', 'AccessToken', 'RefreshToken'] as const;

/**
 * Ends an account's sign-ins at the identity provider: its provider sessions (single sign-on cookies),
 * grants and the codes and tokens issued under them. Without this, a provider session that outlived a
 * password change or a deletion would mint a fresh ID token with `prompt=none`, and so a new cloud session.
 */
export function endProviderSessionsOf(db: Db, uid: string): void {
  db.prepare(
    `DELETE FROM oidc_models WHERE model IN (${ACCOUNT_MODELS.map(() => '?').join(', ')})
       AND json_extract(payload, '$.accountId') = ?`,
  ).run(...ACCOUNT_MODELS, uid);
}
