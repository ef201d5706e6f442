import type { Db } from '../storage/db.js';
import type { Tx } from '../storage/transaction.js';
import type { CloudContext } from '../context.js';
import { deleteSessionsOf } from '../auth/sessions.js';
import { userPath } from './profiles.js';

/**
 * Disabling a user (PATCH /users/{id} `disabled`): `accounts.disabled_at` is the fact credential checks
 * read (tokens/personalTokens.ts refuses a disabled account's tokens). The profile's `disabled` mirrors
 * it, written in the same transaction, so that a list of users reads it with the profile's other fields
 * instead of one more query per user.
 */
export async function setDisabled(ctx: Pick<CloudContext, 'realtime' | 'clock'>, uid: string, disabled: boolean, tx: Tx): Promise<void> {
  await tx.db.updateTable('accounts').set({ disabled_at: disabled ? ctx.clock.now() : null }).where('uid', '=', uid).execute();
  await ctx.realtime.set(`${userPath(uid)}/disabled`, disabled ? true : null, tx);
  // Disabled takes effect at once: every session of the user ends.
  if (disabled) await deleteSessionsOf(tx.db, uid);
}

/** Whether the account is disabled (for sign-in and token checks). */
export async function isDisabled(db: Db, uid: string): Promise<boolean> {
  const row = (await db.selectFrom('accounts').select('disabled_at').where('uid', '=', uid).executeTakeFirst()) as
    | { disabled_at: number | string | null }
    | undefined;
  return row !== undefined && row.disabled_at !== null;
}
