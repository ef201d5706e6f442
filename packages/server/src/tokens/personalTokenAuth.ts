import type { CloudContext } from '../context.js';
import type { Caller } from '../http/caller.js';
import { invalidTokenError } from '../http/HttpError.js';
import { hasValidChecksum } from './patFormat.js';
import { LAST_USED_RESOLUTION_MS, recordTokenUse, tokenHolder } from './personalTokens.js';

/** One answer for every token that is no good, so that it never tells whether a token existed. */
const REFUSED = 'Token is not valid: it is unknown, expired or revoked';

/**
 * The caller of a personal access token: shape and checksum first (no database read for a mistyped or
 * made-up token), then the token with its account in one statement. Revoking deletes the row, so every
 * node refuses the token at its next request. Last use (time and address) is written at most once a
 * minute per token, after the answer, never holding the request up.
 */
export async function verifyPersonalToken(ctx: Pick<CloudContext, 'db' | 'clock'>, token: string, address: string): Promise<Caller> {
  if (!hasValidChecksum(token)) throw invalidTokenError(REFUSED);
  const now = ctx.clock.now();
  const holder = await tokenHolder(ctx.db, token, now);
  if (!holder) throw invalidTokenError(REFUSED);
  if (holder.lastUsedAt === null || now - holder.lastUsedAt >= LAST_USED_RESOLUTION_MS) {
    // A lost last-used stamp costs nothing; the request must not fail for it.
    recordTokenUse(ctx.db, holder.tokenId, now, address).catch(() => undefined);
  }
  return {
    uid: holder.uid,
    role: holder.role,
    accountRole: holder.role,
    sid: `token:${holder.tokenId}`,
    generation: 0,
    credential: 'personal-token',
    scope: holder.scope,
    tokenId: holder.tokenId,
    accountKind: holder.kind,
  };
}
