import * as z from 'zod/mini';
import './zodLocale.js';
import { MIN_PASSWORD_LENGTH } from './auth.js';
import { moduleKey, role, roles, trueMap, type ModuleKey, type Role } from './common.js';

/**
 * users service (admin-modules spec, sections 6 and 7): the users an actor manages, and the calls
 * that create, change, grant to and delete them. The server enforces the same rules the UI shows.
 */

/** The grant matrix: Admin and PowerUser grant all five roles, User grants User/Guest/Viewer, Guest and Viewer none. */
export function grantableRoles(actorRole: Role, systemAdmin = false): Role[] {
  if (systemAdmin || actorRole === 'Admin' || actorRole === 'PowerUser') return [...roles];
  if (actorRole === 'User') return ['User', 'Guest', 'Viewer'];
  return [];
}

/** Whether an actor may add users at all (Guest and Viewer add no one). */
export function canAddUsers(actorRole: Role, systemAdmin = false): boolean {
  return grantableRoles(actorRole, systemAdmin).length > 0;
}

/**
 * The module accesses a new user's role implies, when whoever adds them names none (decision, issue
 * 16: a new user who can open nothing is of no use). The adder grants only those they have themselves.
 */
export const ROLE_MODULES: Readonly<Record<Role, readonly ModuleKey[]>> = {
  Viewer: ['sites', 'alarms'],
  Guest: ['sites', 'alarms'],
  User: ['sites', 'alarms', 'search'],
  PowerUser: ['sites', 'alarms', 'search', 'notifications', 'bim', 'functions', 'apps', 'mlexplorer'],
  Admin: ['sites', 'alarms', 'search', 'notifications', 'bim', 'functions', 'apps', 'mlexplorer', 'users', 'licensing'],
};

export const languageCode = z.enum(['no', 'en', 'se']);
export type LanguageCode = z.infer<typeof languageCode>;

/** Trimmed e-mail, the user's sign-in name (`username`). */
export const userEmail = z
  .string()
  .check(z.trim(), z.minLength(1, 'E-mail is required'), z.maxLength(254), z.email('E-mail must be valid'));
const personName = z.string().check(z.trim(), z.minLength(1, 'Name is required'), z.maxLength(200));
const phoneNumber = z.string().check(z.trim(), z.maxLength(40), z.regex(/^[+0-9 ()-]*$/, 'Phone number may hold digits, spaces, + ( ) -'));
const password = z
  .string()
  .check(z.minLength(MIN_PASSWORD_LENGTH, `Password must have at least ${MIN_PASSWORD_LENGTH} characters`), z.maxLength(200));
/** An id used as a key of the realtime database (uid, site, partner): no `. # $ [ ] /`, no control characters. */
export const userKeySchema = z.string().check(z.minLength(1), z.maxLength(200), z.regex(/^[^.#$[\]/\u0000-\u001f\u007f]+$/, 'Not a valid id'));
const moduleMap = z.partialRecord(moduleKey, z.literal(true));
const keyMap = z.record(userKeySchema, z.literal(true));

/**
 * The import that made or last updated a user (`varde users import --source hr`): a short name, so
 * that a later import of that source may prune the users its file no longer names, and no one else.
 */
export const userSource = z
  .string()
  .check(z.regex(/^[a-z0-9][a-z0-9._-]{0,39}$/, 'Source must be 1-40 lower-case letters, digits, . _ - (starting with a letter or digit)'));

/** A user as the users service shows it to someone who manages them. */
export const managedUser = z.object({
  uid: z.string(),
  /** The e-mail address the user signs in with. */
  username: z.string(),
  name: z.string(),
  phone: z.optional(z.string()),
  role,
  language: languageCode,
  controllers: trueMap,
  moduleAccesses: trueMap,
  licensingPartners: trueMap,
  systemAdmin: z.boolean(),
  /** The import source that made or last updated the user; absent for users added by hand. */
  source: z.optional(z.string()),
  /** Present (true) when the user is disabled: their sessions and access tokens ended, and they cannot sign in. */
  disabled: z.optional(z.boolean()),
  /** The directory connection (SCIM) that manages the user, by name; absent for users added here. */
  directory: z.optional(z.string()),
});
export type ManagedUser = z.infer<typeof managedUser>;

/** GET /users: the caller's sub-users (a system admin: every user), by username. */
export const listUsersQuery = z.object({
  /** Case-insensitive substring of username, name or phone. */
  search: z.optional(z.string().check(z.maxLength(200))),
  /** Exactly this e-mail (case-insensitive): at most one answer. */
  email: z.optional(z.string().check(z.maxLength(254))),
  /** Only the users of this import source (`userSource`). */
  source: z.optional(z.string().check(z.maxLength(40))),
  offset: z.optional(z.coerce.number().check(z.int(), z.minimum(0))),
  limit: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(1000))),
});
export type ListUsersQuery = z.infer<typeof listUsersQuery>;

export const listUsersResponse = z.object({ data: z.array(managedUser), total: z.number().check(z.int()) });
export type ListUsersResponse = z.infer<typeof listUsersResponse>;

/**
 * POST /users. The spec's body is username, name, role, phone and controllers; the rest is optional
 * so that one call creates a complete user (bulk import). Without a password the user sets one
 * through POST /users/{id}/reset-password.
 */
export const createUserRequest = z.object({
  username: userEmail,
  name: personName,
  role: role,
  phone: z.optional(phoneNumber),
  controllers: z.optional(keyMap),
  moduleAccesses: z.optional(moduleMap),
  licensingPartners: z.optional(keyMap),
  language: z.optional(languageCode),
  password: z.optional(password),
  /** Stored with the user (see userSource). */
  source: z.optional(userSource),
  /** false: no invitation e-mail for a user created without a password (default true). */
  invite: z.optional(z.boolean()),
});
export type CreateUserRequest = z.input<typeof createUserRequest>;

/** The Location header of a created user is `/users/<uid>`: the id is its tail after 7 characters. */
export const USER_LOCATION_PREFIX = '/users/';
export function userIdFromLocation(location: string): string {
  return location.slice(USER_LOCATION_PREFIX.length);
}

/**
 * PATCH /users/{id}: property updates (username, name, phone, role, language, source, disabled). `controllers`,
 * `moduleAccesses` and `licensingPartners` replace the grants the actor controls (keys the actor
 * does not have stay as they are). An empty phone removes it.
 */
export const updateUserRequest = z
  .strictObject({
    username: z.optional(userEmail),
    name: z.optional(personName),
    phone: z.optional(phoneNumber),
    role: z.optional(role),
    language: z.optional(languageCode),
    controllers: z.optional(keyMap),
    moduleAccesses: z.optional(moduleMap),
    licensingPartners: z.optional(keyMap),
    /** A new source, or null: the user no longer belongs to an import. */
    source: z.optional(z.nullable(userSource)),
    /** true disables the user (sessions and access tokens end at once, sign-in is refused); false enables them again. */
    disabled: z.optional(z.boolean()),
  })
  .check(z.refine((patch) => Object.keys(patch).length > 0, { message: 'Nothing to update' }));
export type UpdateUserRequest = z.input<typeof updateUserRequest>;

/** POST /users/{uid}/password. */
export const setPasswordRequest = z.object({ password });
export type SetPasswordRequest = z.infer<typeof setPasswordRequest>;

/** The kinds of grant with PUT (add) and DELETE (remove) /users/{id}/{kind}/{key}. */
export const grantKinds = { sites: 'controllers', modules: 'moduleAccesses', licensingPartners: 'licensingPartners' } as const;
export type GrantKind = keyof typeof grantKinds;

/** GET /users/grantable: what the caller may hand out (roles, sites, modules, partners). */
export const grantableResponse = z.object({
  roles: z.array(role),
  controllers: z.array(z.string()),
  moduleAccesses: z.array(moduleKey),
  licensingPartners: z.array(z.string()),
  /**
   * The ISO 3166 country of the caller's partner (`/partners/{id}/defaultCountry`), for phone numbers
   * written without a country code; absent when the partner names none (clients then take Norway).
   */
  defaultCountry: z.optional(z.string()),
});
export type GrantableResponse = z.infer<typeof grantableResponse>;
