import { languageCode, role as roleSchema, type ListUsersQuery, type ManagedUser } from '@varde/core/contract';
import type { CloudContext } from '../context.js';
import { accountByEmail, accountByUid, type AccountRecord } from '../auth/accounts.js';
import { keysOf, type Actor } from './actor.js';
import { userPath } from './profiles.js';

type Ctx = Pick<CloudContext, 'db' | 'realtime'>;

function trueMapAt(ctx: Ctx, path: string): Record<string, true> {
  const value = ctx.realtime.get(path);
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
export function managedUserOf(ctx: Ctx, account: AccountRecord): ManagedUser {
  const base = userPath(account.uid);
  const name = ctx.realtime.get(`${base}/name`);
  const phone = account.phone ?? ctx.realtime.get(`${base}/phone`);
  const language = languageCode.safeParse(ctx.realtime.get(`${base}/language`));
  const user: ManagedUser = {
    uid: account.uid,
    username: account.email,
    name: typeof name === 'string' ? name : account.email,
    role: roleSchema.parse(account.role),
    language: language.success ? language.data : 'en',
    controllers: trueMapAt(ctx, `${base}/controllers`),
    moduleAccesses: trueMapAt(ctx, `${base}/moduleAccesses`),
    licensingPartners: trueMapAt(ctx, `${base}/licensingPartners`),
    systemAdmin: ctx.realtime.get(`${base}/systemAdmin`) === true,
  };
  if (typeof phone === 'string' && phone !== '') user.phone = phone;
  return user;
}

export function managedUserByUid(ctx: Ctx, uid: string): ManagedUser | null {
  const account = accountByUid(ctx.db, uid);
  return account ? managedUserOf(ctx, account) : null;
}

/** The accounts an actor manages, by e-mail: a system admin's are everyone's but their own. */
function managedAccounts(ctx: Ctx, actor: Actor): AccountRecord[] {
  if (actor.systemAdmin) {
    const rows = ctx.db.prepare('SELECT uid FROM accounts WHERE uid <> ? ORDER BY email COLLATE NOCASE, uid').all(actor.uid) as { uid: string }[];
    return rows.map((row) => accountByUid(ctx.db, row.uid)).filter((account): account is AccountRecord => account !== null);
  }
  const subs = keysOf(ctx.realtime.get(`${userPath(actor.uid)}/adminUsers`));
  return subs
    .map((uid) => accountByUid(ctx.db, uid))
    .filter((account): account is AccountRecord => account !== null)
    .sort((a, b) => a.email.toLowerCase().localeCompare(b.email.toLowerCase()) || a.uid.localeCompare(b.uid));
}

/** GET /users: `email` finds one user cheaply (the CLI's upsert); `search` matches username, name or phone. */
export function listManagedUsers(ctx: Ctx, actor: Actor, query: ListUsersQuery): { data: ManagedUser[]; total: number } {
  if (query.email !== undefined) {
    const account = accountByEmail(ctx.db, query.email);
    const data = account && actor.manages(account.uid) ? [managedUserOf(ctx, account)] : [];
    return { data, total: data.length };
  }
  let users = managedAccounts(ctx, actor).map((account) => managedUserOf(ctx, account));
  const needle = query.search?.trim().toLowerCase();
  if (needle) {
    users = users.filter((user) =>
      [user.username, user.name, user.phone ?? ''].some((field) => field.toLowerCase().includes(needle)),
    );
  }
  const offset = query.offset ?? 0;
  const page = users.slice(offset, query.limit === undefined ? undefined : offset + query.limit);
  return { data: page, total: users.length };
}
