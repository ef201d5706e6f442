import { connectSiteProxy, type SiteProxyConnection } from '../controllerProxy/siteProxyConnection.js';

export interface PortalIdExchangeOptions {
  /** The controller proxy's base URL (`settings.services['controller-proxy']`). */
  proxyUrl: string;
  /** The site whose frame is opened (each site has its own proxy namespace). */
  siteUuid: string;
  /** The signed-in user's firebase ID token (`session.realtime.idToken()`). */
  firebaseToken: () => Promise<string | null>;
  /** Connect and login limit (default: the proxy's 14 s). */
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** A live portal id: the site socket stays open while the frame shows it; `close()` ends it. */
export interface PortalIdSession {
  portalId: string;
  close(): void;
}

/**
 * The controller frame login (core-shell §4 "Controller frame socket"): log in on the site's proxy
 * socket (login_firebase -> login_loggedIn), then loginToken_get -> loginToken_loginToken gives the
 * portal id that forms the frame link (`controllerFrameUrl`). A refused login or no answer within
 * the limit rejects with ControllerProxyError('Failed to login'); the socket is closed on every failure
 * and when the caller aborts.
 */
export async function openPortalIdSession(options: PortalIdExchangeOptions): Promise<PortalIdSession> {
  options.signal?.throwIfAborted();
  const connection: SiteProxyConnection = connectSiteProxy({
    baseUrl: options.proxyUrl,
    siteUuid: options.siteUuid,
    firebaseToken: options.firebaseToken,
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
  });
  const aborted = new Promise<never>((_resolve, reject) => {
    options.signal?.addEventListener('abort', () => reject(options.signal?.reason), { once: true });
  });
  aborted.catch(() => undefined);
  try {
    await Promise.race([connection.loggedIn(), aborted]);
    const portalId = await Promise.race([connection.portalId(), aborted]);
    return { portalId, close: () => connection.close() };
  } catch (error) {
    connection.close();
    throw error;
  }
}

/** Dashboards frame height (core-shell §9: window height minus 180), never negative. */
export function dashboardFrameHeight(windowHeight: number): number {
  return Math.max(0, windowHeight - 180);
}
