import type { CloudContext } from '../context.js';
import { accountByUid } from '../auth/accounts.js';
import { HttpError } from '../http/HttpError.js';
import { keysOf } from '../users/actor.js';
import { userPath } from '../users/profiles.js';

type Ctx = Pick<CloudContext, 'db' | 'realtime'>;

/** Who acts on licences: their e-mail (issuedBy) and the licensing partners they have. */
export interface LicensingActor {
  uid: string;
  email: string;
  /** The partners whose licences this actor may see and change. */
  partners(): Promise<string[]>;
  hasPartner(partner: string): Promise<boolean>;
}

async function partnerExists(ctx: Ctx, partner: string): Promise<boolean> {
  return (await ctx.realtime.get(`/partners/${partner}/name`)) !== null;
}

/**
 * Only users with the partner in /users/{uid}/licensingPartners act on its licences (a system admin:
 * every partner there is). Users' partners are toggled by the users service.
 */
export async function loadLicensingActor(ctx: Ctx, uid: string): Promise<LicensingActor> {
  const account = await accountByUid(ctx.db, uid);
  if (!account) throw new HttpError(401, 'Your account no longer exists');
  const systemAdmin = (await ctx.realtime.get(`${userPath(uid)}/systemAdmin`)) === true;
  const own = async () => {
    const map = await ctx.realtime.get(`${userPath(uid)}/licensingPartners`);
    return keysOf(map).filter((key) => (map as Record<string, unknown>)[key] === true);
  };
  const partners = async () => {
    const keys = systemAdmin ? [...new Set([...(await own()), ...keysOf(await ctx.realtime.get('/partners'))])] : await own();
    const existing: string[] = [];
    for (const key of keys) if (await partnerExists(ctx, key)) existing.push(key);
    return existing.sort();
  };
  return {
    uid,
    email: account.email,
    partners,
    hasPartner: async (partner) =>
      (await partnerExists(ctx, partner)) &&
      (systemAdmin || (await ctx.realtime.get(`${userPath(uid)}/licensingPartners/${partner}`)) === true),
  };
}

/** 403 unless the actor has the partner (an unknown partner is refused the same way: nothing is revealed). */
export async function requirePartner(actor: LicensingActor, partner: string): Promise<void> {
  if (!(await actor.hasPartner(partner))) throw new HttpError(403, `You are not a licensing administrator for the partner ${partner}`);
}
