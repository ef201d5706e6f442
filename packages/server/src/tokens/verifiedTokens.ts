import type { JWTPayload } from 'jose';

/** Tokens kept per key at the most (an open portal sends the same few for an hour), the oldest forgotten first. */
const KEPT = 20_000;

// Per signing key: a cloud's tokens are never taken as another's (tests run several clouds in one process).
const verifiedBy = new WeakMap<object, Map<string, JWTPayload & { exp: number }>>();

/**
 * An access token's claims once its signature and claims were verified for `audience`, until it expires:
 * an RS256 check is a tenth of a steady read's work, and a portal sends the same token every 3 s. The
 * session behind the token is still checked on every request (http/callerCache.ts, which every sign-out
 * clears); only the signature's answer is kept, which cannot change.
 */
export async function verifiedClaims(
  key: object,
  token: string,
  audience: string,
  now: number,
  verify: () => Promise<JWTPayload>,
): Promise<JWTPayload> {
  let kept = verifiedBy.get(key);
  if (!kept) verifiedBy.set(key, (kept = new Map()));
  const id = `${audience} ${token}`;
  const payload = kept.get(id);
  // jose's own test: a token is expired from its `exp` second on.
  if (payload && now < payload.exp * 1000) return payload;
  if (payload) kept.delete(id);
  const verified = await verify();
  if (typeof verified.exp === 'number') {
    if (kept.size >= KEPT) kept.delete(kept.keys().next().value!);
    kept.set(id, verified as JWTPayload & { exp: number });
  }
  return verified;
}
