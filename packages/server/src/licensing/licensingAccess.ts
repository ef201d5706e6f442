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
  partners(): string[];
  hasPartner(partner: string): boolean;
}

function partnerExists(ctx: Ctx, partner: string): boolean {
  return ctx.realtime.get(`/partners/${partner}/name`) !== null;
}

/**
 * Only users with the partner in /users/{uid}/licensingPartners act on its licences (a system admin:
 * every partner there is). Users' partners are toggled by the users service.
 */
export function loadLicensingActor(ctx: Ctx, uid: string): LicensingActor {
  const account = accountByUid(ctx.db, uid);
  if (!account) throw new HttpError(401, 'Your account no longer exists');
  const systemAdmin = ctx.realtime.get(`${userPath(uid)}/systemAdmin`) === true;
  const own = () => {
    const map = ctx.realtime.get(`${userPath(uid)}/licensingPartners`);
    return keysOf(map).filter((key) => (map as Record<string, unknown>)[key] === true);
  };
  const partners = () => {
    const keys = systemAdmin ? [...new Set([...own(), ...keysOf(ctx.realtime.get('/partners'))])] : own();
    return keys.filter((key) => partnerExists(ctx, key)).sort();
  };
  return {
    uid,
    email: account.email,
    partners,
    hasPartner: (partner) =>
      partnerExists(ctx, partner) &&
      (systemAdmin || ctx.realtime.get(`${userPath(uid)}/licensingPartners/${partner}`) === true),
  };
}

/** 403 unless the actor has the partner (an unknown partner is refused the same way: nothing is revealed). */
export function requirePartner(actor: LicensingActor, partner: string): void {
  if (!actor.hasPartner(partner)) throw new HttpError(403, `You are not a licensing administrator for the partner ${partner}`);
}
