import { sql } from 'kysely';
import type { Role } from '@varde/core/contract';
import { canonicalPath, relativeKeys } from '../realtime/paths.js';
import { subtree } from '../realtime/deleteLeaves.js';
import { valueFromLeaves, type Leaf } from '../realtime/values.js';
import type { Db } from '../storage/db.js';
import { liveSession, type Session, type SessionRow } from './sessions.js';

type Row = Partial<SessionRow> & { role: Role | null; path: string | null; value: string | null };

/**
 * The session a token names, its account's role and the realtime values at `paths` (the caller's
 * profile), in one statement: every request checks its token, and on PostgreSQL each statement is a
 * round trip. The profile is read for the token's subject; it is used only when the session is theirs.
 */
export async function sessionWithRoleAndValues(
  db: Db,
  sid: string,
  paths: readonly string[],
  now: number,
): Promise<{ session: Session & { role: Role }; values: unknown[]; expiresAt: number } | null> {
  const roots = paths.map(canonicalPath);
  const rows = (await db
    .selectFrom('sessions')
    .innerJoin('accounts', 'accounts.uid', 'sessions.uid')
    .select(['sessions.uid', 'sessions.sid', 'sessions.generation', 'sessions.expires_at', 'accounts.role', sql<null>`NULL`.as('path'), sql<null>`NULL`.as('value')])
    .where('sessions.sid', '=', sid)
    .unionAll(
      db
        .selectFrom('realtime_leaves')
        .select([sql<null>`NULL`.as('uid'), sql<null>`NULL`.as('sid'), sql<null>`NULL`.as('generation'), sql<null>`NULL`.as('expires_at'), sql<null>`NULL`.as('role'), 'path', 'value'])
        .where((eb) => eb.or(roots.map((root) => subtree(root)(eb)))),
    )
    .execute()) as Row[];
  const sessionRow = rows.find((row) => row.sid !== null && row.sid !== undefined);
  const session = await liveSession(db, sessionRow as SessionRow | undefined, now);
  if (!session || !sessionRow?.role) return null;
  const leaves = rows.filter((row): row is Row & { path: string; value: string } => row.path !== null && row.value !== null);
  const values = roots.map((root) =>
    valueFromLeaves(
      leaves
        .filter((row) => row.path === root || row.path.startsWith(`${root}/`))
        .map((row) => ({ keys: relativeKeys(row.path, root), leaf: JSON.parse(row.value) as Leaf })),
    ),
  );
  return { session: { ...session, role: sessionRow.role }, values, expiresAt: Number(sessionRow.expires_at) };
}
