import type { CloudContext } from '../context.js';
import type { Db } from '../storage/db.js';
import { userPath } from './profiles.js';

type Ctx = Pick<CloudContext, 'db' | 'realtime' | 'clock'>;

/** The grants an admin's `adminUsers/{sub}` entry mirrors. */
export type MirroredField = 'controllers' | 'moduleAccesses';

/**
 * Who manages whom. The truth is each manager's `/users/{manager}/adminUsers/{sub}` in the realtime
 * tree (the portal reads it there); this is an index from sub-user to managers, so that a grant or
 * a deletion updates every manager's entry without reading every profile. It is built once per
 * database from the leaf table (one range scan), then kept in step by the functions below, which
 * are the only writers of adminUsers after the seed.
 */
const indexes = new WeakMap<Db, Map<string, Set<string>>>();

function managerIndex(ctx: Ctx): Map<string, Set<string>> {
  let index = indexes.get(ctx.db);
  if (index) return index;
  index = new Map();
  const rows = ctx.db
    .prepare("SELECT path FROM realtime_leaves WHERE path >= '/users/' AND path < '/users0' AND path GLOB '/users/*/adminUsers/*'")
    .all() as { path: string }[];
  for (const { path } of rows) {
    const [, users, manager, adminUsers, sub] = path.split('/');
    if (users !== 'users' || adminUsers !== 'adminUsers' || !manager || !sub) continue;
    add(index, sub, manager);
  }
  indexes.set(ctx.db, index);
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

export function managersOf(ctx: Ctx, sub: string): string[] {
  return [...(managerIndex(ctx).get(sub) ?? [])];
}

/**
 * Makes `manager` manage `sub` ("subscribes" to the new user). `addedAt` keeps the entry in the
 * tree even when the sub-user has no sites or modules yet (empty maps are not stored).
 */
export function subscribe(
  ctx: Ctx,
  manager: string,
  sub: string,
  grants: { controllers: Record<string, true>; moduleAccesses: Record<string, true> },
  now: number,
): void {
  ctx.realtime.set(entryPath(manager, sub), { addedAt: now, ...grants });
  add(managerIndex(ctx), sub, manager);
}

/** Removes `sub` from every manager's adminUsers (the user is deleted). */
export function unsubscribeEverywhere(ctx: Ctx, sub: string): void {
  const index = managerIndex(ctx);
  for (const manager of index.get(sub) ?? []) ctx.realtime.set(entryPath(manager, sub), null);
  index.delete(sub);
}

/** Forgets a deleted manager's own entries in the index (their profile is gone with them). */
export function forgetManager(ctx: Ctx, manager: string, subs: Iterable<string>): void {
  const index = managerIndex(ctx);
  for (const sub of subs) index.get(sub)?.delete(manager);
}

/** Keeps every manager's copy of one grant in step (`value` null removes it). */
export function mirrorGrant(ctx: Ctx, sub: string, field: MirroredField, key: string, value: true | null): void {
  for (const manager of managerIndex(ctx).get(sub) ?? []) writeEntry(ctx, manager, sub, `${field}/${key}`, value);
}

/** Keeps every manager's copy of a whole grant map in step. */
export function mirrorGrants(ctx: Ctx, sub: string, field: MirroredField, map: Record<string, true>): void {
  for (const manager of managerIndex(ctx).get(sub) ?? []) writeEntry(ctx, manager, sub, field, map);
}

/** Writes below a manager's entry, adding `addedAt` first so that the entry outlives its last grant. */
function writeEntry(ctx: Ctx, manager: string, sub: string, relative: string, value: unknown): void {
  const entry = entryPath(manager, sub);
  const writes: Record<string, unknown> = { [relative]: value };
  if (ctx.realtime.get(`${entry}/addedAt`) === null) writes.addedAt = ctx.clock.now();
  ctx.realtime.update(entry, writes);
}
