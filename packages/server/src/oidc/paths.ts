/**
 * Where the provider lives: the login server is `${publicOrigin}/cloud/login`, and the spec's
 * authority ("login server + /v2") is the issuer `${publicOrigin}/cloud/login/v2`.
 */
export const OIDC_MOUNT_PATH = '/cloud/login/v2';

export function interactionPath(uid: string): string {
  return `${OIDC_MOUNT_PATH}/interaction/${encodeURIComponent(uid)}`;
}

/** The Session Management iframe (not an oidc-provider route: the cloud serves it). */
export const CHECK_SESSION_PATH = `${OIDC_MOUNT_PATH}/session/check`;
