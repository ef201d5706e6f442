import { sql } from 'kysely';
import type { Clock } from '../clock.js';
import type { Db } from '../storage/db.js';

/** A clock a system admin moves forward (`varde-cloud --test-clock`): the base clock plus what was added. */
export interface TestClock extends Clock {
  /** Sets what is added to the base clock (ms): the cluster's offset, as this node last read it. */
  setOffset(ms: number): void;
}

export function createTestClock(base: Clock): TestClock {
  let offset = 0;
  return {
    now: () => base.now() + offset,
    setOffset(ms) {
      offset = ms;
    },
  };
}

const SETTING = 'test-clock-offset';

/**
 * The offset is the cluster's, kept in cluster_settings, so every node of a cluster under test agrees on
 * the time (and a restarted node does not go back in time): a move on any node adds to it in one
 * statement (two moves at once both count), and on PostgreSQL the row's trigger tells the other nodes.
 */
export interface SharedTestClock {
  /** Reads the cluster's offset into this node's clock. */
  load(): Promise<void>;
  /** Adds `ms` to the cluster's offset and sets this node's clock to the result. */
  advance(ms: number): Promise<void>;
}

export function shareTestClock(db: Db, clock: TestClock): SharedTestClock {
  return {
    async load() {
      const row = (await db.selectFrom('cluster_settings').select('value').where('name', '=', SETTING).executeTakeFirst()) as { value: string } | undefined;
      clock.setOffset(row ? Number(row.value) : 0);
    },
    async advance(ms) {
      const row = (await db
        .insertInto('cluster_settings')
        .values({ name: SETTING, value: String(ms) })
        .onConflict((oc) => oc.column('name').doUpdateSet({ value: sql<string>`CAST(CAST(cluster_settings.value AS BIGINT) + ${ms} AS TEXT)` }))
        .returning('value')
        .executeTakeFirstOrThrow()) as { value: string };
      clock.setOffset(Number(row.value));
    },
  };
}

/** The cluster_settings name of the offset (a node reloads it when another node's move is heard). */
export const TEST_CLOCK_SETTING = SETTING;
