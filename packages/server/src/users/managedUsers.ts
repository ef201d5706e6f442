import { languageCode, role as roleSchema, type ListUsersQuery, type ManagedUser } from '@varde/core/contract';
import type { CloudContext } from '../context.js';
import { accountByEmail, accountByUid, accountsByEmailExcept, accountsByUids, type AccountRecord } from '../auth/accounts.js';
import type { Tx } from '../storage/transaction.js';
import { keysOf, type Actor } from './actor.js';
import { userPath } from './profiles.js';

type Ctx = Pick<CloudContext, 'db' | 'realtime'>;

function trueMap(value: unknown): Record<string, true> {
  const map: Record<string, true> = {};
  if (value && typeof value === 'object') {
    for (const [key, flag] of Object.entries(value)) if (flag === true) map[key] = true;
  }
  return map;
}

/**
 * A user as their managers see them: the account (uid, e-mail, role, phone) plus the profile's
 * name, language and grants, read field by field (a profile's adminUsers can be large).
 */
export async function managedUserOf(ctx: Ctx, account: AccountRecord, tx?: Tx): Promise<ManagedUser> {
  const base = userPath(account.uid);
  const fields = ['name', 'phone', 'language', 'controllers', 'moduleAccesses', 'licensingPartners', 'systemAdmin', 'source', 'disabled'];
  const [name, storedPhone, storedLanguage, controllers, moduleAccesses, licensingPartners, systemAdmin, source, disabled] = await ctx.realtime.getMany(
    fields.map((field) => `${base}/${field}`),
    tx,
  );
  const phone = account.phone ?? storedPhone;
  const language = languageCode.safeParse(storedLanguage);
  const user: ManagedUser = {
    uid: account.uid,
    username: account.email,
    name: typeof name === 'string' ? name : account.email,
    role: roleSchema.parse(account.role),
    language: language.success ? language.data : 'en',
    controllers: trueMap(controllers),
    moduleAccesses: trueMap(moduleAccesses),
    licensingPartners: trueMap(licensingPartners),
    systemAdmin: systemAdmin === true,
  };
  if (typeof phone === 'string' && phone !== '') user.phone = phone;
  if (typeof source === 'string' && source !== '') user.source = source;
  if (disabled === true) user.disabled = true;
  return user;
}

export async function managedUserByUid(ctx: Ctx, uid: string, tx?: Tx): Promise<ManagedUser | null> {
  const account = await accountByUid(tx?.db ?? ctx.db, uid);
  return account ? managedUserOf(ctx, account, tx) : null;
}

/** The accounts an actor manages, by e-mail: a system admin's are everyone's but their own. */
// People only: service accounts are listed apart (serviceAccounts/routes.ts).
async function managedAccounts(ctx: Ctx, actor: Actor): Promise<AccountRecord[]> {
  if (actor.systemAdmin) return (await accountsByEmailExcept(ctx.db, actor.uid)).filter((account) => account.kind === 'person');
  const subs = keysOf(await ctx.realtime.get(`${userPath(actor.uid)}/adminUsers`));
  return (await accountsByUids(ctx.db, subs)).filter((account) => account.kind === 'person').sort(
    (a, b) => a.email.toLowerCase().localeCompare(b.email.toLowerCase()) || a.uid.localeCompare(b.uid),
  );
}

/**
 * GET /users: `email` finds one user cheaply (the CLI's upsert); `search` matches username, name or phone;
 * `source` keeps the users of one import source (what an import may prune).
 */
export async function listManagedUsers(ctx: Ctx, actor: Actor, query: ListUsersQuery): Promise<{ data: ManagedUser[]; total: number }> {
  if (query.email !== undefined) {
    const account = await accountByEmail(ctx.db, query.email);
    const data = account && (await actor.manages(account.uid)) ? [await managedUserOf(ctx, account)] : [];
    return { data, total: data.length };
  }
  const users: ManagedUser[] = [];
  for (const account of await managedAccounts(ctx, actor)) users.push(await managedUserOf(ctx, account));
  const needle = query.search?.trim().toLowerCase();
  const found = users.filter(
    (user) =>
      (query.source === undefined || user.source === query.source) &&
      (!needle || [user.username, user.name, user.phone ?? ''].some((field) => field.toLowerCase().includes(needle))),
  );
  const offset = query.offset ?? 0;
  const page = found.slice(offset, query.limit === undefined ? undefined : offset + query.limit);
  return { data: page, total: found.length };
}
