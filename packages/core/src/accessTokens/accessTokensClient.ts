import {
  createdToken,
  listServiceAccountsResponse,
  listTokensResponse,
  serviceAccount,
  type AccessTokenInfo,
  type CreateServiceAccountRequest,
  type CreateTokenRequest,
  type CreatedToken,
  type ServiceAccount,
} from '../contract/accessTokens.js';
import type { HttpClient } from '../http/createHttpClient.js';

/**
 * Personal access tokens (the auth server's /tokens) and service accounts (the users service's
 * /service-accounts), contract/accessTokens.ts. Each takes a signed-in session's HttpClient: tokens and
 * service accounts are managed from a session, never with a token (403). A created token's secret is
 * in the answer only; callers show it once and keep it nowhere (no storage, no log).
 */
const AUTH = 'auth';
const USERS = 'users';

export interface TokenCallOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
}

function pass(options: TokenCallOptions | undefined): TokenCallOptions {
  const out: TokenCallOptions = {};
  if (options?.signal) out.signal = options.signal;
  if (options?.timeoutMs !== undefined) out.timeoutMs = options.timeoutMs;
  return out;
}

const serviceAccountPath = (uid: string) => `/service-accounts/${encodeURIComponent(uid)}`;

/** GET /tokens: the caller's own tokens (never their secrets), oldest first. */
export async function listAccessTokens(http: HttpClient, options?: TokenCallOptions): Promise<AccessTokenInfo[]> {
  return (await http.request(AUTH, '/tokens', { ...pass(options), schema: listTokensResponse })).data;
}

/** POST /tokens: a personal access token (default 90 days, write scope); 409 when the name is taken. */
export function createAccessToken(http: HttpClient, request: CreateTokenRequest, options?: TokenCallOptions): Promise<CreatedToken> {
  return http.request(AUTH, '/tokens', { ...pass(options), method: 'POST', body: request, schema: createdToken });
}

/** DELETE /tokens/{id or name}: at once, on every node. */
export async function revokeAccessToken(http: HttpClient, idOrName: string, options?: TokenCallOptions): Promise<void> {
  await http.request(AUTH, `/tokens/${encodeURIComponent(idOrName)}`, { ...pass(options), method: 'DELETE' });
}

/** GET /service-accounts: the partner's (a system admin: every partner's), by name. Admins only (403). */
export async function listServiceAccounts(http: HttpClient, options?: TokenCallOptions): Promise<ServiceAccount[]> {
  return (await http.request(USERS, '/service-accounts', { ...pass(options), schema: listServiceAccountsResponse })).data;
}

/** POST /service-accounts: a role and the site grants the admin may give (as for a person); 409 when the name is taken. */
export function createServiceAccount(http: HttpClient, request: CreateServiceAccountRequest, options?: TokenCallOptions): Promise<ServiceAccount> {
  return http.request(USERS, '/service-accounts', { ...pass(options), method: 'POST', body: request, schema: serviceAccount });
}

/** DELETE /service-accounts/{uid}: the account and every token it has. */
export async function deleteServiceAccount(http: HttpClient, uid: string, options?: TokenCallOptions): Promise<void> {
  await http.request(USERS, serviceAccountPath(uid), { ...pass(options), method: 'DELETE' });
}

/** GET /service-accounts/{uid}/tokens. */
export async function listServiceAccountTokens(http: HttpClient, uid: string, options?: TokenCallOptions): Promise<AccessTokenInfo[]> {
  return (await http.request(USERS, `${serviceAccountPath(uid)}/tokens`, { ...pass(options), schema: listTokensResponse })).data;
}

/** POST /service-accounts/{uid}/tokens: `expiresInDays: null` makes one that never expires. */
export function createServiceAccountToken(http: HttpClient, uid: string, request: CreateTokenRequest, options?: TokenCallOptions): Promise<CreatedToken> {
  return http.request(USERS, `${serviceAccountPath(uid)}/tokens`, { ...pass(options), method: 'POST', body: request, schema: createdToken });
}

/** DELETE /service-accounts/{uid}/tokens/{id or name}. */
export async function revokeServiceAccountToken(http: HttpClient, uid: string, idOrName: string, options?: TokenCallOptions): Promise<void> {
  await http.request(USERS, `${serviceAccountPath(uid)}/tokens/${encodeURIComponent(idOrName)}`, { ...pass(options), method: 'DELETE' });
}
