/**
 * The realtime database: namespace, the paths the portal reads and writes, and the value shapes
 * found there. Shared by core's realtime wrapper, the reference server's seed and its rules.
 */

/** Namespace of the reference cloud's database (`?ns=` of the websocket URL). */
export const REALTIME_NAMESPACE = 'varde-default-rtdb';

/**
 * Firebase keys may not contain `. # $ [ ] /`. Host names (status messages) contain dots, so keys
 * made from free text are percent-encoded: those characters and `%` itself become `%XX`.
 */
export function encodeRealtimeKey(text: string): string {
  return text.replace(/[.#$[\]/%]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

export function decodeRealtimeKey(key: string): string {
  return key.replace(/%([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

export const realtimePaths = {
  user: (uid: string) => `/users/${uid}`,
  userAutoLogoutDisabled: (uid: string) => `/users/${uid}/portalAutoLogoutDisabled`,
  userSystemAdmin: (uid: string) => `/users/${uid}/systemAdmin`,
  userLicensingPartners: (uid: string) => `/users/${uid}/licensingPartners`,
  userModuleAccesses: (uid: string) => `/users/${uid}/moduleAccesses`,
  userControllers: (uid: string) => `/users/${uid}/controllers`,
  portalStatusText: (controllerUuid: string) => `/controllers/${controllerUuid}/tags/portalStatusText/v`,
  portalStatusColor: (controllerUuid: string) => `/controllers/${controllerUuid}/tags/portalStatusColor/v`,
  /** A tag's live value, as the controller (the reference cloud: its simulation) writes it. */
  tagValue: (controllerUuid: string, tag: string) => `/controllers/${controllerUuid}/tags/${encodeRealtimeKey(tag)}/v`,
  statusMessage: (hostname: string) => `/statusMessage/${encodeRealtimeKey(hostname)}`,
  partnerLicensing: (partner: string) => `/${partner}/licensing`,
  storedLicenseJwt: (partner: string, id: string) => `/${partner}/licensing/storedLicenses/jwt/${id}`,
  partner: (partner: string) => `/partners/${partner}`,
} as const;
