import type { FastifyRequest } from 'fastify';
/**
 * What the sign-in pages need from the cloud's account store. The cloud binds it to
 * src/auth/credentials.ts (see cloudIdentity.ts); keeping it an interface lets the provider be
 * configured without knowing how passwords, SMS codes and accounts are stored.
 */
export type PasswordCheck =
  | { ok: true; uid: string; smsRequired: boolean }
  | { ok: false; reason: 'wrong' }
  | { ok: false; reason: 'throttled'; retryAfterSeconds: number };

export type SmsCodeCheck = 'ok' | 'wrong' | 'expired';

/** The claims the provider may release about an account. */
export interface OidcAccount {
  uid: string;
  name: string;
  email: string;
}

type MaybePromise<T> = T | Promise<T>;

export interface OidcIdentity {
  /** `client`: the caller's address; failures are counted per name and client. */
  checkPassword(piscadaId: string, password: string, client: string): MaybePromise<PasswordCheck>;
  sendSmsCode(uid: string): MaybePromise<unknown>;
  /** "Send a new code": sent, or how many seconds until one may be (the cloud's one rule, credentials.ts). */
  resendSmsCode(uid: string): MaybePromise<{ sent: true; phoneHint: string | null } | { sent: false; resendInSeconds: number }>;
  /** Where the code went (masked) and how long until "Send a new code" may send one. */
  smsCodeStatus(uid: string): MaybePromise<{ phoneHint: string | null; resendInSeconds: number }>;
  verifySmsCode(uid: string, code: string): MaybePromise<SmsCodeCheck>;
  findAccount(uid: string): MaybePromise<OidcAccount | undefined>;
  /** A refused sign-in on the provider's pages, for the audit log (issue 36); never the password or the code. */
  recordRefused?(request: FastifyRequest, who: { email?: string; uid?: string }, why: string): Promise<void>;
}
