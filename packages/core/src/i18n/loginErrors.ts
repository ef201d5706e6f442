import { HttpError, NetworkError, TimeoutError } from '../http/HttpError.js';
import type { MessageKey } from './describeError.js';
import { networkFailureKey } from './networkFailureKey.js';

/**
 * What the login form shows for a failed step (core-shell §8, admin §8):
 * - credentials: a 4xx is a wrong username or password, no answer is "Failed to connect" (or, on a page
 *   whose origin the cloud does not allow, that and the option that allows it), anything else "Something went wrong";
 * - SMS code: 400 or 408 is "login failed", 401 a wrong SMS token, any other failure
 *   "username or password incorrect" (the spec's wording, kept).
 * A 429 (throttled) says how long to wait in both steps.
 */
export function loginErrorKey(error: unknown, step: 'credentials' | 'sms'): MessageKey {
  if (error instanceof HttpError && error.status === 429) {
    return { key: 'login:tooManyAttempts', values: { seconds: retryAfterSeconds(error) } };
  }
  if (step === 'sms') {
    if (error instanceof HttpError && (error.status === 400 || error.status === 408)) return { key: 'login:loginFailed' };
    if (error instanceof HttpError && error.status === 401) return { key: 'login:wrongSmsToken' };
    return { key: 'login:usernameOrPasswordIncorrect' };
  }
  if (error instanceof HttpError && error.status >= 400 && error.status < 500) {
    return { key: 'login:wrongUsernameOrPassword' };
  }
  if (error instanceof NetworkError) return networkFailureKey(error, 'login:failedToConnect');
  if (error instanceof TimeoutError) return { key: 'login:failedToConnect' };
  return { key: 'login:somethingWentWrong' };
}

/**
 * What the SMS step shows when "send again" fails: too soon (429) says in how many seconds it may be
 * tried; a refused ticket (400/401/408) means the sign-in is over; no answer is "Failed to connect".
 */
export function smsResendErrorKey(error: unknown): MessageKey {
  if (error instanceof HttpError && error.status === 429) {
    return { key: 'login:smsResendWait', values: { seconds: retryAfterSeconds(error) } };
  }
  if (error instanceof HttpError && [400, 401, 408].includes(error.status)) return { key: 'login:smsSignInExpired' };
  if (error instanceof NetworkError || error instanceof TimeoutError) return { key: 'login:failedToConnect' };
  return { key: 'login:somethingWentWrong' };
}

/** Seconds to wait: the Retry-After header, else the body's retryAfter, else 60. */
function retryAfterSeconds(error: HttpError): number {
  if (error.retryAfterSeconds !== undefined) return error.retryAfterSeconds;
  const body = error.body as { retryAfter?: unknown } | undefined;
  return typeof body?.retryAfter === 'number' ? Math.ceil(body.retryAfter) : 60;
}
