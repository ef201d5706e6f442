/**
 * The controller proxy socket as the portal speaks it for a controller frame (core-shell §4, §7).
 * The server side (the reference cloud's proxy) uses the same names.
 */
export const CONTROLLER_FRAME_EVENTS = {
  /** client -> proxy: ControllerFrameLoginRequest */
  login: 'login_firebase',
  /** proxy -> client: the firebase token was accepted */
  loggedIn: 'login_loggedIn',
  /** proxy -> client: the token was refused */
  loginError: 'login_error',
  /** client -> proxy: ask for a portal id */
  loginTokenGet: 'loginToken_get',
  /** proxy -> client: the portal id (a string, or an object carrying it) */
  loginToken: 'loginToken_loginToken',
} as const;

export interface ControllerFrameLoginRequest {
  firebaseToken: string;
  type: 'portal';
}

/** Websocket limit (core-shell §9: 14,000 ms). */
export const CONTROLLER_FRAME_TIMEOUT_MS = 14_000;

/**
 * The portal id from a loginToken_loginToken payload: a plain string, or an object with
 * `portalId`, `loginToken` or `token` (tolerant: the spec does not show the shape).
 */
export function portalIdFromPayload(payload: unknown): string | null {
  if (typeof payload === 'string') return payload.trim() || null;
  if (payload && typeof payload === 'object') {
    const record = payload as Record<string, unknown>;
    for (const key of ['portalId', 'loginToken', 'token']) {
      const value = record[key];
      if (typeof value === 'string' && value.trim()) return value.trim();
    }
  }
  return null;
}

/** Where the dashboards frame points: the proxy's portal page for this portal id. */
export function controllerFrameUrl(proxyUrl: string, portalId: string): string {
  return `${proxyUrl.replace(/\/+$/, '')}/portal/${encodeURIComponent(portalId)}`;
}

/** Dashboards frame height (core-shell §9: window height minus 180), never negative. */
export function dashboardFrameHeight(windowHeight: number): number {
  return Math.max(0, windowHeight - 180);
}
