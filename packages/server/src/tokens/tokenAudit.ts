import type { FastifyRequest } from 'fastify';
import type { AccessTokenInfo } from '@varde/core/contract';
import { auditOriginOf, recordAudit } from '../audit/recordAudit.js';
import { auditPartnerOfUser } from '../audit/auditPartner.js';
import type { CloudServices } from '../services.js';
import type { Db } from '../storage/db.js';
import type { Tx } from '../storage/transaction.js';

type Ctx = Pick<CloudServices, 'db' | 'realtime' | 'clock'>;

/** A token as a record names it: its id and name, never its secret or hash. */
export interface TokenNamed {
  id: string;
  name: string;
}

/** The token `idOrName` of `uid` (as revoking finds it), read in the revoking transaction. */
export async function tokenNamed(db: Db, uid: string, idOrName: string): Promise<TokenNamed | null> {
  const row = (await db
    .selectFrom('access_tokens')
    .select(['id', 'name'])
    .where('uid', '=', uid)
    .where((eb) => eb.or([eb('id', '=', idOrName), eb('name', '=', idOrName)]))
    .executeTakeFirst()) as TokenNamed | undefined;
  return row ?? null;
}

/** A personal access token made or revoked (a person's own, or a service account's by an admin). */
export async function recordTokenChange(
  ctx: Ctx,
  tx: Tx,
  request: FastifyRequest,
  change: { action: 'token.create' | 'token.revoke'; owner: string; token: TokenNamed | AccessTokenInfo; partner?: string | null },
): Promise<void> {
  const { token } = change;
  const detail = 'scope' in token ? ` (${token.scope}, ${token.expiresAt === null ? 'never expires' : `expires ${new Date(token.expiresAt).toISOString().slice(0, 10)}`})` : '';
  await recordAudit(tx, {
    partnerId: change.partner ?? (await auditPartnerOfUser(ctx, change.owner, tx)),
    ...auditOriginOf(request),
    action: change.action,
    objectKind: 'token',
    objectId: token.id,
    summary: `${change.action === 'token.create' ? 'Created' : 'Revoked'} token "${token.name}"${detail} of ${change.owner}`,
  });
}
