import { randomUUID } from 'node:crypto';
import type { Db } from '../storage/db.js';

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
  start(uid: string, now: number, lifetimeMs: number): ChainLink;
  /** A refresh presenting `link`: rotates the chain, answers a racing refresh, or revokes the chain on reuse. */
  advance(uid: string, link: ChainLink, now: number, lifetimeMs: number): ChainStep;
}

type ChainRow = { uid: string; generation: number; rotated_at: number; revoked_at: number | null };

export function createRefreshChains(db: Db): RefreshChains {
  const select = db.prepare<[string, number], ChainRow>(
    'SELECT uid, generation, rotated_at, revoked_at FROM realtime_refresh_chains WHERE chain = ? AND expires_at > ?',
  );
  const insert = db.prepare('INSERT INTO realtime_refresh_chains (chain, uid, generation, rotated_at, expires_at) VALUES (?, ?, 0, ?, ?)');
  const prune = db.prepare('DELETE FROM realtime_refresh_chains WHERE expires_at <= ?');
  const rotate = db.prepare('UPDATE realtime_refresh_chains SET generation = generation + 1, rotated_at = ?, expires_at = ? WHERE chain = ?');
  const revoke = db.prepare('UPDATE realtime_refresh_chains SET revoked_at = ? WHERE chain = ?');

  // One synchronous transaction: two refreshes of the same generation cannot both rotate.
  const advance = db.transaction((uid: string, link: ChainLink, now: number, lifetimeMs: number): ChainStep => {
    const row = select.get(link.chain, now);
    if (!row || row.uid !== uid) return { ok: false, reason: 'The refresh token is unknown or has expired; sign in again' };
    if (row.revoked_at !== null) {
      return { ok: false, reason: 'The refresh token was revoked, because an earlier one of its sign-in was used twice; sign in again' };
    }
    if (link.generation === row.generation) {
      rotate.run(now, now + lifetimeMs, link.chain);
      return { ok: true, generation: row.generation + 1 };
    }
    if (link.generation === row.generation - 1 && now - row.rotated_at <= RETIRED_REFRESH_GRACE_MS) {
      return { ok: true, generation: row.generation };
    }
    revoke.run(now, link.chain);
    return { ok: false, reason: 'This refresh token was already used, so its sign-in is revoked; sign in again' };
  });

  return {
    start(uid, now, lifetimeMs) {
      prune.run(now);
      const chain = randomUUID();
      insert.run(chain, uid, now, now + lifetimeMs);
      return { chain, generation: 0 };
    },
    advance: (uid, link, now, lifetimeMs) => advance(uid, link, now, lifetimeMs),
  };
}
