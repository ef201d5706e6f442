import type { CloudServices } from '../services.js';
import type { Tx } from '../storage/transaction.js';

// CloudServices, not CloudContext: the context's route list (http/routeRegistry.ts) leads back here.
type Ctx = Pick<CloudServices, 'realtime'>;

/** The partner that owns what a user makes; a user without a main partner is a partner of their own. */
export async function partnerOfUser(ctx: Ctx, uid: string, tx?: Tx): Promise<string> {
  const main = await ctx.realtime.get(`/users/${uid}/mainPartner`, tx);
  return typeof main === 'string' && main !== '' ? main : `user:${uid}`;
}

/**
 * What a caller may see of partner-owned things (functions, mappings and their tables, ML models, BIM
 * graphs): their own partner's; a system admin sees every partner's and acts in their own.
 */
export interface PartnerScope {
  partner: string;
  all: boolean;
}

export async function partnerScopeOf(ctx: Ctx, uid: string, tx?: Tx): Promise<PartnerScope> {
  const [partner, systemAdmin] = await Promise.all([partnerOfUser(ctx, uid, tx), ctx.realtime.get(`/users/${uid}/systemAdmin`, tx)]);
  return { partner, all: systemAdmin === true };
}

/** Whether a thing owned by `owner` is visible in `scope`. Anything else answers 404, as if it did not exist. */
export function sees(scope: PartnerScope, owner: string): boolean {
  return scope.all || scope.partner === owner;
}
