import { languageCode, role as roleSchema, type ListUsersQuery, type ManagedUser } from '@varde/core/contract';
import type { CloudContext } from '../context.js';
import { accountByEmail, accountByUid, accountsByEmailExcept, accountsByUids, type AccountRecord } from '../auth/accounts.js';
import type { Tx } from '../storage/transaction.js';
import { keysOf, type Actor } from './actor.js';
import { accountsWithProfiles } from './accountsWithProfiles.js';
import { userPath } from './profiles.js';

type Ctx = Pick<CloudContext, 'db' | 'realtime'>;

function trueMap(value: unknown): Record<string, true> {
  const map: Record<string, true> = {};
  if (value && typeof value === 'object') {
    for (const [key, flag] of Object.entries(value)) if (flag === true) map[key] = true;
  }
  return map;
}

const FIELDS = ['name', 'phone', 'language', 'controllers', 'moduleAccesses', 'licensingPartners', 'systemAdmin', 'source', 'disabled', 'directory'];
/**
 * Users per profile read: a list is read in a few queries, never one per user. Each user's fields are 10
 * ranges OR'ed into the statement: SQLite refuses an expression deeper than 1,000, so 50 users (500).
 */
const USERS_PER_READ = 50;

/**
 * Users as their managers see them: the account (uid, e-mail, role, phone) plus the profile's name,
 * language and grants, read field by field (a profile's adminUsers can be large), for up to
 * USERS_PER_READ users in one query.
 */
export async function managedUsersOf(ctx: Ctx, accounts: readonly AccountRecord[], tx?: Tx): Promise<ManagedUser[]> {
  const users: ManagedUser[] = [];
  for (let start = 0; start < accounts.length; start += USERS_PER_READ) {
    const slice = accounts.slice(start, start + USERS_PER_READ);
    const values = await ctx.realtime.getMany(slice.flatMap((account) => FIELDS.map((field) => `${userPath(account.uid)}/${field}`)), tx);
    slice.forEach((account, index) => users.push(managedUserFrom(account, values.slice(index * FIELDS.length, (index + 1) * FIELDS.length))));
  }
  return users;
}

/** One user as their managers see them (see managedUsersOf). */
export async function managedUserOf(ctx: Ctx, account: AccountRecord, tx?: Tx): Promise<ManagedUser> {
  return (await managedUsersOf(ctx, [account], tx))[0]!;
}

function managedUserFrom(account: AccountRecord, fields: unknown[]): ManagedUser {
  const [name, storedPhone, storedLanguage, controllers, moduleAccesses, licensingPartners, systemAdmin, source, disabled, directory] = fields;
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
  // The directory connection (SCIM) that manages the user, mirrored into the profile as `source` is.
  if (typeof directory === 'string' && directory !== '') user.directory = directory;
  return user;
}

export async function managedUserByUid(ctx: Ctx, uid: string, tx?: Tx): Promise<ManagedUser | null> {
  const account = await accountByUid(tx?.db ?? ctx.db, uid);
  return account ? managedUserOf(ctx, account, tx) : null;
}

/** People, in the list's order: by e-mail, then uid. */
function peopleByEmail<T>(items: T[], accountOf: (item: T) => AccountRecord): T[] {
  return items
    .filter((item) => accountOf(item).kind === 'person')
    .sort((a, b) => {
      const [x, y] = [accountOf(a), accountOf(b)];
      return x.email.toLowerCase().localeCompare(y.email.toLowerCase()) || x.uid.localeCompare(y.uid);
    });
}

/**
 * The users an actor manages: a system admin's are everyone's but their own. People only: service
 * accounts are listed apart (serviceAccounts/routes.ts). A manager's few are read with their profiles
 * in one statement; more, or everyone's, a slice of profiles at a time (managedUsersOf).
 */
async function usersManagedBy(ctx: Ctx, actor: Actor): Promise<ManagedUser[]> {
  if (actor.systemAdmin) return managedUsersOf(ctx, peopleByEmail(await accountsByEmailExcept(ctx.db, actor.uid), (account) => account));
  const subs = keysOf(await ctx.realtime.get(`${userPath(actor.uid)}/adminUsers`));
  if (subs.length > USERS_PER_READ) return managedUsersOf(ctx, peopleByEmail(await accountsByUids(ctx.db, subs), (account) => account));
  const people = peopleByEmail(await accountsWithProfiles(ctx.db, subs, FIELDS), (found) => found.account);
  return people.map(({ account, values }) => managedUserFrom(account, values));
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
  const users = await usersManagedBy(ctx, actor);
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
