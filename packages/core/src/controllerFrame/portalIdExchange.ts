import { io, type Socket } from 'socket.io-client';
import { NetworkError, TimeoutError } from '../http/HttpError.js';
import {
  CONTROLLER_FRAME_EVENTS,
  CONTROLLER_FRAME_TIMEOUT_MS,
  portalIdFromPayload,
  type ControllerFrameLoginRequest,
} from './protocol.js';

/** The proxy refused the firebase token (login_error). The catalogue text is "Failed to login". */
export class ControllerFrameLoginError extends Error {
  override readonly name = 'ControllerFrameLoginError';
  /** What the proxy sent with login_error, if anything (never shown raw to users). */
  readonly reason: unknown;
  constructor(reason: unknown) {
    super('Failed to login');
    this.reason = reason;
  }
}

export interface PortalIdExchangeOptions {
  /** The controller proxy's base URL (`settings.services['controller-proxy']`). */
  proxyUrl: string;
  /** The signed-in user's firebase ID token (`session.realtime.idToken()`). */
  firebaseToken: string;
  /** Limit for connecting and the whole exchange (spec: 14 s). */
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** A live portal id: the socket stays open while the frame shows it; `close()` ends it. */
export interface PortalIdSession {
  portalId: string;
  close(): void;
}

/**
 * socket.io takes the URL's path as a namespace, so a proxy served under a path prefix (the reference
 * cloud's `/cloud/controller-proxy`) is reached with that prefix in the engine `path` instead.
 */
export function socketTarget(proxyUrl: string): { origin: string; path: string } {
  const url = new URL(proxyUrl);
  const prefix = url.pathname.replace(/\/+$/, '');
  return { origin: url.origin, path: `${prefix}/socket.io` };
}

/**
 * The controller frame login (core-shell §7 "Controller proxy socket"): connect, send login_firebase
 * {firebaseToken, type:'portal'}; on login_loggedIn ask loginToken_get; loginToken_loginToken carries
 * the portal id. login_error rejects with ControllerFrameLoginError, no connection with NetworkError,
 * and nothing within the limit with TimeoutError. The socket is closed on every failure.
 */
export function openPortalIdSession(options: PortalIdExchangeOptions): Promise<PortalIdSession> {
  const timeoutMs = options.timeoutMs ?? CONTROLLER_FRAME_TIMEOUT_MS;
  const { origin, path } = socketTarget(options.proxyUrl);
  return new Promise<PortalIdSession>((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(options.signal.reason);
      return;
    }
    const socket: Socket = io(origin, { path, timeout: timeoutMs, reconnection: false, forceNew: true });
    let settled = false;
    const finish = (outcome: () => void, keepSocket = false): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      if (!keepSocket) socket.disconnect();
      outcome();
    };
    const onAbort = (): void => finish(() => reject(options.signal?.reason));
    const timer = setTimeout(
      () => finish(() => reject(new TimeoutError(`Controller proxy did not answer within ${timeoutMs} ms`, timeoutMs))),
      timeoutMs,
    );
    options.signal?.addEventListener('abort', onAbort, { once: true });

    socket.on('connect', () => {
      const request: ControllerFrameLoginRequest = { firebaseToken: options.firebaseToken, type: 'portal' };
      socket.emit(CONTROLLER_FRAME_EVENTS.login, request);
    });
    socket.on(CONTROLLER_FRAME_EVENTS.loggedIn, () => socket.emit(CONTROLLER_FRAME_EVENTS.loginTokenGet));
    socket.on(CONTROLLER_FRAME_EVENTS.loginError, (reason: unknown) =>
      finish(() => reject(new ControllerFrameLoginError(reason))),
    );
    socket.on(CONTROLLER_FRAME_EVENTS.loginToken, (payload: unknown) => {
      const portalId = portalIdFromPayload(payload);
      if (!portalId) {
        finish(() => reject(new ControllerFrameLoginError(payload)));
        return;
      }
      finish(() => resolve({ portalId, close: () => socket.disconnect() }), true);
    });
    socket.on('connect_error', (error: Error) =>
      finish(() =>
        reject(new NetworkError(`Failed to connect: controller proxy ${origin}${path}`, { cause: error })),
      ),
    );
  });
}
