import type { NotificationRules, RuleUser } from '@varde/core/contract';
import type { CloudServices } from '../services.js';
import type { Tx } from '../storage/transaction.js';
import { accountByUid, type AccountRecord } from '../auth/accounts.js';
import { siteForCaller } from '../controllers/visibleSites.js';
import type { SiteRecord } from '../controllers/sites.js';
import type { Caller } from '../http/caller.js';
import { profileOfCaller } from '../http/callerProfile.js';
import { HttpError } from '../http/HttpError.js';
import { loadActor, type Actor } from '../users/actor.js';
import { userPath } from '../users/profiles.js';

type Ctx = Pick<CloudServices, 'db' | 'realtime' | 'clock'>;

/** Modules that open the notifications page (spec: the users module gates it; `notifications` is its own key). */
const RULE_MODULES = ['notifications', 'users'] as const;

/**
 * The caller may manage a site's rules when they may see the site (404/403 otherwise, as every
 * controllers-api route) and have the notifications or users module (decision: the spec gates the
 * page on users; a token without either gets 403 from the server too).
 */
export async function requireRuleAccess(ctx: Ctx, caller: Caller, siteUuid: string): Promise<{ actor: Actor; site: SiteRecord }> {
  const site = await siteForCaller(ctx, caller, siteUuid);
  // The request's caller profile, read once for the request (http/callerProfile.ts).
  const { systemAdmin, modules } = await profileOfCaller(ctx, caller);
  if (!systemAdmin && !RULE_MODULES.some((module) => modules.has(module))) {
    throw new HttpError(403, 'You need the notifications or users module to manage notification rules');
  }
  return { actor: await loadActor(ctx, caller.uid, undefined, { role: caller.accountRole, systemAdmin }), site };
}

/** Whether a user (account + profile) has the site: a system admin has every site. Inside a transaction, pass its Tx. */
export async function userHasSite(ctx: Pick<CloudServices, 'realtime'>, uid: string, siteUuid: string, tx?: Tx): Promise<boolean> {
  const base = userPath(uid);
  return (await ctx.realtime.get(`${base}/systemAdmin`, tx)) === true || (await ctx.realtime.get(`${base}/controllers/${siteUuid}`, tx)) === true;
}

export async function phoneOf(ctx: Pick<CloudServices, 'realtime'>, account: AccountRecord, tx?: Tx): Promise<string | null> {
  const stored = account.phone ?? (await ctx.realtime.get(`${userPath(account.uid)}/phone`, tx));
  return typeof stored === 'string' && stored.trim() !== '' ? stored.trim() : null;
}

async function ruleUserOf(ctx: Ctx, account: AccountRecord): Promise<RuleUser> {
  const name = await ctx.realtime.get(`${userPath(account.uid)}/name`);
  const phone = await phoneOf(ctx, account);
  return {
    uid: account.uid,
    username: account.email,
    name: typeof name === 'string' ? name : account.email,
    ...(phone ? { phone } : {}),
  };
}

function usersInRules(rules: NotificationRules): Set<string> {
  return new Set(Object.values(rules).flatMap((rule) => rule.users));
}

/**
 * Whom the caller may put in a site's rules: users who have the site and whom the caller knows —
 * themselves, their sub-users and users already in the site's rules (a system admin knows everyone).
 * Nobody learns of other users through this list.
 */
export async function ruleUserCandidates(ctx: Ctx, actor: Actor, siteUuid: string, current: NotificationRules): Promise<RuleUser[]> {
  const uids = new Set<string>([actor.uid, ...usersInRules(current)]);
  if (actor.systemAdmin) {
    for (const row of await ctx.db.selectFrom('accounts').select('uid').execute()) uids.add(row.uid as string);
  } else {
    const subs = await ctx.realtime.get(`${userPath(actor.uid)}/adminUsers`);
    if (subs && typeof subs === 'object') for (const uid of Object.keys(subs)) uids.add(uid);
  }
  const users: RuleUser[] = [];
  for (const uid of uids) {
    const account = await accountByUid(ctx.db, uid);
    if (account && (await userHasSite(ctx, uid, siteUuid))) users.push(await ruleUserOf(ctx, account));
  }
  return users.sort((a, b) => a.username.toLowerCase().localeCompare(b.username.toLowerCase()));
}

/**
 * Every user of the new rules must be one the caller could pick (see ruleUserCandidates); others
 * get 400 `Unknown user id …` whether or not they exist, so the answer reveals nothing.
 */
export async function requireKnownRuleUsers(
  ctx: Ctx,
  actor: Actor,
  siteUuid: string,
  next: NotificationRules,
  current: NotificationRules,
): Promise<void> {
  const already = usersInRules(current);
  const mayPick = async (uid: string) =>
    (uid === actor.uid || already.has(uid) || (await actor.manages(uid))) &&
    (await accountByUid(ctx.db, uid)) !== null &&
    (await userHasSite(ctx, uid, siteUuid));
  for (const rule of Object.values(next)) {
    for (const uid of rule.users) {
      if (!(await mayPick(uid))) throw new HttpError(400, `rules.${rule.ruleId}.users: Unknown user id ${uid} (not a user of this site you manage)`);
    }
  }
}
