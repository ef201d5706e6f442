import { sql } from 'kysely';
import type { Role, TokenScope } from '@varde/core/contract';
import { hashSecret } from '../auth/secrets.js';
import { callerProfilePaths } from '../http/callerProfile.js';
import { canonicalPath, relativeKeys } from '../realtime/paths.js';
import { subtree } from '../realtime/deleteLeaves.js';
import { valueFromLeaves, type Leaf } from '../realtime/values.js';
import type { Db } from '../storage/db.js';
import type { TokenHolder } from './personalTokens.js';

interface Row {
  id: string | null;
  uid: string | null;
  scope: TokenScope | null;
  expires_at: number | string | null;
  last_used_at: number | string | null;
  role: Role | null;
  kind: string | null;
  path: string | null;
  value: string | null;
}

// Row types are checked where the rows are read (Row); the builder sees `any` columns, as elsewhere (storage/db.ts).
const NULL = sql<any>`NULL`;

/**
 * The live token with this secret, its account, and the profile of `uid` (http/callerProfile.ts) in one
 * statement, as a session's check reads its own (auth/sessionWithProfile.ts). `uid` is whom this token
 * was seen to belong to before (a token's account never changes); the token itself is checked every time,
 * so a revoked or expired token, or a disabled account, is refused at once. Null when the token is no good.
 */
export async function tokenHolderWithProfile(db: Db, token: string, uid: string, now: number): Promise<{ holder: TokenHolder; values: unknown[] } | null> {
  const roots = callerProfilePaths(uid).map(canonicalPath);
  const rows = (await db
    .selectFrom('access_tokens as t')
    .innerJoin('accounts as a', 'a.uid', 't.uid')
    .select(['t.id', 't.uid', 't.scope', 't.expires_at', 't.last_used_at', 'a.role', 'a.kind', NULL.as('path'), NULL.as('value')])
    .where('t.token_hash', '=', hashSecret(token))
    // A disabled account's tokens stop with its sessions (an import's --prune disable, the users service).
    .where('a.disabled_at', 'is', null)
    .unionAll(
      db
        .selectFrom('realtime_leaves')
        .select([NULL.as('id'), NULL.as('uid'), NULL.as('scope'), NULL.as('expires_at'), NULL.as('last_used_at'), NULL.as('role'), NULL.as('kind'), 'path', 'value'])
        .where((eb) => eb.or(roots.map((root) => subtree(root)(eb)))),
    )
    .execute()) as Row[];
  const row = rows.find((candidate) => candidate.id !== null);
  if (!row?.id || row.uid !== uid) return null;
  if (row.expires_at !== null && Number(row.expires_at) <= now) return null;
  const leaves = rows.filter((candidate): candidate is Row & { path: string; value: string } => candidate.path !== null && candidate.value !== null);
  const values = roots.map((root) =>
    valueFromLeaves(
      leaves
        .filter((leaf) => leaf.path === root || leaf.path.startsWith(`${root}/`))
        .map((leaf) => ({ keys: relativeKeys(leaf.path, root), leaf: JSON.parse(leaf.value) as Leaf })),
    ),
  );
  return {
    holder: {
      tokenId: row.id,
      uid: row.uid,
      scope: row.scope as TokenScope,
      role: row.role as Role,
      kind: row.kind === 'service' ? 'service' : 'person',
      lastUsedAt: row.last_used_at === null ? null : Number(row.last_used_at),
      expiresAt: row.expires_at === null ? null : Number(row.expires_at),
    },
    values,
  };
}
