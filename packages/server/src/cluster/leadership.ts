import type pg from 'pg';
import type { StorageLocation } from '../storage/db.js';
import { ADVISORY_LOCKS } from './advisoryLocks.js';
import { openDedicatedClient } from './dedicatedClient.js';

/** How often a follower asks for the lock and the leader checks it still has its connection. */
export const LEADER_RETRY_MS = 3000;

/**
 * Which node runs what must run once in the cluster (simulation, the rule engine's timer, clean-ups,
 * replaying a crashed node's onDisconnect writes). PostgreSQL decides: the leader holds a session
 * advisory lock on a connection of its own. Every few seconds each follower tries the lock and the
 * leader checks its connection answers; when the leader dies its connection closes, PostgreSQL lets
 * the lock go, and the next follower to try takes it (within LEADER_RETRY_MS plus the time PostgreSQL
 * needs to see the connection gone). A leader whose connection fails or stops answering steps down at
 * once. On SQLite there is one node, always the leader.
 */
export interface Leadership {
  isLeader(): boolean;
  /** Hears every change (true: this node now leads). Called with the current state when it leads already. */
  onChange(listener: (leader: boolean) => void): void;
  /** Starts asking (SQLite: leads at once). */
  start(): void;
  /** Steps down (listeners hear false) and lets go of the lock. */
  close(): Promise<void>;
}

export function createLeadership(storage: StorageLocation, nodeId: string, onError: (error: unknown) => void, retryMs = LEADER_RETRY_MS): Leadership {
  const listeners: Array<(leader: boolean) => void> = [];
  let leader = false;
  let closed = false;
  let client: pg.Client | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let ticking: Promise<void> | null = null;

  const set = (next: boolean) => {
    if (leader === next) return;
    leader = next;
    for (const listener of listeners) {
      try {
        listener(next);
      } catch (error) {
        onError(error);
      }
    }
  };

  /** Forgets the connection (and with it the lock, if PostgreSQL still had it). */
  const drop = () => {
    const old = client;
    client = null;
    set(false);
    void old?.end().catch(() => undefined);
  };

  async function tick(url: string): Promise<void> {
    try {
      if (!client) client = await openDedicatedClient(url, () => drop(), { timeoutMs: retryMs, name: `varde leadership ${nodeId}` });
      if (leader) {
        // Still connected means still holding the lock.
        await client.query('SELECT 1');
      } else {
        const result = await client.query<{ got: boolean }>('SELECT pg_try_advisory_lock($1::bigint) AS got', [ADVISORY_LOCKS.leader]);
        if (!closed && result.rows[0]?.got) set(true);
      }
    } catch (error) {
      if (!closed) onError(error);
      drop();
    }
  }

  const schedule = (url: string) => {
    if (closed) return;
    timer = setTimeout(() => {
      ticking = tick(url).finally(() => {
        ticking = null;
        schedule(url);
      });
    }, retryMs);
    timer.unref?.();
  };

  return {
    isLeader: () => leader,
    onChange(listener) {
      listeners.push(listener);
      if (leader) listener(true);
    },
    start() {
      if (storage.kind !== 'postgres') {
        set(true);
        return;
      }
      // The first try at once: a single node leads as soon as it is up.
      ticking = tick(storage.url).finally(() => {
        ticking = null;
        schedule(storage.url);
      });
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await ticking;
      set(false);
      const old = client;
      client = null;
      await old?.end().catch(() => undefined);
    },
  };
}
