import { userData } from '@varde/core/contract';

/**
 * Who may read and write what in the realtime database, for clients of the wire protocol. The
 * cloud's own writes (seed, services) go through the tree and are not checked here.
 *
 * As in firebase rules, a grant at a path covers everything below it, and a read of a wider path
 * than granted is denied as a whole (listening on /controllers is denied even to a user who may
 * read some controller's tags). Extend the tables below; keep `grantSourcesOf` in step with every
 * path the rules read, so live listens are re-checked when a grant changes.
 */

/** The signed-in user of a connection (from a verified ID token); null when anonymous. */
export interface RealtimeAuth {
  uid: string;
  claims: Record<string, unknown>;
}

/** Read access to current data, for rules that depend on it. */
export interface RulesData {
  get(path: string): unknown;
}

type ReadRule = (uid: string, keys: readonly string[], data: RulesData) => boolean;

const userPath = (uid: string) => `/users/${uid}`;
const isTrue = (data: RulesData, path: string) => data.get(path) === true;

/** Each rule grants reads at and below the paths it matches. */
const readRules: Record<string, ReadRule> = {
  systemAdminReadsEverything: (uid, _keys, data) => isTrue(data, `${userPath(uid)}/systemAdmin`),
  ownUserRecord: (uid, keys) => keys[0] === 'users' && keys[1] === uid,
  tagsOfOwnSites: (uid, keys, data) =>
    keys[0] === 'controllers' &&
    keys[2] === 'tags' &&
    keys[1] !== undefined &&
    isTrue(data, `${userPath(uid)}/controllers/${keys[1]}`),
  statusMessages: (_uid, keys) => keys[0] === 'statusMessage',
  licensingOfOwnPartners: (uid, keys, data) =>
    keys[1] === 'licensing' && keys[0] !== undefined && isTrue(data, `${userPath(uid)}/licensingPartners/${keys[0]}`),
  ownPartnerRecords: (uid, keys, data) =>
    keys[0] === 'partners' && keys[1] !== undefined && isTrue(data, `${userPath(uid)}/licensingPartners/${keys[1]}`),
};

const languageCode = userData.shape.language.def.innerType;

/** The only user-writable paths, `/users/{uid}/<key>`, each with the values it accepts (null deletes). */
const ownWritableSettings: Record<string, (value: unknown) => boolean> = {
  language: (value) => value === null || languageCode.safeParse(value).success,
  portalAutoLogoutDisabled: (value) => value === null || typeof value === 'boolean',
  // Account settings' time zone (an IANA name the runtime knows).
  timeZone: (value) => value === null || (typeof value === 'string' && value.length <= 64 && isTimeZone(value)),
};

/** Zones found valid: building a DateTimeFormat to ask costs about 0.3 ms, on every time zone write. */
const knownTimeZones = new Set<string>();

function isTimeZone(value: string): boolean {
  if (knownTimeZones.has(value)) return true;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
  } catch {
    return false;
  }
  // Only valid names are kept, so the set stays as small as the runtime's list of zones.
  knownTimeZones.add(value);
  return true;
}

/**
 * A rule set. The wire server asks it before every client read, listen and write, and re-checks
 * live listens when data under `grantSourcesOf(auth)` changes.
 */
export interface RealtimeRules {
  canRead(auth: RealtimeAuth | null, keys: readonly string[], data: RulesData): boolean;
  /** Whether `auth` may replace the value at `keys` with `value` (already resolved and normalized). */
  canWrite(auth: RealtimeAuth | null, keys: readonly string[], value: unknown, data: RulesData): boolean;
  /** Paths whose data the read rules consult for this user. */
  grantSourcesOf(auth: RealtimeAuth): string[];
}

/** Varde's rules (the list at the top of this file). */
export const vardeRules: RealtimeRules = {
  canRead(auth, keys, data) {
    if (auth === null) return false;
    return Object.values(readRules).some((rule) => rule(auth.uid, keys, data));
  },
  canWrite(auth, keys, value) {
    if (auth === null || keys.length !== 3 || keys[0] !== 'users' || keys[1] !== auth.uid) return false;
    const accepts = ownWritableSettings[keys[2] as string];
    return accepts !== undefined && accepts(value);
  },
  grantSourcesOf(auth) {
    return [userPath(auth.uid)];
  },
};
