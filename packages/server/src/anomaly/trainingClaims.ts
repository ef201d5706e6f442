import type { Clock } from '../clock.js';
import type { Db } from '../storage/db.js';
import { touched } from '../storage/executeResults.js';

/** How often a node touches the claims of the jobs it runs (and looks for jobs nobody runs). */
export const CLAIM_HEARTBEAT_MS = 5000;
/** A claim untouched this long belongs to a node that has stopped: another node takes the job over. */
export const CLAIM_STALE_MS = 20_000;

/**
 * Which node runs each training job, as rows (training_claims) with heartbeats, so that nodes of a
 * cluster neither run one job twice nor leave a dead node's job hanging. Every take-over is one
 * conditional statement: of two nodes that try at once, one wins.
 */
export interface TrainingClaims {
  claim(versionId: string, modelId: string): Promise<void>;
  release(versionId: string): Promise<void>;
  heartbeat(versionIds: readonly string[]): Promise<void>;
  /** Takes the job over when it has no claim or a stale one; true when this node now has it. */
  takeOver(versionId: string, modelId: string): Promise<boolean>;
  /** Marks this node's claims stale at once (a node stopping on purpose hands its jobs on). */
  letGoAll(): Promise<void>;
}

export function createTrainingClaims(db: Db, clock: Clock, node: string): TrainingClaims {
  return {
    async claim(versionId, modelId) {
      const now = clock.now();
      await db
        .insertInto('training_claims')
        .values({ version_id: versionId, model_id: modelId, node, heartbeat_at: now })
        .onConflict((oc) => oc.column('version_id').doUpdateSet({ model_id: modelId, node, heartbeat_at: now }))
        .execute();
    },
    async release(versionId) {
      await db.deleteFrom('training_claims').where('version_id', '=', versionId).where('node', '=', node).execute();
    },
    async heartbeat(versionIds) {
      if (versionIds.length === 0) return;
      await db
        .updateTable('training_claims')
        .set({ heartbeat_at: clock.now() })
        .where('node', '=', node)
        .where('version_id', 'in', [...versionIds])
        .execute();
    },
    async takeOver(versionId, modelId) {
      const now = clock.now();
      const inserted = await db
        .insertInto('training_claims')
        .values({ version_id: versionId, model_id: modelId, node, heartbeat_at: now })
        .onConflict((oc) => oc.column('version_id').doNothing())
        .executeTakeFirst();
      if (touched(inserted) > 0) return true;
      const updated = await db
        .updateTable('training_claims')
        .set({ node, heartbeat_at: now })
        .where('version_id', '=', versionId)
        .where('heartbeat_at', '<', now - CLAIM_STALE_MS)
        .executeTakeFirst();
      return touched(updated) > 0;
    },
    async letGoAll() {
      await db.updateTable('training_claims').set({ heartbeat_at: 0 }).where('node', '=', node).execute();
    },
  };
}
