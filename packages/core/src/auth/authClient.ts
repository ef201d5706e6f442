import {
  customTokenResponse,
  loginResponse,
  logoutResponse,
  okResponse,
  resendSmsResponse,
  sessionRenewResponse,
  userInfoResponse,
  verifySmsResponse,
  type LoginRequest,
  type LoginResponse,
  type ResendSmsRequest,
  type ResendSmsResponse,
  type ResetPasswordRequest,
  type SessionRenewResponse,
  type SignedIn,
  type VerifySmsRequest,
} from '../contract/auth.js';
import type { UserData } from '../contract/user.js';
import type { HttpClient } from '../http/createHttpClient.js';

/**
 * The auth server's calls (contract/auth.ts). The browser authenticates /session/* with the auth
 * server's session cookie (credentials 'include'); the CLI has no cookie jar and sends the auth
 * service's token from `accessTokens` instead, so those calls send a bearer when there is one.
 */
const AUTH = 'auth';

export interface CallOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
}

function pass(options: CallOptions | undefined): CallOptions {
  const out: CallOptions = {};
  if (options?.signal) out.signal = options.signal;
  if (options?.timeoutMs !== undefined) out.timeoutMs = options.timeoutMs;
  return out;
}

/** POST /login with {piscadaId, password} or {idToken}: signed in, or an SMS code is required. */
export function login(http: HttpClient, request: LoginRequest, options?: CallOptions): Promise<LoginResponse> {
  return http.request(AUTH, '/login', {
    ...pass(options),
    method: 'POST',
    body: request,
    schema: loginResponse,
    auth: false,
    credentials: 'include',
  });
}

/** POST /verifySMS with the code the user received. */
export function verifySms(http: HttpClient, request: VerifySmsRequest, options?: CallOptions): Promise<SignedIn> {
  return http.request(AUTH, '/verifySMS', {
    ...pass(options),
    method: 'POST',
    body: request,
    schema: verifySmsResponse,
    auth: false,
    credentials: 'include',
  });
}

/** POST /resendSMS with the password answer's ticket: a new code (429 with Retry-After within 30 s of the last). */
export function resendSms(http: HttpClient, request: ResendSmsRequest, options?: CallOptions): Promise<ResendSmsResponse> {
  return http.request(AUTH, '/resendSMS', {
    ...pass(options),
    method: 'POST',
    body: request,
    schema: resendSmsResponse,
    auth: false,
    credentials: 'include',
  });
}

/** GET /customToken: a fresh realtime-database custom token (bearer: the auth service's token). */
export async function customToken(http: HttpClient, options?: CallOptions): Promise<string> {
  const answer = await http.request(AUTH, '/customToken', { ...pass(options), schema: customTokenResponse });
  return answer.token;
}

/** GET /session: whether the browser's session cookie names a live session (a cold load asks before renewing). */
export async function hasCookieSession(http: HttpClient, options?: CallOptions): Promise<boolean> {
  // No schema (its checker would weigh on every page): anything but {session: true} is no session.
  const answer = await http.request<{ session?: unknown }>(AUTH, '/session', { ...pass(options), auth: false, credentials: 'include' });
  return answer?.session === true;
}

/** POST /session/renew: fresh service tokens. A 401 means the session is over. */
export function renewSession(http: HttpClient, options?: CallOptions): Promise<SessionRenewResponse> {
  return http.request(AUTH, '/session/renew', {
    ...pass(options),
    method: 'POST',
    body: {},
    schema: sessionRenewResponse,
    auth: 'if-available',
    credentials: 'include',
  });
}

/** POST /session/userinfo: the signed-in user's data, fresh from the server. */
export async function userInfo(http: HttpClient, options?: CallOptions): Promise<UserData> {
  const answer = await http.request(AUTH, '/session/userinfo', {
    ...pass(options),
    method: 'POST',
    body: {},
    schema: userInfoResponse,
    auth: 'if-available',
    credentials: 'include',
  });
  return answer.user;
}

/** POST /session/logout: ends the backend session. */
export async function logout(http: HttpClient, options?: CallOptions): Promise<void> {
  await http.request(AUTH, '/session/logout', {
    ...pass(options),
    method: 'POST',
    body: {},
    schema: logoutResponse,
    auth: 'if-available',
    credentials: 'include',
  });
}

/** POST /requestResetPassword: the server e-mails a link with uuid and ticket (same answer for unknown addresses). */
export async function requestResetPassword(http: HttpClient, email: string, options?: CallOptions): Promise<void> {
  await http.request(AUTH, '/requestResetPassword', {
    ...pass(options),
    method: 'POST',
    body: { email },
    schema: okResponse,
    auth: false,
  });
}

/** POST /resetPassword with the uuid and (URL-decoded) ticket from the link. */
export async function resetPassword(
  http: HttpClient,
  request: ResetPasswordRequest,
  options?: CallOptions,
): Promise<void> {
  await http.request(AUTH, '/resetPassword', {
    ...pass(options),
    method: 'POST',
    body: request,
    schema: okResponse,
    auth: false,
  });
}
