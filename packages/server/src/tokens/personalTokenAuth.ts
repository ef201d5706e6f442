import { hashSecret } from '../auth/secrets.js';
import type { CloudContext } from '../context.js';
import type { Caller } from '../http/caller.js';
import type { CallerCache } from '../http/callerCache.js';
import { knowCallerProfile } from '../http/callerProfile.js';
import { invalidTokenError } from '../http/HttpError.js';
import { hasValidChecksum } from './patFormat.js';
import { LAST_USED_RESOLUTION_MS, recordTokenUse, tokenHolder, type TokenHolder } from './personalTokens.js';
import { tokenHolderWithProfile } from './tokenHolderWithProfile.js';

/** One answer for every token that is no good, so that it never tells whether a token existed. */
const REFUSED = 'Token is not valid: it is unknown, expired or revoked';

/**
 * Whose each token is, by its hash (never the secret), as this node has seen: a token never changes
 * account. 10,000 at the most, the oldest forgotten first.
 */
const ownerOfToken = new Map<string, string>();
const OWNERS_KEPT = 10_000;

type HolderWithProfile = { holder: TokenHolder; values: unknown[] };

/**
 * The caller of a personal access token: shape and checksum first (no database read for a mistyped or
 * made-up token), then the token with its account in one statement; from its second use on this node,
 * with the caller's profile in that same statement (its owner is known), as a session's check reads it.
 * From then on this node's caller cache may hold both (http/callerCache.ts): revoking deletes the row,
 * which clears every node's cache at once, so every node refuses the token at its next request. Last
 * use (time and address) is written at most once a minute per token, after the answer, never holding
 * the request up.
 */
export async function verifyPersonalToken(ctx: Pick<CloudContext, 'db' | 'clock'> & { callerCache?: CallerCache }, token: string, address: string): Promise<Caller> {
  if (!hasValidChecksum(token)) throw invalidTokenError(REFUSED);
  const now = ctx.clock.now();
  const key = hashSecret(token);
  const owner = ownerOfToken.get(key);
  let holder: TokenHolder | null;
  let profile: unknown[] | null = null;
  const kept = ctx.callerCache?.get<HolderWithProfile>(`token:${key}`, now);
  if (kept) {
    holder = kept.holder;
    profile = kept.values;
  } else if (owner === undefined) {
    holder = await tokenHolder(ctx.db, token, now);
    if (holder) {
      if (ownerOfToken.size >= OWNERS_KEPT) ownerOfToken.delete(ownerOfToken.keys().next().value!);
      ownerOfToken.set(key, holder.uid);
    }
  } else {
    const ticket = ctx.callerCache?.begin(owner);
    const found = await tokenHolderWithProfile(ctx.db, token, owner, now);
    if (found && ticket !== undefined) ctx.callerCache?.put(`token:${key}`, found, ticket, now, found.holder.expiresAt);
    holder = found?.holder ?? null;
    profile = found?.values ?? null;
  }
  if (!holder) throw invalidTokenError(REFUSED);
  if (holder.lastUsedAt === null || now - holder.lastUsedAt >= LAST_USED_RESOLUTION_MS) {
    // A lost last-used stamp costs nothing; the request must not fail for it.
    recordTokenUse(ctx.db, holder.tokenId, now, address).catch(() => undefined);
    // The kept holder too, or every request after the first minute would write again.
    holder.lastUsedAt = now;
  }
  const caller: Caller = {
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
  if (profile) knowCallerProfile(caller, profile);
  return caller;
}
