import type { CloudContext } from '../context.js';
import type { Db } from '../storage/db.js';
import type { Tx } from '../storage/transaction.js';
import { userPath } from './profiles.js';

type Ctx = Pick<CloudContext, 'db' | 'realtime' | 'clock'>;

/** The grants an admin's `adminUsers/{sub}` entry mirrors. */
export type MirroredField = 'controllers' | 'moduleAccesses';

/**
 * Who manages whom. The truth is each manager's `/users/{manager}/adminUsers/{sub}` in the realtime
 * tree (the portal reads it there); this is an index from sub-user to managers, so that a grant or
 * a deletion updates every manager's entry without reading every profile. It is built once per
 * database from the leaf table (one range scan), then kept in step by the functions below, which
 * are the only writers of adminUsers after the seed. Every function takes the Tx it runs in (the
 * users service's writes run in the write batcher's), and reads and writes through it.
 */
const indexes = new WeakMap<Db, Promise<Map<string, Set<string>>>>();

function managerIndex(ctx: Ctx, tx?: Tx): Promise<Map<string, Set<string>>> {
  let index = indexes.get(ctx.db);
  if (!index) {
    index = buildIndex(tx?.db ?? ctx.db);
    indexes.set(ctx.db, index);
    // A failed build (the transaction it ran in was rolled back under it) is tried again next time.
    index.catch(() => indexes.delete(ctx.db));
  }
  return index;
}

async function buildIndex(db: Db): Promise<Map<string, Set<string>>> {
  const index = new Map<string, Set<string>>();
  // The range keeps the scan to /users; the LIKE narrows it, and the split below decides.
  const rows = (await db
    .selectFrom('realtime_leaves')
    .select('path')
    .where('path', '>=', '/users/')
    .where('path', '<', '/users0')
    .where('path', 'like', '/users/%/adminUsers/%')
    .execute()) as { path: string }[];
  for (const { path } of rows) {
    const [, users, manager, adminUsers, sub] = path.split('/');
    if (users !== 'users' || adminUsers !== 'adminUsers' || !manager || !sub) continue;
    add(index, sub, manager);
  }
  return index;
}

function add(index: Map<string, Set<string>>, sub: string, manager: string): void {
  let managers = index.get(sub);
  if (!managers) index.set(sub, (managers = new Set()));
  managers.add(manager);
}

function entryPath(manager: string, sub: string): string {
  return `${userPath(manager)}/adminUsers/${sub}`;
}

export async function managersOf(ctx: Ctx, sub: string, tx?: Tx): Promise<string[]> {
  return [...((await managerIndex(ctx, tx)).get(sub) ?? [])];
}

/**
 * Makes `manager` manage `sub` ("subscribes" to the new user). `addedAt` keeps the entry in the
 * tree even when the sub-user has no sites or modules yet (empty maps are not stored).
 */
export async function subscribe(
  ctx: Ctx,
  manager: string,
  sub: string,
  grants: { controllers: Record<string, true>; moduleAccesses: Record<string, true> },
  now: number,
  tx?: Tx,
): Promise<void> {
  const index = await managerIndex(ctx, tx);
  await ctx.realtime.set(entryPath(manager, sub), { addedAt: now, ...grants }, tx);
  add(index, sub, manager);
}

/** Removes `sub` from every manager's adminUsers (the user is deleted). */
export async function unsubscribeEverywhere(ctx: Ctx, sub: string, tx?: Tx): Promise<void> {
  const index = await managerIndex(ctx, tx);
  for (const manager of index.get(sub) ?? []) await ctx.realtime.set(entryPath(manager, sub), null, tx);
  index.delete(sub);
}

/** Forgets a deleted manager's own entries in the index (their profile is gone with them). */
export async function forgetManager(ctx: Ctx, manager: string, subs: Iterable<string>, tx?: Tx): Promise<void> {
  const index = await managerIndex(ctx, tx);
  for (const sub of subs) index.get(sub)?.delete(manager);
}

/** Keeps every manager's copy of one grant in step (`value` null removes it). */
export async function mirrorGrant(ctx: Ctx, sub: string, field: MirroredField, key: string, value: true | null, tx?: Tx): Promise<void> {
  for (const manager of await managersOf(ctx, sub, tx)) await writeEntry(ctx, manager, sub, `${field}/${key}`, value, tx);
}

/** Keeps every manager's copy of a whole grant map in step. */
export async function mirrorGrants(ctx: Ctx, sub: string, field: MirroredField, map: Record<string, true>, tx?: Tx): Promise<void> {
  for (const manager of await managersOf(ctx, sub, tx)) await writeEntry(ctx, manager, sub, field, map, tx);
}

/** Writes below a manager's entry, adding `addedAt` first so that the entry outlives its last grant. */
async function writeEntry(ctx: Ctx, manager: string, sub: string, relative: string, value: unknown, tx?: Tx): Promise<void> {
  const entry = entryPath(manager, sub);
  const writes: Record<string, unknown> = { [relative]: value };
  if ((await ctx.realtime.get(`${entry}/addedAt`, tx)) === null) writes.addedAt = ctx.clock.now();
  await ctx.realtime.update(entry, writes, tx);
}
