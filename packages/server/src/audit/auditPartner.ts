import type { CloudServices } from '../services.js';
import type { Tx } from '../storage/transaction.js';
import { managersOf } from '../users/managers.js';

type Ctx = Pick<CloudServices, 'db' | 'realtime' | 'clock'>;

/**
 * The partner whose admins read the records about a person (their sign-ins, changes to them): the
 * person's main partner; for someone without one (a sub-user made before partners), the main partner of
 * whoever manages them; else a partner of their own (`user:<uid>`, read by system admins only).
 */
export async function auditPartnerOfUser(ctx: Ctx, uid: string, tx?: Tx): Promise<string> {
  const own = await ctx.realtime.get(`/users/${uid}/mainPartner`, tx);
  if (typeof own === 'string' && own !== '') return own;
  for (const manager of await managersOf(ctx, uid, tx)) {
    const theirs = await ctx.realtime.get(`/users/${manager}/mainPartner`, tx);
    if (typeof theirs === 'string' && theirs !== '') return theirs;
  }
  return `user:${uid}`;
}
