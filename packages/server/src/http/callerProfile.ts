import type { FastifyRequest } from 'fastify';
import type { RealtimeTree } from '../realtime/tree.js';
import { displayNameOf, userPath } from '../users/profiles.js';
import { callerOf, type Caller } from './caller.js';

/**
 * What a request needs of its caller's profile, beside what the token check read (account, role): read
 * once per request, in one query, and asked by the access hook, the site checks and the routes alike.
 */
export interface CallerProfile {
  systemAdmin: boolean;
  /** The name an e-mail from the caller signs with (their e-mail when the profile has none). */
  displayName: string;
  /** How histories name the caller (acknowledgements, comments); the uid when the profile has none. */
  email: string;
  /** The partner that owns what the caller makes: their main partner, else one of their own. */
  partner: string;
  /** The modules granted (a system admin has every one: check systemAdmin first). */
  modules: ReadonlySet<string>;
  /** The sites granted (a system admin sees every site: check systemAdmin first). */
  sites: ReadonlySet<string>;
}

// Keyed by the verified caller, which lives as long as its request: never stale beyond it.
const profiles = new WeakMap<Caller, Promise<CallerProfile>>();

const grantedKeys = (map: unknown) =>
  new Set(map && typeof map === 'object' ? Object.entries(map).filter(([, granted]) => granted === true).map(([key]) => key) : []);

/** The profile fields a request reads of its caller (a change to one clears the caller's kept entries: http/callerCacheInvalidation.ts). */
export const CALLER_PROFILE_FIELDS = ['systemAdmin', 'name', 'email', 'mainPartner', 'moduleAccesses', 'controllers'] as const;

/** The realtime paths a caller's profile is read from, in CALLER_PROFILE_FIELDS' order (the token check may read them with the session). */
export function callerProfilePaths(uid: string): string[] {
  const base = userPath(uid);
  return CALLER_PROFILE_FIELDS.map((field) => `${base}/${field}`);
}

function profileFrom(uid: string, [systemAdmin, name, email, mainPartner, moduleAccesses, controllers]: unknown[]): CallerProfile {
  return {
    systemAdmin: systemAdmin === true,
    displayName: displayNameOf(name, email),
    email: typeof email === 'string' && email !== '' ? email : uid,
    partner: typeof mainPartner === 'string' && mainPartner !== '' ? mainPartner : `user:${uid}`,
    modules: grantedKeys(moduleAccesses),
    sites: grantedKeys(controllers),
  };
}

/** Keeps the profile values the token check read with the session (see callerProfilePaths), so no one reads them again. */
export function knowCallerProfile(caller: Caller, values: unknown[]): void {
  profiles.set(caller, Promise.resolve(profileFrom(caller.uid, values)));
}

/**
 * The caller's profile fields, read once per request (on PostgreSQL each read is a round trip; a users
 * import makes thousands of requests, and an open portal polls the alarm list every 3 s).
 */
export function profileOfCaller(ctx: { realtime: RealtimeTree }, caller: Caller): Promise<CallerProfile> {
  let profile = profiles.get(caller);
  if (!profile) {
    profile = ctx.realtime.getMany(callerProfilePaths(caller.uid)).then((values) => profileFrom(caller.uid, values));
    profiles.set(caller, profile);
  }
  return profile;
}

/** The profile of a token-protected request's caller (see profileOfCaller). */
export function callerProfile(ctx: { realtime: RealtimeTree }, request: FastifyRequest): Promise<CallerProfile> {
  return profileOfCaller(ctx, callerOf(request));
}
