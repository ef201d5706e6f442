import { randomUUID } from 'node:crypto';
import type { Db } from '../storage/db.js';
import { touched } from '../storage/executeResults.js';

/**
 * Rotation of realtime refresh tokens with reuse detection (OAuth 2.0 Security BCP): every sign-in
 * starts a chain, every refresh moves it to its next generation, and only the newest generation may
 * refresh. Presenting an older one means a copy is in other hands: the whole chain is revoked, so
 * neither the thief nor the owner refreshes again (the owner signs in anew with a custom token).
 * Stored in realtime_refresh_chains (migration 150); the token itself carries chain and generation.
 */

/**
 * The generation just retired still refreshes this long after its rotation, answered with the newest
 * generation: refreshes of one client that raced (the database and the auth SDK both asking), as the
 * session cookie's rotation allows (auth/sessionCaller.ts, RETIRED_COOKIE_GRACE_MS).
 */
export const RETIRED_REFRESH_GRACE_MS = 30_000;

/** What a refresh token names. */
export interface ChainLink {
  chain: string;
  generation: number;
}

export type ChainStep =
  /** The generation the next refresh token carries. */
  | { ok: true; generation: number }
  | { ok: false; reason: string };

export interface RefreshChains {
  /** A new chain for a sign-in, at generation 0. */
  start(uid: string, now: number, lifetimeMs: number): Promise<ChainLink>;
  /** A refresh presenting `link`: rotates the chain, answers a racing refresh, or revokes the chain on reuse. */
  advance(uid: string, link: ChainLink, now: number, lifetimeMs: number): Promise<ChainStep>;
}

type ChainRow = { uid: string; generation: number; rotated_at: number; revoked_at: number | null };

export function createRefreshChains(db: Db): RefreshChains {
  /**
   * The rotation is one conditional UPDATE (of the presented generation, not revoked): of two refreshes
   * of the same generation exactly one rotates, on any engine and any number of nodes. The other then
   * reads the chain and is answered as a racing refresh (or, outside the grace, as a reuse).
   */
  async function advance(uid: string, link: ChainLink, now: number, lifetimeMs: number): Promise<ChainStep> {
    const rotated = await db
      .updateTable('realtime_refresh_chains')
      .set((eb) => ({ generation: eb('generation', '+', 1), rotated_at: now, expires_at: now + lifetimeMs }))
      .where('chain', '=', link.chain)
      .where('uid', '=', uid)
      .where('generation', '=', link.generation)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (touched(rotated) === 1) return { ok: true, generation: link.generation + 1 };
    const row: ChainRow | undefined = await db
      .selectFrom('realtime_refresh_chains')
      .select(['uid', 'generation', 'rotated_at', 'revoked_at'])
      .where('chain', '=', link.chain)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (!row || row.uid !== uid) return { ok: false, reason: 'The refresh token is unknown or has expired; sign in again' };
    if (row.revoked_at !== null) {
      return { ok: false, reason: 'The refresh token was revoked, because an earlier one of its sign-in was used twice; sign in again' };
    }
    if (link.generation === row.generation - 1 && now - row.rotated_at <= RETIRED_REFRESH_GRACE_MS) {
      return { ok: true, generation: row.generation };
    }
    await db.updateTable('realtime_refresh_chains').set({ revoked_at: now }).where('chain', '=', link.chain).execute();
    return { ok: false, reason: 'This refresh token was already used, so its sign-in is revoked; sign in again' };
  }

  return {
    async start(uid, now, lifetimeMs) {
      await db.deleteFrom('realtime_refresh_chains').where('expires_at', '<=', now).execute();
      const chain = randomUUID();
      await db
        .insertInto('realtime_refresh_chains')
        .values({ chain, uid, generation: 0, rotated_at: now, expires_at: now + lifetimeMs })
        .execute();
      return { chain, generation: 0 };
    },
    advance,
  };
}
