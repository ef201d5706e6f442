import type { KeyValueStorage, Realtime, Timers } from '../support.js';

/** Web Storage over a Map, to see exactly what the session persists. */
export function memoryStorage(): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

/** Interval timers the test fires by hand. */
export function manualTimers(): Timers & { fire(): void; active(): number; lastMs: number | null } {
  const callbacks = new Map<number, () => void>();
  let next = 1;
  let lastMs: number | null = null;
  return {
    setInterval(callback, ms) {
      lastMs = ms;
      callbacks.set(next, callback);
      return next++;
    },
    clearInterval(handle) {
      callbacks.delete(handle as number);
    },
    fire() {
      for (const callback of [...callbacks.values()]) callback();
    },
    active: () => callbacks.size,
    get lastMs() {
      return lastMs;
    },
  };
}

/** Records sign-ins; realtime itself is exercised against the reference cloud elsewhere. */
export function recordingRealtime(options: { failSignIn?: boolean } = {}) {
  const calls: string[] = [];
  let uid: string | null = null;
  const realtime: Realtime = {
    async signIn(token) {
      calls.push(`signIn:${token}`);
      if (options.failSignIn) throw new Error('auth/invalid-custom-token');
      uid = `uid-of-${token}`;
      return uid;
    },
    async signOut() {
      calls.push('signOut');
      uid = null;
    },
    currentUid: () => uid,
    idToken: async () => (uid ? `id-token-of-${uid}` : null),
    get: async () => null,
    set: async () => undefined,
    update: async () => undefined,
    remove: async () => undefined,
    subscribe: () => () => undefined,
    dispose: async () => undefined,
  };
  return { realtime, calls };
}
