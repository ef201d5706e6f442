import { okResponse } from '../contract/auth.js';
import {
  grantableResponse,
  listUsersResponse,
  managedUser,
  type CreateUserRequest,
  type GrantKind,
  type GrantableResponse,
  type ListUsersQuery,
  type ListUsersResponse,
  type ManagedUser,
  type UpdateUserRequest,
} from '../contract/users.js';
import type { HttpClient } from '../http/createHttpClient.js';
import { isHttpError } from '../http/HttpError.js';

/**
 * The users service's calls (contract/users.ts), for the portal's widgets and the CLI. Each takes
 * the HttpClient of a session (`session.http`) and throws core's HttpError on a non-2xx answer
 * (409 on create: the user exists; 403: not allowed; 404: not one of your users).
 */
const USERS = 'users';

export interface UsersCallOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
}

function pass(options: UsersCallOptions | undefined): UsersCallOptions {
  const out: UsersCallOptions = {};
  if (options?.signal) out.signal = options.signal;
  if (options?.timeoutMs !== undefined) out.timeoutMs = options.timeoutMs;
  return out;
}

const userPath = (uid: string) => `/users/${encodeURIComponent(uid)}`;

/** GET /users: the caller's sub-users by username (a system admin: everyone), optionally searched and paged. */
export function listUsers(http: HttpClient, query: ListUsersQuery = {}, options?: UsersCallOptions): Promise<ListUsersResponse> {
  return http.request(USERS, '/users', { ...pass(options), query: { ...query }, schema: listUsersResponse });
}

/** Every sub-user, fetched page by page (`pageSize` per request). */
export async function* allUsers(http: HttpClient, pageSize = 500, options?: UsersCallOptions): AsyncGenerator<ManagedUser> {
  for (let offset = 0; ; offset += pageSize) {
    const page = await listUsers(http, { offset, limit: pageSize }, options);
    yield* page.data;
    if (page.data.length < pageSize || offset + page.data.length >= page.total) return;
  }
}

/** The sub-user with this e-mail (any case), or null when there is none the caller manages. */
export async function findUserByEmail(http: HttpClient, email: string, options?: UsersCallOptions): Promise<ManagedUser | null> {
  const page = await listUsers(http, { email }, options);
  return page.data[0] ?? null;
}

/** GET /users/{id}. */
export function getUser(http: HttpClient, uid: string, options?: UsersCallOptions): Promise<ManagedUser> {
  return http.request(USERS, userPath(uid), { ...pass(options), schema: managedUser });
}

/** GET /users/grantable: the roles, sites, modules and partners the caller may hand out. */
export function getGrantable(http: HttpClient, options?: UsersCallOptions): Promise<GrantableResponse> {
  return http.request(USERS, '/users/grantable', { ...pass(options), schema: grantableResponse });
}

/**
 * POST /users. Resolves to the new user (its uid is also the Location header's tail). A 409
 * HttpError means a user with that e-mail exists: `isUserExistsError(error)`.
 */
export function createUser(http: HttpClient, request: CreateUserRequest, options?: UsersCallOptions): Promise<ManagedUser> {
  return http.request(USERS, '/users', { ...pass(options), method: 'POST', body: request, schema: managedUser });
}

export function isUserExistsError(error: unknown): boolean {
  return isHttpError(error) && error.status === 409;
}

/** PATCH /users/{id}: username, name, phone, role, language (and whole grant maps). */
export function updateUser(http: HttpClient, uid: string, patch: UpdateUserRequest, options?: UsersCallOptions): Promise<ManagedUser> {
  return http.request(USERS, userPath(uid), { ...pass(options), method: 'PATCH', body: patch, schema: managedUser });
}

/** DELETE /users/{uid}. */
export async function deleteUser(http: HttpClient, uid: string, options?: UsersCallOptions): Promise<void> {
  await http.request(USERS, userPath(uid), { ...pass(options), method: 'DELETE' });
}

/**
 * PUT (`on` true) or DELETE /users/{id}/{kind}/{key}: a site (`sites`), a module (`modules`) or a
 * licensing partner (`licensingPartners`). Repeating it changes nothing. Resolves to the user after it.
 */
export function setUserAccess(
  http: HttpClient,
  uid: string,
  kind: GrantKind,
  key: string,
  on: boolean,
  options?: UsersCallOptions,
): Promise<ManagedUser> {
  return http.request(USERS, `${userPath(uid)}/${kind}/${encodeURIComponent(key)}`, {
    ...pass(options),
    method: on ? 'PUT' : 'DELETE',
    schema: managedUser,
  });
}

/** POST /users/{uid}/password: your own, or (system admin, Admin, PowerUser) a sub-user's. */
export async function setUserPassword(http: HttpClient, uid: string, password: string, options?: UsersCallOptions): Promise<void> {
  await http.request(USERS, `${userPath(uid)}/password`, { ...pass(options), method: 'POST', body: { password }, schema: okResponse });
}

/** POST /users/{id}/reset-password: e-mails the user a link to choose a password. */
export async function sendPasswordReset(http: HttpClient, uid: string, options?: UsersCallOptions): Promise<void> {
  await http.request(USERS, `${userPath(uid)}/reset-password`, { ...pass(options), method: 'POST', schema: okResponse });
}
