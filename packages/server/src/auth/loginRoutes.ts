import type { FastifyInstance } from 'fastify';
import { passwordLoginRequest, idTokenLoginRequest, resendSmsRequest, verifySmsRequest, type LoginResponse, type ResendSmsResponse } from '@varde/core/contract';
import type { CloudContext } from '../context.js';
import { callerOf } from '../http/caller.js';
import { HttpError } from '../http/HttpError.js';
import { parseWith } from '../http/parseWith.js';
import { mintCustomToken } from '../tokens/customTokens.js';
import { verifyIdToken } from '../tokens/idTokens.js';
import { accountByUid } from './accounts.js';
import { checkPassword, resendSmsCode, sendSmsCode, smsResendAllowed, verifySmsCode } from './credentials.js';
import { useIdTokenOnce } from './idTokenReplay.js';
import { RATE_LIMITS, perClient } from './rateLimits.js';
import { completeSignIn } from './signIn.js';
import { recordFailedSignIn } from './signInAudit.js';

export const WRONG_CREDENTIALS = 'Wrong username or password';
export const WRONG_SMS_TOKEN = 'Wrong sms token';
export const NO_PENDING_SMS_SIGN_IN = 'No sign-in is waiting for an SMS code here. Sign in again.';

function isObjectWith(body: unknown, key: string): boolean {
  return typeof body === 'object' && body !== null && key in body;
}

/** POST /login, POST /verifySMS, POST /resendSMS, GET /customToken (mounted under /cloud/auth). */
export function registerLoginRoutes(app: FastifyInstance, ctx: CloudContext): void {
  // Public: this is where credentials are exchanged for tokens. Password attempts count against the
  // client's limit; ID-token exchanges do not (a signed token, good once, is nothing to guess, and a
  // control room behind one address re-exchanges one at every reload).
  const signInLimit = perClient(RATE_LIMITS.signIn, (request) => isObjectWith(request.body, 'idToken'));
  app.post('/login', { config: { public: true, ...signInLimit } }, async (request, reply): Promise<LoginResponse> => {
    if (isObjectWith(request.body, 'idToken')) {
      const { idToken } = parseWith(idTokenLoginRequest, request.body);
      const verified = await verifyIdToken(ctx, idToken).catch(() => {
        throw new HttpError(401, 'Invalid or expired ID token');
      });
      if (!(await accountByUid(ctx.db, verified.uid))) throw new HttpError(401, 'Unknown account');
      if (!(await useIdTokenOnce(ctx.db, idToken, verified.expiresAt, ctx.clock.now()))) throw new HttpError(401, 'This ID token was already exchanged; sign in again');
      return completeSignIn(ctx, reply, verified.uid, 'id-token');
    }
    const { piscadaId, password } = parseWith(passwordLoginRequest, request.body);
    const check = await checkPassword(ctx, piscadaId, password, request.ip);
    if (!check.ok) await recordFailedSignIn(ctx, request, { email: piscadaId }, check.reason === 'throttled' ? 'too many failed attempts' : 'wrong name or password');
    if (!check.ok && check.reason === 'throttled') {
      const minutes = Math.ceil(check.retryAfterSeconds / 60);
      throw new HttpError(429, `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, {
        'Retry-After': String(check.retryAfterSeconds),
      });
    }
    if (!check.ok) throw new HttpError(401, WRONG_CREDENTIALS);
    if (check.smsRequired) {
      // Only after the right password: where the code went (masked) and the ticket to ask for another.
      const { phoneHint, resendTicket } = await sendSmsCode(ctx, check.uid, true);
      return { requireSmsValidation: true, uid: check.uid, phoneHint, resendTicket };
    }
    return completeSignIn(ctx, reply, check.uid, 'password');
  });

  // Public: the second step of a password sign-in; the pending SMS challenge is the credential.
  app.post('/verifySMS', { config: { public: true, ...perClient(RATE_LIMITS.smsVerification) } }, async (request, reply) => {
    const { smsToken, uid } = parseWith(verifySmsRequest, request.body);
    const result = await verifySmsCode(ctx, uid, smsToken);
    if (result !== 'ok') await recordFailedSignIn(ctx, request, { uid }, result === 'wrong' ? 'wrong SMS code' : 'SMS code expired');
    if (result === 'wrong') throw new HttpError(401, WRONG_SMS_TOKEN);
    if (result === 'expired') throw new HttpError(408, 'The SMS code has expired or was used up. Sign in again.');
    return completeSignIn(ctx, reply, uid, 'sms-code');
  });

  // Public: "Send a new code" on the SMS step. The ticket from the password answer is the credential, so
  // knowing a uid is not enough to send SMS to someone's phone; every refusal reads alike (nothing leaks
  // about whether that account is signing in). The 30 s rule is the provider pages' (resendSmsCode).
  app.post('/resendSMS', { config: { public: true, ...perClient(RATE_LIMITS.smsVerification) } }, async (request): Promise<ResendSmsResponse> => {
    const { uid, resendTicket } = parseWith(resendSmsRequest, request.body);
    if (!(await smsResendAllowed(ctx, uid, resendTicket))) throw new HttpError(401, NO_PENDING_SMS_SIGN_IN);
    const resend = await resendSmsCode(ctx, uid);
    if (!resend.sent) {
      const seconds = resend.resendInSeconds;
      throw new HttpError(429, `Wait ${seconds} second${seconds === 1 ? '' : 's'} before asking for a new code.`, { 'Retry-After': String(seconds) });
    }
    return { ok: true, phoneHint: resend.phoneHint };
  });

  // Bearer: the auth service's own access token.
  app.get('/customToken', async (request) => {
    const { uid, sid, credential } = callerOf(request);
    // The realtime database checks a custom token's session, and a read-only token could write through it.
    if (credential !== 'session') throw new HttpError(403, 'An access token does not open the realtime database; sign in for that');
    return { token: await mintCustomToken(ctx, uid, { sid }) };
  });
}
