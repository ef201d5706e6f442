import { createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * OpenID Connect Session Management 1.0 (server side). oidc-provider (8 and 9) dropped this spec, so the
 * cloud adds it back (README.md says why): the provider's browser state ("opbs") lives in a cookie
 * the check-session iframe can read, and each authorization response carries a `session_state`
 * that binds the client, its origin and that browser state.
 */

/** Readable by the iframe's script (not httpOnly); scoped to the provider's path. */
export const BROWSER_STATE_COOKIE = 'varde_op_bs';

interface SessionFacts {
  uid: string;
  /** The session's id: oidc-provider gives the session a new one whenever an interaction completes. */
  jti: string;
  accountId?: string;
  loginTs?: number;
}

/**
 * The browser state for a provider session: changes whenever someone signs in (a new session id,
 * even for the same account within the same second), so a relying party's iframe sees "changed";
 * stable across prompt=none renewals; unguessable without the cookie key.
 */
export function browserStateFor(secret: string, session: SessionFacts): string {
  return createHmac('sha256', secret)
    .update(`${session.uid}|${session.jti}|${session.accountId ?? ''}|${session.loginTs ?? ''}`)
    .digest('base64url');
}

/** session_state = hex(SHA-256(client_id + " " + origin + " " + opbs + " " + salt)) + "." + salt */
export function sessionStateFor(
  clientId: string,
  origin: string,
  browserState: string,
  salt: string = randomBytes(8).toString('hex'),
): string {
  const hash = createHash('sha256').update(`${clientId} ${origin} ${browserState} ${salt}`).digest('hex');
  return `${hash}.${salt}`;
}
