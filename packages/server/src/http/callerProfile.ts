import type { FastifyRequest } from 'fastify';
import type { RealtimeTree } from '../realtime/tree.js';
import { displayNameOf, userPath } from '../users/profiles.js';
import { callerOf, type Caller } from './caller.js';

/** What a request needs of its caller's profile: the access hook, the users service and invitations. */
export interface CallerProfile {
  systemAdmin: boolean;
  /** The name an e-mail from the caller signs with (their e-mail when the profile has none). */
  displayName: string;
}

// Keyed by the verified caller, which lives as long as its request.
const profiles = new WeakMap<Caller, Promise<CallerProfile>>();

/**
 * The caller's profile fields, read once per request in one query: the access hook and the route both
 * ask (on PostgreSQL each read is a round trip, and a users import makes thousands of requests).
 */
export function callerProfile(ctx: { realtime: RealtimeTree }, request: FastifyRequest): Promise<CallerProfile> {
  const caller = callerOf(request);
  let profile = profiles.get(caller);
  if (!profile) {
    const base = userPath(caller.uid);
    profile = ctx.realtime
      .getMany([`${base}/systemAdmin`, `${base}/name`, `${base}/email`])
      .then(([systemAdmin, name, email]) => ({ systemAdmin: systemAdmin === true, displayName: displayNameOf(name, email) }));
    profiles.set(caller, profile);
  }
  return profile;
}
