// Here so that createRealtime.ts and firebaseRealtime.ts (which it loads lazily) share these types without importing each other.
import type { ZodMiniType } from 'zod/mini';

export interface SubscribeOptions<T> {
  /** Validates each non-null value; a mismatch goes to onError, not to the listener. */
  schema?: ZodMiniType<T>;
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
  get<T = unknown>(path: string, schema?: ZodMiniType<T>): Promise<T | null>;
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
