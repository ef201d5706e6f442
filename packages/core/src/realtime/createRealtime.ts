import type { ZodType } from 'zod';
import type { FirebaseSettings } from '../config/types.js';

export interface SubscribeOptions<T> {
  /** Validates each non-null value; a mismatch goes to onError, not to the listener. */
  schema?: ZodType<T>;
  /** Permission denied, a dropped listen, or a value that does not match the schema. */
  onError?: (error: Error) => void;
}

/** Typed access to the realtime database, signed in with the auth server's custom token. */
export interface Realtime {
  /** Signs in with a custom token; resolves to the uid. */
  signIn(customToken: string): Promise<string>;
  signOut(): Promise<void>;
  currentUid(): string | null;
  /**
   * The signed-in user's firebase ID token (refreshed by the SDK when near expiry), or null when
   * signed out. The controller proxy's login_firebase takes it.
   */
  idToken(): Promise<string | null>;
  /** The value at `path`, or null when there is none. */
  get<T = unknown>(path: string, schema?: ZodType<T>): Promise<T | null>;
  set(path: string, value: unknown): Promise<void>;
  /** Multi-path update; keys may contain slashes. */
  update(path: string, values: Record<string, unknown>): Promise<void>;
  remove(path: string): Promise<void>;
  /** Calls `listener` with the value now and on every change; returns the unsubscribe function. */
  subscribe<T = unknown>(path: string, listener: (value: T | null) => void, options?: SubscribeOptions<T>): () => void;
  /** Closes the connection and frees the SDK app. The object is unusable afterwards. */
  dispose(): Promise<void>;
}

export interface RealtimeOptions {
  /** The firebase app's name (default: a fresh one per Realtime). */
  name?: string;
}

/**
 * The realtime database, with the firebase SDK (its auth and database, about half of core's bytes)
 * loaded on first use: a page that never reads the realtime database never downloads it. Calls made
 * before it has loaded wait for it; a subscription made before is set up once it has. The SDK's own
 * behaviour is in firebaseRealtime.ts.
 */
export function createRealtime(settings: FirebaseSettings, options: RealtimeOptions = {}): Realtime {
  let loading: Promise<Realtime> | null = null;
  let loaded: Realtime | null = null;
  let disposed = false;
  const sdk = (): Promise<Realtime> =>
    (loading ??= import('./firebaseRealtime.js').then((module) => {
      loaded = module.createFirebaseRealtime(settings, options);
      return loaded;
    }));

  return {
    signIn: async (customToken) => (await sdk()).signIn(customToken),
    // Never loaded: never signed in, so there is nothing to sign out of.
    signOut: async () => (loading ? (await sdk()).signOut() : undefined),
    currentUid: () => loaded?.currentUid() ?? null,
    idToken: async () => (loading ? (await sdk()).idToken() : null),
    get: async (path, schema) => (await sdk()).get(path, schema),
    set: async (path, value) => (await sdk()).set(path, value),
    update: async (path, values) => (await sdk()).update(path, values),
    remove: async (path) => (await sdk()).remove(path),
    subscribe(path, listener, subscribeOptions = {}) {
      let stop: (() => void) | null = null;
      let cancelled = false;
      sdk().then(
        (realtime) => {
          if (!cancelled && !disposed) stop = realtime.subscribe(path, listener, subscribeOptions);
        },
        (error: unknown) => subscribeOptions.onError?.(error instanceof Error ? error : new Error(String(error))),
      );
      return () => {
        cancelled = true;
        stop?.();
      };
    },
    async dispose() {
      disposed = true;
      if (loading) await (await sdk()).dispose();
    },
  };
}
