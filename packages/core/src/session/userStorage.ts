import { userData, type UserData } from '../contract/user.js';
import type { KeyValueStorage } from './types.js';

/** The one local-storage key core writes: user data, never tokens. */
export const USER_STORAGE_KEY = 'varde.user';

/** localStorage when there is one and it works (private mode and sandboxed frames may throw). */
export function defaultUserStorage(): KeyValueStorage | null {
  try {
    const storage = (globalThis as { localStorage?: KeyValueStorage }).localStorage;
    if (!storage) return null;
    storage.getItem(USER_STORAGE_KEY);
    return storage;
  } catch {
    return null;
  }
}

export function readStoredUser(storage: KeyValueStorage | null): UserData | null {
  if (!storage) return null;
  try {
    const text = storage.getItem(USER_STORAGE_KEY);
    if (!text) return null;
    const parsed = userData.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
  } catch {
    // Unreadable: fall through and drop it.
  }
  forgetStoredUser(storage);
  return null;
}

export function storeUser(storage: KeyValueStorage | null, user: UserData): void {
  if (!storage) return;
  // Parse again so that nothing beyond the user-data shape (such as a token map) is ever written.
  const clean = userData.parse(user);
  try {
    storage.setItem(USER_STORAGE_KEY, JSON.stringify(clean));
  } catch {
    // Quota or a disabled storage: the session works without persistence.
  }
}

export function forgetStoredUser(storage: KeyValueStorage | null): void {
  try {
    storage?.removeItem(USER_STORAGE_KEY);
  } catch {
    // Nothing to do.
  }
}
