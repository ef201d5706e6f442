import type { FirebaseSettings } from '../config/types.js';
import type { Realtime, RealtimeOptions } from './realtimeTypes.js';

export type { Realtime, RealtimeOptions, SubscribeOptions } from './realtimeTypes.js';

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
