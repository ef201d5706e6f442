/** Time zones (admin-modules spec: a large list, default Europe/Oslo): the full IANA list of the browser. */
export const DEFAULT_TIME_ZONE = 'Europe/Oslo';

export function ianaTimeZones(): string[] {
  const supported = (Intl as { supportedValuesOf?: (key: 'timeZone') => string[] }).supportedValuesOf?.('timeZone') ?? [];
  const zones = new Set(supported);
  // Some engines leave these out of the list although they accept them.
  zones.add(DEFAULT_TIME_ZONE);
  zones.add('UTC');
  return [...zones].sort();
}

/** A stored value that is a real zone, else the default. */
export function validTimeZone(value: unknown): string {
  if (typeof value !== 'string' || !value) return DEFAULT_TIME_ZONE;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return value;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}

/** The realtime path of a user's time zone (next to portalAutoLogoutDisabled, which the spec names). */
export const timeZonePath = (uid: string) => `/users/${uid}/timeZone`;
export const autoLogoutPath = (uid: string) => `/users/${uid}/portalAutoLogoutDisabled`;
