import type { CloudContext } from '../context.js';
import type { Tx } from '../storage/transaction.js';
import { userPath } from './profiles.js';

type Ctx = Pick<CloudContext, 'db' | 'realtime' | 'clock'>;

/** The grants an admin's `adminUsers/{sub}` entry mirrors. */
export type MirroredField = 'controllers' | 'moduleAccesses';

/** A manager's entry for a sub-user; `dated` when it has its addedAt (see subscription). */
export interface ManagerEntry {
  manager: string;
  sub: string;
  dated: boolean;
}

/**
 * Who manages whom. The truth is each manager's `/users/{manager}/adminUsers/{sub}` in the realtime
 * tree (the portal reads it there), and it is read from there every time: a copy in a node's memory
 * would miss what other nodes of a cluster write. The entries of a sub-user are one range of an index of
 * those leaves (migration 333). Every function takes the Tx it runs in (the users service's writes run
 * in the write batcher's), and reads and writes through it.
 *
 * The managers' entries of several sub-users at once (a directory group's members) are one read.
 */
export async function managerEntriesOf(ctx: Ctx, subs: readonly string[], tx?: Tx): Promise<ManagerEntry[]> {
  const entries = new Map<string, ManagerEntry>();
  for (const path of await ctx.realtime.managedUserEntryPaths(subs, tx)) {
    const [, users, manager, adminUsers, sub, leaf] = path.split('/');
    if (users !== 'users' || adminUsers !== 'adminUsers' || !manager || !sub) continue;
    const key = `${manager}/${sub}`;
    const entry = entries.get(key) ?? { manager, sub, dated: false };
    if (leaf === 'addedAt') entry.dated = true;
    entries.set(key, entry);
  }
  return [...entries.values()];
}

function entryPath(manager: string, sub: string): string {
  return `${userPath(manager)}/adminUsers/${sub}`;
}

export async function managersOf(ctx: Ctx, sub: string, tx?: Tx): Promise<string[]> {
  return (await managerEntriesOf(ctx, [sub], tx)).map((entry) => entry.manager);
}

/**
 * The write that makes `manager` manage `sub` ("subscribes" to the new user), for `realtime.set` or, with
 * other writes, `realtime.setMany`. `addedAt` keeps the entry in the tree even when the sub-user has no
 * sites or modules yet (empty maps are not stored).
 */
export function subscription(
  manager: string,
  sub: string,
  grants: { controllers: Record<string, true>; moduleAccesses: Record<string, true> },
  now: number,
): readonly [string, unknown] {
  return [entryPath(manager, sub), { addedAt: now, ...grants }];
}

export async function subscribe(
  ctx: Ctx,
  manager: string,
  sub: string,
  grants: { controllers: Record<string, true>; moduleAccesses: Record<string, true> },
  now: number,
  tx?: Tx,
): Promise<void> {
  await ctx.realtime.set(...subscription(manager, sub, grants, now), tx);
}

/** Removes `sub` from every manager's adminUsers (the user is deleted). */
export async function unsubscribeEverywhere(ctx: Ctx, sub: string, tx?: Tx): Promise<void> {
  for (const manager of await managersOf(ctx, sub, tx)) await ctx.realtime.set(entryPath(manager, sub), null, tx);
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
