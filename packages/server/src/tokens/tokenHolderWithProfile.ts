import { sql } from 'kysely';
import type { Role, TokenScope } from '@varde/core/contract';
import { hashSecret } from '../auth/secrets.js';
import { CALLER_PROFILE_FIELDS, callerProfilePaths } from '../http/callerProfile.js';
import { relativeKeys } from '../realtime/paths.js';
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
 * The live token with this secret, its account, and the caller's profile (http/callerProfile.ts) in one
 * statement, as a session's check reads its own (auth/sessionWithProfile.ts): the profile's leaves are
 * found through the token's row, whose uid names them. Null when unknown, expired or its account disabled.
 */
export async function tokenHolderWithProfile(db: Db, token: string, now: number): Promise<{ holder: TokenHolder; values: unknown[] } | null> {
  const hash = hashSecret(token);
  const base = sql<string>`'/users/' || t.uid || '/'`;
  const rows = (await db
    .selectFrom('access_tokens as t')
    .innerJoin('accounts as a', 'a.uid', 't.uid')
    .select(['t.id', 't.uid', 't.scope', 't.expires_at', 't.last_used_at', 'a.role', 'a.kind', NULL.as('path'), NULL.as('value')])
    .where('t.token_hash', '=', hash)
    // A disabled account's tokens stop with its sessions (an import's --prune disable, the users service).
    .where('a.disabled_at', 'is', null)
    .unionAll(
      db
        .selectFrom('access_tokens as t')
        .innerJoin('realtime_leaves as l', (join) =>
          join.on((eb) =>
            eb.or(
              CALLER_PROFILE_FIELDS.map((field) =>
                eb.or([
                  eb('l.path', '=', sql<string>`${base} || ${field}`),
                  eb.and([eb('l.path', '>=', sql<string>`${base} || ${`${field}/`}`), eb('l.path', '<', sql<string>`${base} || ${`${field}0`}`)]),
                ]),
              ),
            ),
          ),
        )
        .select([NULL.as('id'), NULL.as('uid'), NULL.as('scope'), NULL.as('expires_at'), NULL.as('last_used_at'), NULL.as('role'), NULL.as('kind'), 'l.path', 'l.value'])
        .where('t.token_hash', '=', hash),
    )
    .execute()) as Row[];
  const row = rows.find((candidate) => candidate.id !== null);
  if (!row?.id || !row.uid) return null;
  if (row.expires_at !== null && Number(row.expires_at) <= now) return null;
  const roots = callerProfilePaths(row.uid);
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
    },
    values,
  };
}
