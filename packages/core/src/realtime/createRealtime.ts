import type { FirebaseSettings } from '../config/types.js';
import type { Realtime, RealtimeOptions } from './realtimeTypes.js';

export type { Realtime, RealtimeOptions, SubscribeOptions } from './realtimeTypes.js';

/**
 * The uid a custom token signs in as (its `uid` claim, read without verifying: the database verifies
 * it when the token is exchanged). Null when the token is not a JWT with a uid.
 */
function customTokenUid(customToken: string): string | null {
  try {
    const payload = customToken.split('.')[1] ?? '';
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(payload.length / 4) * 4, '='));
    const uid = (JSON.parse(json) as { uid?: unknown }).uid;
    return typeof uid === 'string' && uid !== '' ? uid : null;
  } catch {
    return null;
  }
}

/**
 * The realtime database, with the firebase SDK (its auth and database, about half of core's bytes)
 * loaded on first use: a page that never reads the realtime database never downloads it. Calls made
 * before it has loaded wait for it; a subscription made before is set up once it has.
 *
 * A sign-in before first use is kept and exchanged on first use (the first read, write, subscription
 * or ID token), with the latest custom token the session handed over (renewal hands over fresh ones);
 * a sign-in while the SDK is in use is exchanged at once. A page that shows no realtime data (the
 * create-user form) so never loads the SDK, and a sign-in does not wait for it. An exchange the
 * database refuses fails the calls that waited for it. The SDK's own behaviour is in firebaseRealtime.ts.
 */
export function createRealtime(settings: FirebaseSettings, options: RealtimeOptions = {}): Realtime {
  let loading: Promise<Realtime> | null = null;
  let loaded: Realtime | null = null;
  let disposed = false;
  /** A custom token handed over before first use, and the uid it names. */
  let pending: { token: string; uid: string } | null = null;
  /** The exchange of the latest token, once started. */
  let exchange: Promise<unknown> | null = null;

  const sdk = (): Promise<Realtime> =>
    (loading ??= import('./firebaseRealtime.js').then((module) => {
      loaded = module.createFirebaseRealtime(settings, options);
      return loaded;
    }));

  /** The SDK, signed in with the latest token handed over (exchanged once). */
  async function ready(): Promise<Realtime> {
    const realtime = await sdk();
    if (pending) {
      const { token } = pending;
      pending = null;
      exchange = realtime.signIn(token);
    }
    if (exchange) await exchange;
    return realtime;
  }

  return {
    async signIn(customToken) {
      if (loaded) {
        pending = null;
        const signedIn = loaded.signIn(customToken);
        exchange = signedIn;
        return signedIn;
      }
      const uid = customTokenUid(customToken);
      if (uid === null) throw new Error('The custom token names no user');
      pending = { token: customToken, uid };
      exchange = null;
      return uid;
    },
    async signOut() {
      pending = null;
      exchange = null;
      // Never loaded: never signed in, so there is nothing to sign out of.
      if (loading) await (await sdk()).signOut();
    },
    currentUid: () => pending?.uid ?? loaded?.currentUid() ?? null,
    idToken: async () => (loading || pending ? (await ready()).idToken() : null),
    get: async (path, schema) => (await ready()).get(path, schema),
    set: async (path, value) => (await ready()).set(path, value),
    update: async (path, values) => (await ready()).update(path, values),
    remove: async (path) => (await ready()).remove(path),
    subscribe(path, listener, subscribeOptions = {}) {
      let stop: (() => void) | null = null;
      let cancelled = false;
      ready().then(
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
      pending = null;
      if (loading) await (await sdk()).dispose();
    },
  };
}
