import { io as defaultIo, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import {
  alarmUpdate as alarmUpdateSchema,
  type AlarmUpdate,
  type AlarmUpdateRequest,
} from '../contract/alarms.js';
import { alarmChanged, loggedIn, proxyError, proxyEvents, tagUserSearchResult, type AlarmChanged } from '../contract/controllerProxy.js';
import { parseContract } from '../contract/fastCheck.js';
import type { TagSearchRow } from '../contract/search.js';
import { controllerProxyTarget } from './proxyTarget.js';

/** Connect and login time limit (core-shell §9: websocket timeout 14 000 ms). */
export const CONTROLLER_PROXY_TIMEOUT_MS = 14_000;
/** What the portal shows when a site's login fails (catalogue: Failed to login). */
export const PROXY_LOGIN_FAILED = 'Failed to login';

export type ProxyConnectionState = 'connecting' | 'logged-in' | 'failed' | 'closed';

/** A failed login or request; `reason` is the proxy's own words (never a token). */
export class ControllerProxyError extends Error {
  override readonly name = 'ControllerProxyError';
  constructor(
    message: string,
    readonly reason: string,
  ) {
    super(message);
  }
}

export interface SiteProxyConnection {
  readonly siteUuid: string;
  readonly state: ProxyConnectionState;
  /** Why the last login or request failed, in the proxy's words. */
  readonly lastError: string | null;
  /** Resolves once logged in (again after a reconnect); rejects with ControllerProxyError('Failed to login'). */
  loggedIn(): Promise<void>;
  /** loginToken_get -> loginToken_loginToken: a single-use portal id for the site's frame link. */
  portalId(): Promise<string>;
  alarmUpdate(request?: AlarmUpdateRequest): Promise<AlarmUpdate>;
  searchTags(text: string): Promise<TagSearchRow[]>;
  onStateChange(listener: (state: ProxyConnectionState) => void): () => void;
  /** alarm_changed pushed by the proxy: an alarm of the site changed (ask for the alarms now). */
  onAlarmChanged(listener: (change: AlarmChanged) => void): () => void;
  close(): void;
}

export interface SiteProxyOptions {
  /** The controller-proxy service's base URL (settings.services['controller-proxy']). */
  baseUrl: string;
  siteUuid: string;
  /** The user's firebase ID token, fresh for each login (session.realtime.idToken()). */
  firebaseToken: () => Promise<string | null>;
  timeoutMs?: number;
  /** socket.io-client's `io` (tests may pass their own). */
  io?: (url: string, options: Partial<ManagerOptions & SocketOptions>) => Socket;
}

/**
 * One site's socket on the controller proxy. It connects, logs in with login_firebase
 * ({firebaseToken, type: 'portal'}) and logs in again after every reconnect. Requests use
 * socket.io acknowledgements with the same time limit.
 */
export function connectSiteProxy(options: SiteProxyOptions): SiteProxyConnection {
  const timeoutMs = options.timeoutMs ?? CONTROLLER_PROXY_TIMEOUT_MS;
  const target = controllerProxyTarget(options.baseUrl, options.siteUuid);
  const socket = (options.io ?? defaultIo)(target.url, {
    path: target.path,
    timeout: timeoutMs,
    forceNew: false,
    reconnectionDelayMax: 10_000,
    // WebSocket first: no long-polling handshake and upgrade (about 100 ms) before the first login.
    // Where a WebSocket cannot open (a proxy that blocks it), long-polling is tried next.
    transports: ['websocket', 'polling'],
    tryAllTransports: true,
  });
  const listeners = new Set<(state: ProxyConnectionState) => void>();
  const alarmListeners = new Set<(change: AlarmChanged) => void>();
  let state: ProxyConnectionState = 'connecting';
  let lastError: string | null = null;
  let login = deferred();
  let connectTimer: ReturnType<typeof setTimeout> | null = null;

  function setState(next: ProxyConnectionState, error: string | null = null): void {
    if (state === 'closed') return;
    if (error !== null) lastError = error;
    if (next === state) return;
    state = next;
    for (const listener of listeners) listener(next);
  }

  function fail(reason: string): void {
    if (connectTimer) clearTimeout(connectTimer);
    connectTimer = null;
    setState('failed', reason);
    login.reject(new ControllerProxyError(PROXY_LOGIN_FAILED, reason));
  }

  function armConnectTimer(): void {
    if (connectTimer) clearTimeout(connectTimer);
    connectTimer = setTimeout(() => fail(`No login within ${timeoutMs} ms`), timeoutMs);
  }

  socket.on('connect', async () => {
    if (state !== 'connecting') {
      setState('connecting');
      login = deferred();
    }
    armConnectTimer();
    let token: string | null;
    try {
      token = await options.firebaseToken();
    } catch {
      token = null;
    }
    if (!token) {
      fail('Not signed in to the realtime database');
      return;
    }
    socket.emit(proxyEvents.loginFirebase, { firebaseToken: token, type: 'portal' });
  });
  socket.on(proxyEvents.loggedIn, (payload: unknown) => {
    if (!loggedIn.safeParse(payload).success) return;
    if (connectTimer) clearTimeout(connectTimer);
    connectTimer = null;
    setState('logged-in');
    login.resolve();
  });
  socket.on(proxyEvents.alarmChanged, (payload: unknown) => {
    const parsed = alarmChanged.safeParse(payload);
    if (!parsed.success || parsed.data.siteUuid !== options.siteUuid) return;
    for (const listener of [...alarmListeners]) listener(parsed.data);
  });
  socket.on(proxyEvents.loginError, (payload: unknown) => {
    const parsed = proxyError.safeParse(payload);
    fail(parsed.success ? parsed.data.message : 'Login refused');
  });
  socket.on('connect_error', (error: Error) => {
    // socket.io keeps retrying; the login promise fails only when the time limit passes.
    lastError = error.message;
    // A proxy that swallows the WebSocket upgrade (no refusal, no answer) gives no transport error to
    // fall back on: the retries start with long-polling (socket.io's documented remedy).
    socket.io.opts.transports = ['polling', 'websocket'];
  });
  socket.on('disconnect', () => {
    if (state === 'logged-in') {
      setState('connecting');
      login = deferred();
    }
  });
  armConnectTimer();

  async function request(event: string, payload: unknown): Promise<unknown> {
    if (state !== 'logged-in') await login.promise;
    let answer: unknown;
    try {
      answer = await socket.timeout(timeoutMs).emitWithAck(event, payload);
    } catch {
      throw new ControllerProxyError(`No answer to ${event} within ${timeoutMs} ms`, 'timeout');
    }
    const error = proxyError.safeParse(answer);
    if (error.success && !(answer as { rows?: unknown }).rows) {
      lastError = error.data.message;
      throw new ControllerProxyError(error.data.message, error.data.message);
    }
    return answer;
  }

  return {
    siteUuid: options.siteUuid,
    get state() {
      return state;
    },
    get lastError() {
      return lastError;
    },
    loggedIn: () => login.promise,
    async portalId() {
      const answer = await request(proxyEvents.loginTokenGet, undefined);
      if (typeof answer !== 'string' || answer === '') throw new ControllerProxyError('Unable to get login key for controller', 'no portal id');
      return answer;
    },
    async alarmUpdate(update = {}) {
      return parseContract(alarmUpdateSchema, await request(proxyEvents.alarmGetUpdate, update));
    },
    async searchTags(text) {
      const result = tagUserSearchResult.parse(await request(proxyEvents.tagUserSearch, text));
      if (result.detail) throw new ControllerProxyError(result.detail, result.detail);
      return result.rows;
    },
    onStateChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onAlarmChanged(listener) {
      alarmListeners.add(listener);
      return () => alarmListeners.delete(listener);
    },
    close() {
      if (connectTimer) clearTimeout(connectTimer);
      login.reject(new ControllerProxyError('Closed', 'closed'));
      setState('closed');
      state = 'closed';
      listeners.clear();
      alarmListeners.clear();
      socket.disconnect();
    },
  };
}

interface Deferred {
  promise: Promise<void>;
  resolve(): void;
  reject(error: Error): void;
}

function deferred(): Deferred {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // A login nobody awaits must not become an unhandled rejection.
  promise.catch(() => undefined);
  return { promise, resolve, reject };
}
