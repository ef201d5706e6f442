import { randomUUID } from 'node:crypto';
import type { DirectoryGroup, Role } from '@varde/core/contract';
import type { Db } from '../storage/db.js';
import type { Tx } from '../storage/transaction.js';

/** A directory group as stored, with the Varde access a partner admin mapped to it. */
export interface StoredScimGroup {
  id: string;
  connectionId: string;
  displayName: string;
  externalId: string | null;
  role: Role | null;
  sites: string[];
  version: number;
  createdAt: number;
  updatedAt: number;
}

interface GroupRow {
  id: string;
  connection_id: string;
  display_name: string;
  external_id: string | null;
  role: string | null;
  sites: string;
  version: number | string;
  created_at: number | string;
  updated_at: number | string;
}

function toGroup(row: GroupRow): StoredScimGroup {
  return {
    id: row.id,
    connectionId: row.connection_id,
    displayName: row.display_name,
    externalId: row.external_id,
    role: row.role as Role | null,
    sites: JSON.parse(row.sites) as string[],
    version: Number(row.version),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

export async function scimGroupById(db: Db, partner: string, id: string): Promise<StoredScimGroup | null> {
  const row = (await db.selectFrom('scim_groups').selectAll().where('partner', '=', partner).where('id', '=', id).executeTakeFirst()) as GroupRow | undefined;
  return row ? toGroup(row) : null;
}

/** The partner's groups, oldest first. */
export async function scimGroupsOf(db: Db, partner: string): Promise<StoredScimGroup[]> {
  const rows = (await db.selectFrom('scim_groups').selectAll().where('partner', '=', partner).orderBy('created_at').orderBy('id').execute()) as GroupRow[];
  return rows.map(toGroup);
}

export interface MemberRef {
  value: string;
  display: string;
}

/** The members of each group (uid and sign-in e-mail), by e-mail. */
export async function membersOf(db: Db, groupIds: readonly string[]): Promise<Map<string, MemberRef[]>> {
  const members = new Map<string, MemberRef[]>(groupIds.map((id) => [id, []]));
  for (let start = 0; start < groupIds.length; start += 500) {
    const rows = (await db
      .selectFrom('scim_group_members as m')
      .innerJoin('accounts as a', 'a.uid', 'm.uid')
      .select(['m.group_id', 'm.uid', 'a.email'])
      .where('m.group_id', 'in', groupIds.slice(start, start + 500))
      .orderBy('a.email')
      .execute()) as Array<{ group_id: string; uid: string; email: string }>;
    for (const row of rows) members.get(row.group_id)?.push({ value: row.uid, display: row.email });
  }
  return members;
}

export async function insertScimGroup(
  tx: Tx,
  group: { partner: string; connectionId: string; displayName: string; externalId: string | null },
  now: number,
): Promise<string> {
  const id = randomUUID();
  await tx.db
    .insertInto('scim_groups')
    .values({ id, partner: group.partner, connection_id: group.connectionId, display_name: group.displayName, external_id: group.externalId, role: null, sites: '[]', version: 1, created_at: now, updated_at: now })
    .execute();
  return id;
}

/** Names the group anew and moves its version on; resolves to the group as it is now (its new ETag). */
export async function updateScimGroup(tx: Tx, id: string, fields: { displayName: string; externalId: string | null }, now: number): Promise<StoredScimGroup> {
  const row = (await tx.db
    .updateTable('scim_groups')
    .set((eb) => ({ display_name: fields.displayName, external_id: fields.externalId, updated_at: now, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow()) as GroupRow;
  return toGroup(row);
}

export async function setGroupMembers(tx: Tx, id: string, add: readonly string[], remove: readonly string[]): Promise<void> {
  for (let start = 0; start < remove.length; start += 500) {
    await tx.db.deleteFrom('scim_group_members').where('group_id', '=', id).where('uid', 'in', remove.slice(start, start + 500)).execute();
  }
  for (let start = 0; start < add.length; start += 500) {
    await tx.db.insertInto('scim_group_members').values(add.slice(start, start + 500).map((uid) => ({ group_id: id, uid }))).execute();
  }
}

export async function deleteScimGroup(tx: Tx, id: string): Promise<void> {
  await tx.db.deleteFrom('scim_group_members').where('group_id', '=', id).execute();
  await tx.db.deleteFrom('scim_groups').where('id', '=', id).execute();
}

/** Sets the role and sites a group carries (a partner admin's mapping); role null: it carries none. */
export async function setGroupAccess(tx: Tx, id: string, role: Role | null, sites: readonly string[], now: number): Promise<void> {
  await tx.db.updateTable('scim_groups').set({ role, sites: JSON.stringify([...new Set(sites)].sort()), updated_at: now }).where('id', '=', id).execute();
}

/** The groups of a partner (every partner's when null) as its admins see them. */
export async function listDirectoryGroups(db: Db, partner: string | null): Promise<DirectoryGroup[]> {
  let query = db.selectFrom('scim_groups').selectAll();
  if (partner !== null) query = query.where('partner', '=', partner);
  const groups = ((await query.orderBy('display_name').orderBy('id').execute()) as GroupRow[]).map(toGroup);
  if (groups.length === 0) return [];
  const counts = new Map(
    ((await db
      .selectFrom('scim_group_members')
      .select(['group_id', db.fn.countAll().as('n')])
      .where('group_id', 'in', groups.map((group) => group.id))
      .groupBy('group_id')
      .execute()) as Array<{ group_id: string; n: number | string }>).map((row) => [row.group_id, Number(row.n)]),
  );
  return groups.map((group) => ({
    id: group.id,
    displayName: group.displayName,
    externalId: group.externalId,
    connectionId: group.connectionId,
    role: group.role,
    sites: group.sites,
    members: counts.get(group.id) ?? 0,
  }));
}

/** The partner that owns a group, or null. */
export async function groupPartner(db: Db, id: string): Promise<string | null> {
  const row = (await db.selectFrom('scim_groups').select('partner').where('id', '=', id).executeTakeFirst()) as { partner: string } | undefined;
  return row ? row.partner : null;
}
