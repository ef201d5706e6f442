import type { Db } from '../storage/db.js';

/** Provider models that hold an account's sign-in (oidc-provider stores it as `accountId` in the payload). */
const ACCOUNT_MODELS = ['Session', 'Grant', 'AuthorizationCode', 'AccessToken', 'RefreshToken'];

/**
 * Ends an account's sign-ins at the identity provider: its provider sessions (single sign-on cookies),
 * grants and the codes and tokens issued under them. Without this, a provider session that outlived a
 * password change or a deletion would mint a fresh ID token with `prompt=none`, and so a new cloud session.
 * `db` may be a transaction's: the deletion then commits with it. The account is the row's `account_id`
 * (the adapter keeps it beside the payload, oidcModelAdapter.ts).
 */
export async function endProviderSessionsOf(db: Db, uid: string): Promise<void> {
  await db.deleteFrom('oidc_models').where('account_id', '=', uid).where('model', 'in', ACCOUNT_MODELS).execute();
}
