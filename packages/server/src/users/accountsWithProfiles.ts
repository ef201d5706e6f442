import { sql } from 'kysely';
import { ACCOUNT_COLUMNS, toRecord, type AccountRecord, type AccountRow } from '../auth/accounts.js';
import { subtree } from '../realtime/deleteLeaves.js';
import { canonicalPath, isAtOrBelow, relativeKeys } from '../realtime/paths.js';
import { valueFromLeaves, type Leaf } from '../realtime/values.js';
import type { Db } from '../storage/db.js';
import { userPath } from './profiles.js';

type Row = Partial<AccountRow> & { path: string | null; value: string | null };

// Row types are checked where the rows are read (Row); the builder sees `any` columns, as elsewhere.
const NULL = sql<any>`NULL`;

/**
 * The accounts of these uids that exist, each with the values of its profile `fields` in that order, in
 * one statement (a manager's user list: on PostgreSQL each statement is a round trip). For a few users
 * at a time: every field of every user is a range of the realtime tree's leaves in the statement.
 */
export async function accountsWithProfiles(
  db: Db,
  uids: readonly string[],
  fields: readonly string[],
): Promise<Array<{ account: AccountRecord; values: unknown[] }>> {
  if (uids.length === 0) return [];
  const roots = uids.flatMap((uid) => fields.map((field) => canonicalPath(`${userPath(uid)}/${field}`)));
  const rows = (await db
    .selectFrom('accounts')
    .select([...ACCOUNT_COLUMNS, NULL.as('path'), NULL.as('value')])
    .where('uid', 'in', uids)
    .unionAll(
      db
        .selectFrom('realtime_leaves')
        .select([...ACCOUNT_COLUMNS.map((column) => NULL.as(column)), 'path', 'value'])
        .where((eb) => eb.or(roots.map((root) => subtree(root)(eb)))),
    )
    .execute()) as Row[];
  // Each leaf under the root of its field (`/users/<uid>/<field>`), so that no field looks through them all.
  const leavesOf = new Map<string, Array<{ path: string; value: string }>>();
  for (const row of rows) {
    if (row.path === null || row.value === null) continue;
    const root = row.path.split('/').slice(0, 4).join('/');
    leavesOf.set(root, [...(leavesOf.get(root) ?? []), { path: row.path, value: row.value }]);
  }
  const valueAt = (root: string) =>
    valueFromLeaves(
      (leavesOf.get(root) ?? [])
        .filter((leaf) => isAtOrBelow(leaf.path, root))
        .map((leaf) => ({ keys: relativeKeys(leaf.path, root), leaf: JSON.parse(leaf.value) as Leaf })),
    );
  return rows
    .filter((row) => row.uid !== null && row.uid !== undefined && row.path === null)
    .map((row) => ({
      account: toRecord(row as AccountRow),
      values: fields.map((field) => valueAt(canonicalPath(`${userPath(row.uid!)}/${field}`))),
    }));
}
