import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../storage/db.js';
import { inTransaction } from '../storage/transaction.js';

/** 256 random bits, URL-safe: the part of a feed URL that is the secret. */
const newSecret = () => randomBytes(32).toString('base64url');
const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** Each user's calendar-feed secret (table oncall_feed_tokens), stored hashed, one per user. */
export interface FeedTokens {
  /** A new secret for the user; the old one (if any) stops working. Shown once: only its hash is kept. */
  renew(uid: string, now: number): Promise<string>;
  revoke(uid: string): Promise<boolean>;
  /** When the user's current secret was made, or null when there is none. */
  createdAt(uid: string): Promise<number | null>;
  /** Whose secret this is, or null for an unknown or revoked one. */
  userOf(secret: string): Promise<string | null>;
}

export function createFeedTokens(db: Db): FeedTokens {
  return {
    async renew(uid, now) {
      const secret = newSecret();
      await inTransaction(db, async (tx) => {
        await tx.db.deleteFrom('oncall_feed_tokens').where('user_uid', '=', uid).execute();
        await tx.db.insertInto('oncall_feed_tokens').values({ token_hash: hashOf(secret), user_uid: uid, created_at: now }).execute();
      });
      return secret;
    },
    async revoke(uid) {
      const result = await db.deleteFrom('oncall_feed_tokens').where('user_uid', '=', uid).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
    async createdAt(uid) {
      const row = await db.selectFrom('oncall_feed_tokens').select('created_at').where('user_uid', '=', uid).executeTakeFirst();
      return row ? Number(row.created_at) : null;
    },
    async userOf(secret) {
      // A malformed secret cannot be one of ours; no need to hash and look.
      if (!/^[A-Za-z0-9_-]{43}$/.test(secret)) return null;
      const row = await db.selectFrom('oncall_feed_tokens').select('user_uid').where('token_hash', '=', hashOf(secret)).executeTakeFirst();
      return row ? (row.user_uid as string) : null;
    },
  };
}
