import type { Db } from '../storage/db.js';
import { OidcModelAdapter } from './oidcModelAdapter.js';

/**
 * Between the password step and the SMS step: which account an interaction has proven the password
 * for. Stored beside the provider's models (oidc_models), keyed by the interaction uid, and never
 * longer than the interaction itself lives.
 */
export interface PendingSecondFactors {
  begin(interactionUid: string, accountUid: string, ttlSeconds: number): Promise<void>;
  accountFor(interactionUid: string): Promise<string | undefined>;
  clear(interactionUid: string): Promise<void>;
}

export function pendingSecondFactors(db: Db): PendingSecondFactors {
  const store = new OidcModelAdapter(db, 'PendingSecondFactor');
  return {
    begin: (interactionUid, accountUid, ttlSeconds) =>
      store.upsert(interactionUid, { accountId: accountUid }, Math.max(1, ttlSeconds)),
    accountFor: async (interactionUid) => (await store.find(interactionUid))?.accountId,
    clear: (interactionUid) => store.destroy(interactionUid),
  };
}
