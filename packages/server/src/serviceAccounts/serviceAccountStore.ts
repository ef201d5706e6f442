import { randomBytes } from 'node:crypto';
import type { CreateServiceAccountRequest, Role, ServiceAccount } from '@varde/core/contract';
import type { CloudContext } from '../context.js';
import { HttpError } from '../http/HttpError.js';
import { partnerOfUser } from '../partners/partnerScope.js';
import { storeHeldInserts } from '../storage/deferredInserts.js';
import { isUniqueViolation } from '../storage/executeResults.js';
import type { Tx } from '../storage/transaction.js';
import { tokenCounts } from '../tokens/personalTokens.js';
import type { Actor } from '../users/actor.js';
import { unsubscribeEverywhere } from '../users/managers.js';
import { userPath } from '../users/profiles.js';
import { createUser } from '../users/userWrites.js';

/**
 * A service account's sign-in name: never an address anyone receives mail at (`.invalid`, RFC 2606),
 * unique through the random part. It is an account like a person's, so grants, sites and the access
 * checks work alike; its kind keeps it out of sign-in, the users list and imports' pruning.
 */
function serviceAccountEmail(name: string): string {
  const slug = name.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 40) || 'service';
  return `${slug}.${randomBytes(4).toString('hex')}@service-accounts.varde.invalid`;
}

interface ServiceAccountRow {
  uid: string;
  partner: string;
  name: string;
  created_by: string;
  created_at: number | string;
  role: Role;
}

type Ctx = Pick<CloudContext, 'db' | 'realtime' | 'clock'>;

/** Makes a service account for the actor's partner, with the grants the actor may give (as for a person). */
export async function createServiceAccount(ctx: Ctx, actor: Actor, body: CreateServiceAccountRequest, tx: Tx): Promise<ServiceAccount> {
  const user = await createUser(
    ctx,
    actor,
    { username: serviceAccountEmail(body.name), name: body.name, role: body.role, controllers: body.controllers ?? {}, moduleAccesses: body.moduleAccesses },
    undefined,
    tx,
  );
  // The account row may wait for the batch's commit (storage/deferredInserts.ts): store it now, to mark it.
  await storeHeldInserts(tx);
  await tx.db.updateTable('accounts').set({ kind: 'service' }).where('uid', '=', user.uid).execute();
  const partner = await partnerOfUser(ctx, user.uid, tx);
  const now = ctx.clock.now();
  try {
    await tx.db.insertInto('service_accounts').values({ uid: user.uid, partner, name: body.name, created_by: actor.uid, created_at: now }).execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, `Your partner has a service account named "${body.name}" already`);
    throw error;
  }
  return { uid: user.uid, name: body.name, role: body.role, partner, controllers: user.controllers, createdAt: now, createdBy: actor.uid, tokens: 0 };
}

/** The service accounts of one partner (every partner's for a system admin), by name. */
export async function listServiceAccounts(ctx: Ctx, partner: string | null): Promise<ServiceAccount[]> {
  let query = ctx.db
    .selectFrom('service_accounts as s')
    .innerJoin('accounts as a', 'a.uid', 's.uid')
    .select(['s.uid', 's.partner', 's.name', 's.created_by', 's.created_at', 'a.role']);
  if (partner !== null) query = query.where('s.partner', '=', partner);
  const rows = (await query.orderBy('s.name').execute()) as ServiceAccountRow[];
  const uids = rows.map((row) => row.uid);
  const [counts, grants] = await Promise.all([
    tokenCounts(ctx.db, uids),
    ctx.realtime.getMany(uids.map((uid) => `${userPath(uid)}/controllers`)),
  ]);
  return rows.map((row, index) => ({
    uid: row.uid,
    name: row.name,
    role: row.role,
    partner: row.partner,
    controllers: (grants[index] ?? {}) as Record<string, true>,
    createdAt: Number(row.created_at),
    createdBy: row.created_by,
    tokens: counts.get(row.uid) ?? 0,
  }));
}

/** The partner that owns a service account, or null when `uid` is none. */
export async function serviceAccountPartner(ctx: Pick<Ctx, 'db'>, uid: string): Promise<string | null> {
  const row = await ctx.db.selectFrom('service_accounts').select('partner').where('uid', '=', uid).executeTakeFirst();
  return row ? String(row.partner) : null;
}

/** Deletes the account, its tokens (cascade) and its profile. */
export async function deleteServiceAccount(ctx: Ctx, uid: string, tx: Tx): Promise<void> {
  await tx.db.deleteFrom('accounts').where('uid', '=', uid).execute();
  await unsubscribeEverywhere(ctx, uid, tx);
  await ctx.realtime.set(userPath(uid), null, tx);
}
