import * as z from 'zod/mini';
import './zodLocale.js';
import { userData } from './user.js';

/**
 * The auth server (`auth.<domain>`). The browser sends credentials (a session cookie) with
 * /session/*; the CLI sends the auth service's token from `accessTokens` as a bearer instead.
 */

/** Map from service host name to bearer token. */
export const accessTokens = z.record(z.string(), z.string());
export type AccessTokens = z.infer<typeof accessTokens>;

export const passwordLoginRequest = z.object({
  piscadaId: z.string().check(z.minLength(1)),
  password: z.string().check(z.minLength(1)),
});
export const idTokenLoginRequest = z.object({ idToken: z.string().check(z.minLength(1)) });
/** POST /login: with a password, or with an ID token from the identity provider. */
export const loginRequest = z.union([passwordLoginRequest, idTokenLoginRequest]);
export type LoginRequest = z.infer<typeof loginRequest>;

/** A completed sign-in: a realtime-database custom token, the service tokens and the user. */
export const signedIn = z.object({
  requireSmsValidation: z.literal(false),
  uid: z.string(),
  token: z.string(),
  accessTokens,
  /** When the access tokens expire, ms since epoch. */
  expiresAt: z.number(),
  user: userData,
});
export type SignedIn = z.infer<typeof signedIn>;

/**
 * The password was right and the account has an SMS second factor: a code went to the phone.
 * `phoneHint`: where it went, masked (`+47 ••••••67`; never the whole number). `resendTicket`: shown to
 * POST /resendSMS to ask for a new code (only this sign-in has it). Optional: older clouds send neither.
 */
export const smsRequired = z.object({
  requireSmsValidation: z.literal(true),
  uid: z.string(),
  phoneHint: z.optional(z.nullable(z.string())),
  resendTicket: z.optional(z.nullable(z.string())),
});
export type SmsRequired = z.infer<typeof smsRequired>;

export const loginResponse = z.union([signedIn, smsRequired]);
export type LoginResponse = z.infer<typeof loginResponse>;

/** POST /verifySMS */
export const verifySmsRequest = z.object({ smsToken: z.string().check(z.minLength(1)), uid: z.string().check(z.minLength(1)) });
export type VerifySmsRequest = z.infer<typeof verifySmsRequest>;
export const verifySmsResponse = signedIn;

/** POST /resendSMS: a new code to the same phone, at most once per 30 s (else 429 with Retry-After). */
export const resendSmsRequest = z.object({ uid: z.string().check(z.minLength(1)), resendTicket: z.string().check(z.minLength(1)) });
export type ResendSmsRequest = z.infer<typeof resendSmsRequest>;
export const resendSmsResponse = z.object({ ok: z.literal(true), phoneHint: z.nullable(z.string()) });
export type ResendSmsResponse = z.infer<typeof resendSmsResponse>;

/** GET /customToken (bearer: the auth service's token) */
export const customTokenResponse = z.object({ token: z.string() });

/** POST /session/renew: fresh service tokens for the session. */
export const sessionRenewResponse = z.object({ accessTokens, expiresAt: z.number() });
export type SessionRenewResponse = z.infer<typeof sessionRenewResponse>;

/** POST /session/userinfo */
export const userInfoResponse = z.object({ user: userData });

/** POST /session/logout: ends the backend session. */
export const logoutResponse = z.object({ ok: z.literal(true) });

/** POST /requestResetPassword: always 200 for a well-formed address, so accounts cannot be probed. */
export const requestResetPasswordRequest = z.object({ email: z.email() });
export const okResponse = z.object({ ok: z.literal(true) });

/** POST /resetPassword with the uuid and ticket from the e-mailed link. */
export const resetPasswordRequest = z.object({
  uuid: z.string().check(z.minLength(1)),
  ticket: z.string().check(z.minLength(1)),
  password: z.string().check(z.minLength(8, 'Password must be at least 8 characters')),
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequest>;

export const MIN_PASSWORD_LENGTH = 8;
