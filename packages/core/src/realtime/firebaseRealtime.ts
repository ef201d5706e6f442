import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  connectAuthEmulator,
  inMemoryPersistence,
  initializeAuth,
  signInWithCustomToken,
  signOut as firebaseSignOut,
  type Auth,
} from 'firebase/auth';
import {
  get as firebaseGet,
  getDatabase,
  onValue,
  ref,
  remove as firebaseRemove,
  set as firebaseSet,
  update as firebaseUpdate,
  type Database,
} from 'firebase/database';
import type { ZodMiniType } from 'zod/mini';
import type { Realtime, RealtimeOptions } from './realtimeTypes.js';
import { describeIssues } from '../contract/common.js';
import type { FirebaseSettings } from '../config/types.js';
import { ResponseShapeError } from '../http/HttpError.js';

let appCounter = 0;

/**
 * The realtime database through the firebase SDK (loaded on first use by createRealtime.ts).
 * One firebase app per Realtime, so two sessions (or two test clients) never share a sign-in.
 * Production and the reference cloud differ only in settings: a `ws://host:port?ns=…` databaseURL
 * and an auth emulator URL for the latter. Auth state lives in memory only: tokens never reach
 * localStorage or IndexedDB.
 */
export function createFirebaseRealtime(settings: FirebaseSettings, options: RealtimeOptions = {}): Realtime {
  appCounter += 1;
  const app: FirebaseApp = initializeApp(settings.options, options.name ?? `varde-realtime-${appCounter}`);
  const auth: Auth = initializeAuth(app, { persistence: inMemoryPersistence });
  if (settings.authEmulatorUrl) connectAuthEmulator(auth, settings.authEmulatorUrl, { disableWarnings: true });
  const db: Database = getDatabase(app);
  const unsubscribers = new Set<() => void>();
  let disposed = false;

  function checked<T>(path: string, value: unknown, schema: ZodMiniType<T> | undefined): T | null {
    if (value === null || value === undefined) return null;
    if (!schema) return value as T;
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      throw new ResponseShapeError(`Unexpected value at ${path}: ${describeIssues(parsed.error)}`, value);
    }
    return parsed.data;
  }

  return {
    async signIn(customToken) {
      const credential = await signInWithCustomToken(auth, customToken);
      return credential.user.uid;
    },
    async signOut() {
      await firebaseSignOut(auth);
    },
    currentUid: () => auth.currentUser?.uid ?? null,
    idToken: async () => (auth.currentUser ? auth.currentUser.getIdToken() : null),
    async get(path, schema) {
      const snapshot = await firebaseGet(ref(db, path));
      return checked(path, snapshot.val(), schema);
    },
    set: (path, value) => firebaseSet(ref(db, path), value),
    update: (path, values) => firebaseUpdate(ref(db, path), values),
    remove: (path) => firebaseRemove(ref(db, path)),
    subscribe(path, listener, subscribeOptions = {}) {
      const report = (error: Error) => subscribeOptions.onError?.(error);
      const stop = onValue(
        ref(db, path),
        (snapshot) => {
          let value;
          try {
            value = checked(path, snapshot.val(), subscribeOptions.schema);
          } catch (error) {
            report(error as Error);
            return;
          }
          listener(value);
        },
        report,
      );
      const unsubscribe = () => {
        if (unsubscribers.delete(unsubscribe)) stop();
      };
      unsubscribers.add(unsubscribe);
      return unsubscribe;
    },
    async dispose() {
      if (disposed) return;
      disposed = true;
      for (const unsubscribe of [...unsubscribers]) unsubscribe();
      await deleteApp(app);
    },
  };
}
