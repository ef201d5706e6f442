import type { Role } from '@varde/core/contract';
import { partnerOfUser } from '../partners/partnerScope.js';
import { userHasSite } from '../rules/ruleAccess.js';
import type { CloudServices } from '../services.js';
import type { Tx } from '../storage/transaction.js';

type Ctx = Pick<CloudServices, 'realtime'>;

/**
 * Everyone a step's `{role}` target tells when it runs: the people (not service accounts, not disabled)
 * of the policy's partner with that role and the alarm's site. Read when the step is due, so a grant or a
 * role changed after the policy was written counts. Uids in a stable order (by e-mail).
 */
export async function usersWithRoleOnSite(ctx: Ctx, tx: Tx, partner: string, role: Role, siteUuid: string): Promise<string[]> {
  const accounts = await tx.db
    .selectFrom('accounts')
    .select(['uid', 'email'])
    .where('role', '=', role)
    .where('kind', '=', 'person')
    .where('disabled_at', 'is', null)
    .orderBy('email')
    .execute();
  const uids: string[] = [];
  for (const account of accounts) {
    if ((await partnerOfUser(ctx, account.uid, tx)) !== partner) continue;
    if (await userHasSite(ctx, account.uid, siteUuid, tx)) uids.push(account.uid);
  }
  return uids;
}
