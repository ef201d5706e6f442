import { userData, type UserData } from '@varde/core/contract';
import type { RealtimeTree } from '../realtime/tree.js';
import type { AccountRecord } from '../auth/accounts.js';
import type { Tx } from '../storage/transaction.js';

/** A user's profile: UserData as kept in the realtime tree at /users/{uid} (no tokens). */
export type UserProfile = UserData;

export function userPath(uid: string): string {
  return `/users/${uid}`;
}

/** A user's display name from their profile's name and e-mail (the e-mail when the name is blank). */
export function displayNameOf(name: unknown, email: unknown): string {
  return typeof name === 'string' && name.trim() !== '' ? name : typeof email === 'string' ? email : 'Varde';
}

/**
 * The profile at /users/{uid}, completed from the account where fields are missing (uid, email,
 * role are the account's) and with the contract's defaults.
 */
export async function readProfile(tree: RealtimeTree, account: AccountRecord, tx?: Tx): Promise<UserProfile> {
  const stored = await tree.get(userPath(account.uid), tx);
  const record = stored && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
  const parsed = userData.safeParse({
    name: account.email,
    ...record,
    uid: account.uid,
    email: account.email,
    role: account.role,
    ...(account.phone ? { phone: account.phone } : {}),
  });
  if (parsed.success) return parsed.data;
  // A profile someone stored with a bad field: fall back to the account's facts rather than fail sign-in.
  return userData.parse({ uid: account.uid, name: account.email, email: account.email, role: account.role });
}

export async function writeProfile(tree: RealtimeTree, profile: UserProfile, tx?: Tx): Promise<void> {
  await tree.set(userPath(profile.uid), profile, tx);
}
